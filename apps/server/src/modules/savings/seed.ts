import { inArray } from 'drizzle-orm';
import { coins, savingsProducts, type Db } from '@hx/db';

/** Demo mode's flexible savings: USDT in two bands, BTC at one rate. Kept if edited since. */
const DEMO_TERMS = [
  {
    coin: 'USDT',
    minAmount: '1',
    redeemQuota: '10000',
    tiers: [
      { upTo: '10000', annualRate: '0.05' },
      { upTo: null, annualRate: '0.02' },
    ],
  },
  {
    coin: 'BTC',
    minAmount: '0.0001',
    redeemQuota: '1',
    tiers: [{ upTo: null, annualRate: '0.01' }],
  },
];

export async function seedSavingsProducts(db: Db): Promise<void> {
  const rows = await db
    .select({ id: coins.id, name: coins.name })
    .from(coins)
    .where(
      inArray(
        coins.name,
        DEMO_TERMS.map((d) => d.coin),
      ),
    );
  const values = DEMO_TERMS.flatMap(({ coin, ...terms }) => {
    const found = rows.find((r) => r.name === coin);
    return found ? [{ coinId: found.id, ...terms }] : [];
  });
  if (values.length > 0) await db.insert(savingsProducts).values(values).onConflictDoNothing();
}
