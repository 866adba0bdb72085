import { eq } from 'drizzle-orm';
import { admins, coins, users, type Db } from '@hx/db';
import type { Config } from './config.ts';
import { hashPassword } from './lib/passwords.ts';
import { newInviteCode } from './lib/tokens.ts';
import { seedPairs } from './modules/spot/pair.ts';
import { seedLeverPairs } from './modules/lever/pairs.ts';
import { seedOptionPeriods } from './modules/options/periods.ts';
import { seedFinanceProducts } from './modules/finance/products.ts';
import { seedSavingsProducts } from './modules/savings/seed.ts';
import { seedDemoContent } from './modules/content/seed.ts';
import { DEMO_FUND_PASSWORD, seedDemoUser } from './modules/demo/seed.ts';

type CoinSeed = typeof coins.$inferInsert;

/** Coins every installation starts with; base coins keep the spec's ids (BTC 1, ETH 2, USDT 3). */
export const COINS: CoinSeed[] = [
  {
    id: 1,
    name: 'BTC',
    fullName: 'Bitcoin',
    decimals: 8,
    networks: ['OMNI'],
    isBase: true,
    withdrawMin: '0.001',
    withdrawFee: '0.0005',
    depositMin: '0.0001',
  },
  {
    id: 2,
    name: 'ETH',
    fullName: 'Ethereum',
    decimals: 6,
    networks: ['ERC20'],
    isBase: true,
    withdrawMin: '0.01',
    withdrawFee: '0.005',
    depositMin: '0.001',
  },
  {
    id: 3,
    name: 'USDT',
    fullName: 'Tether',
    decimals: 4,
    networks: ['TRC20', 'OMNI', 'ERC20'],
    isBase: true,
    withdrawMin: '10',
    withdrawFee: '1',
    depositMin: '1',
  },
  {
    id: 4,
    name: 'BNB',
    fullName: 'BNB',
    decimals: 6,
    networks: ['BEP20'],
    withdrawMin: '0.05',
    withdrawFee: '0.001',
    depositMin: '0.01',
  },
  {
    id: 5,
    name: 'SOL',
    fullName: 'Solana',
    decimals: 6,
    networks: ['SOL'],
    withdrawMin: '0.1',
    withdrawFee: '0.01',
    depositMin: '0.01',
  },
  {
    id: 6,
    name: 'XRP',
    fullName: 'XRP',
    decimals: 4,
    networks: ['XRP'],
    withdrawMin: '20',
    withdrawFee: '0.25',
    depositMin: '1',
  },
  {
    id: 7,
    name: 'DOGE',
    fullName: 'Dogecoin',
    decimals: 4,
    networks: ['DOGE'],
    withdrawMin: '50',
    withdrawFee: '4',
    depositMin: '10',
  },
  {
    id: 8,
    name: 'ADA',
    fullName: 'Cardano',
    decimals: 4,
    networks: ['ADA'],
    withdrawMin: '10',
    withdrawFee: '1',
    depositMin: '1',
  },
  {
    id: 9,
    name: 'TRX',
    fullName: 'TRON',
    decimals: 4,
    networks: ['TRC20'],
    withdrawMin: '20',
    withdrawFee: '1',
    depositMin: '1',
  },
  {
    id: 10,
    name: 'LTC',
    fullName: 'Litecoin',
    decimals: 6,
    networks: ['LTC'],
    withdrawMin: '0.01',
    withdrawFee: '0.001',
    depositMin: '0.001',
  },
  {
    id: 11,
    name: 'DOT',
    fullName: 'Polkadot',
    decimals: 4,
    networks: ['DOT'],
    withdrawMin: '1',
    withdrawFee: '0.1',
    depositMin: '0.1',
  },
  {
    id: 12,
    name: 'LINK',
    fullName: 'Chainlink',
    decimals: 4,
    networks: ['ERC20'],
    withdrawMin: '1',
    withdrawFee: '0.3',
    depositMin: '0.1',
  },
].map((coin, index) => ({ ...coin, sort: index }));

export const DEMO_USER = {
  email: 'demo@demo.local',
  password: 'demo123456',
  fundPassword: DEMO_FUND_PASSWORD,
};
export const DEMO_ADMIN = { email: 'admin@demo.local', password: 'admin123456' };
/**
 * Demo mode's second admin: changes of the operators and raising the four-eyes threshold wait
 * for a second admin (operator-core/pending-actions.ts); with it a visitor can try that step.
 */
export const DEMO_APPROVER = { email: 'approver@demo.local', password: 'approver123456' };

export interface SeedReport {
  adminEmail?: string;
  adminPassword?: string;
  demoUser?: typeof DEMO_USER;
}

/**
 * Coins always (an operator's later edits are kept), the first operator from the environment
 * (or the demo one), and in demo mode a demo user with demo funds, basic KYC and a fund
 * password. Safe to run on every start.
 */
export async function seed(db: Db, config: Config): Promise<SeedReport> {
  await db.insert(coins).values(COINS).onConflictDoNothing();
  await seedPairs(db);
  await seedLeverPairs(db);
  await seedOptionPeriods(db);
  const report: SeedReport = {};

  const admin =
    config.adminEmail && config.adminPassword
      ? { email: config.adminEmail.toLowerCase(), password: config.adminPassword }
      : config.mode === 'demo'
        ? DEMO_ADMIN
        : undefined;
  if (admin) {
    const existing = await db
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.email, admin.email));
    if (existing.length === 0) {
      await db.insert(admins).values({
        email: admin.email,
        passwordHash: await hashPassword(admin.password),
        role: 'admin',
      });
    }
    report.adminEmail = admin.email;
    if (config.mode === 'demo') report.adminPassword = admin.password;
  }

  if (config.mode === 'demo') {
    const [approver] = await db
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.email, DEMO_APPROVER.email));
    if (!approver)
      await db.insert(admins).values({
        email: DEMO_APPROVER.email,
        passwordHash: await hashPassword(DEMO_APPROVER.password),
        role: 'admin',
      });
  }

  if (config.mode === 'demo') {
    const existing = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_USER.email));
    let id = existing[0]?.id;
    if (id === undefined) {
      const [created] = await db
        .insert(users)
        .values({
          email: DEMO_USER.email,
          nickname: 'Demo',
          passwordHash: await hashPassword(DEMO_USER.password),
          inviteCode: newInviteCode(),
        })
        .returning({ id: users.id });
      id = created!.id;
    }
    // Funds, basic KYC and a fund password, so a first trade needs no operator.
    await seedDemoUser(db, id);
    report.demoUser = DEMO_USER;
  }
  if (config.mode === 'demo') await seedFinanceProducts(db);
  if (config.mode === 'demo') await seedSavingsProducts(db);
  if (config.mode === 'demo') await seedDemoContent(db);
  return report;
}
