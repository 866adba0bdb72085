import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './packages/db/src/schema.ts',
    './packages/db/src/content-schema.ts',
    './packages/db/src/lever-schema.ts',
    './packages/db/src/options-schema.ts',
    './packages/db/src/subscription-schema.ts',
    './packages/db/src/ledger-schema.ts',
    './packages/db/src/money-schema.ts',
    './packages/db/src/market-schema.ts',
    './packages/db/src/price-index-schema.ts',
    './packages/db/src/spot-schema.ts',
    './packages/db/src/finance-schema.ts',
    './packages/db/src/referral-schema.ts',
    './packages/db/src/chat-schema.ts',
    './packages/db/src/network-schema.ts',
    './packages/db/src/notification-schema.ts',
    './packages/db/src/security-schema.ts',
    './packages/db/src/por-schema.ts',
    './packages/db/src/programs-schema.ts',
    './packages/db/src/chain-schema.ts',
    './packages/db/src/monitoring-schema.ts',
  ],
  out: './packages/db/migrations',
});
