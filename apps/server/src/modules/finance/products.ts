import { eq } from 'drizzle-orm';
import { financeProducts, type Db } from '@hx/db';
import { keptRead } from '../../lib/kept.ts';

type ProductSeed = typeof financeProducts.$inferInsert;

/**
 * Demo products (USDT 3 on cycles of 7 to 90 days, BTC and ETH for a month), inserted on every
 * demo start when their code is missing; operators edit them later and the edits stay.
 */
export const DEMO_PRODUCTS: ProductSeed[] = [
  { code: 'usdt-7', name: 'USDT 7-day', coinId: 3, days: 7, minAmount: '100', dailyRate: '0.003' },
  {
    code: 'usdt-15',
    name: 'USDT 15-day',
    coinId: 3,
    days: 15,
    minAmount: '500',
    dailyRate: '0.004',
  },
  {
    code: 'usdt-30',
    name: 'USDT 30-day',
    coinId: 3,
    days: 30,
    minAmount: '1000',
    dailyRate: '0.005',
  },
  {
    code: 'usdt-90',
    name: 'USDT 90-day',
    coinId: 3,
    days: 90,
    minAmount: '5000',
    maxAmount: '1000000',
    dailyRate: '0.006',
  },
  {
    code: 'btc-30',
    name: 'BTC 30-day',
    coinId: 1,
    days: 30,
    minAmount: '0.01',
    dailyRate: '0.001',
  },
  {
    code: 'eth-30',
    name: 'ETH 30-day',
    coinId: 2,
    days: 30,
    minAmount: '0.2',
    dailyRate: '0.0012',
  },
].map((product, index) => ({ ...product, sort: index }));

export async function seedFinanceProducts(db: Db): Promise<void> {
  await db.insert(financeProducts).values(DEMO_PRODUCTS).onConflictDoNothing();
}

const onSale = keptRead(
  async (db) =>
    new Map(
      (await db.select().from(financeProducts).where(eq(financeProducts.enabled, true))).map(
        (p) => [p.id, p],
      ),
    ),
);

/** A product on sale, from a copy kept a few seconds (`forgetProducts` after an edit). */
export const productOnSale = (db: Db, id: number) =>
  onSale.find(db, (products) => products.get(id));

/** After an edit of the products: the next buy reads them anew. */
export const forgetProducts = (db: Db): void => onSale.forget(db);

/** Published on the bus after a console edit: every process reads the products anew. */
export const PRODUCTS_SUBJECT = 'hx.finance.products';
