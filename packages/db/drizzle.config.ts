import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './packages/db/src/schema.ts',
    './packages/db/src/ledger-schema.ts',
    './packages/db/src/money-schema.ts',
    './packages/db/src/market-schema.ts',
    './packages/db/src/spot-schema.ts',
  ],
  out: './packages/db/migrations',
});
