import { afterEach, describe, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { isEmbedded, type Db } from '@hx/db';
import { post } from '@hx/ledger';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { BTC, fund, order, spotBalance, USDT } from './test-kit.ts';

const dialect = new PgDialect();

/**
 * `db` as the server sees it, with `before` run just ahead of each spot batch statement: what a
 * transfer committing between the writer's read of a balance and its write looks like.
 */
function racing(db: Db, before: () => Promise<void>): Db {
  const isBatch = (query: SQL) => dialect.sqlToQuery(query).sql.includes('insert into spot_orders');
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return async (query: SQL) => {
          if (isBatch(query)) await before();
          return target.execute(query);
        };
      // On PostgreSQL the batch runs as the prepared statement `spot_batch` on the pool.
      if (prop === '$client' && !isEmbedded(target)) {
        const pool = (target as unknown as { $client: pg.Pool }).$client;
        return new Proxy(pool, {
          get(client, key) {
            if (key === 'query')
              return async (config: { name?: string }, ...rest: unknown[]) => {
                if (config?.name === 'spot_batch') await before();
                return (client.query as (...args: unknown[]) => unknown)(config, ...rest);
              };
            const value: unknown = Reflect.get(client, key);
            return typeof value === 'function' ? value.bind(client) : value;
          },
        });
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

describe('spot orders racing the ledger', () => {
  let t: MoneyApp;
  afterEach(() => t.close());

  it('fills a market buy on what is left when transfers spend its money twice between its read and its write', async () => {
    let buyerId = 0;
    // The first two batch writes for the buyer each find a transfer out committed just before.
    const outs = ['50000', '10000'];
    t = await moneyApp({}, (db) =>
      racing(db, async () => {
        const amount = buyerId ? outs.shift() : undefined;
        if (!amount) return;
        await post(db, {
          kind: 'transfer',
          lines: [
            { account: { user: buyerId, sub: 'currency', coin: USDT }, amount: `-${amount}` },
            { account: { user: buyerId, sub: 'options', coin: USDT }, amount },
          ],
        });
      }),
    );
    const admin = await adminToken(t);
    const seller = await seedUser(t);
    const buyer = await seedUser(t);
    await fund(t, seller.id, BTC, '1');
    await fund(t, buyer.id, USDT, '100000');
    expect(
      (await order(t.app, seller.token, { side: 'sell', price: '60000', amount: '1' })).status,
    ).toBe(200);

    buyerId = buyer.id;
    const market = await order(t.app, buyer.token, { side: 'buy', type: 'market', amount: '1' });
    buyerId = 0;
    // 100,000 read, 50,000 left at the write; 50,000 read again, 40,000 left; 40,000 buys 0.66666.
    expect(outs).toEqual([]);
    expect([market.status, market.body.code]).toEqual([200, undefined]);
    expect(market.body.message).toMatchObject({
      status: 'completed',
      filled: '0.66666',
      filled_quote: '39999.60',
      // 0.4 USDT left buys less than one step while 0.33334 is still asked.
      cancel_reason: 'dust',
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '0.4', frozen: '0' });
    const deal = await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' });
    expect(deal.body.message.asks).toEqual([['60000.00', '0.33334']]);
    await expectBalanced(t.app, admin);
  });
});
