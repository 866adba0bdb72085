import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { optionOrders } from '@hx/db';
import {
  startVenueServer,
  type VenueServer,
} from '../../../../../packages/market/src/venues/venue-server.ts';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  fundedUser,
  moneyApp,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import type { VenueIndex } from './price-index.ts';

// Three local venues speaking Binance's, OKX's and Bybit's own frames; the app's clock is manual,
// so "fresh" (INDEX_STALE_S, 10 s) is decided by moving it.
let t: MoneyApp;
let admin: string;
let venues: Record<'binance' | 'okx' | 'bybit', VenueServer>;
let index: VenueIndex;

beforeAll(async () => {
  const [binance, okx, bybit] = await Promise.all(
    (['binance', 'okx', 'bybit'] as const).map((v) => startVenueServer(v)),
  );
  venues = { binance: binance!, okx: okx!, bybit: bybit! };
  t = await moneyApp({
    marketSource: 'binance,okx,bybit',
    indexVenues: ['binance', 'okx', 'bybit'],
    indexMinSources: 2,
    binanceWsUrl: binance!.url,
    okxWsUrl: okx!.url,
    bybitWsUrl: bybit!.url,
  });
  index = t.app.priceIndex as VenueIndex;
  admin = await adminToken(t);
  await t.app.market.start();
  await Promise.all(Object.values(venues).map((v) => v.subscribed(1)));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await Promise.all(Object.values(venues ?? {}).map((v) => v.close()));
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Each venue sends its BTC price (in its own frame); resolves once the index has all three. */
async function prices(binance: string, okx: string, bybit: string) {
  t.clock.advance(1000);
  venues.binance.push('BTC', 'USDT', binance);
  venues.okx.push('BTC', 'USDT', okx);
  venues.bybit.push('BTC', 'USDT', bybit);
  const now = t.clock.now().getTime();
  await until(() => index.get('BTCUSDT').sources.every((s) => s.time === now));
  await t.app.market.flush();
}

const getIndex = async () => (await call(t.app, 'GET', 'index?symbol=BTCUSDT')).body.message;

describe('the index over three venues', () => {
  it('follows the median, leaves out a deviating source, goes stale and recovers', async () => {
    await prices('65000.00', '65010.00', '65020.00');
    expect(await getIndex()).toMatchObject({ price: '65010.00', stale: false });
    expect(t.app.market.last('BTCUSDT')?.price).toBe('65010.00'); // what settles is recorded

    await prices('65000.00', '66950.00', '65020.00'); // OKX 3% off the others
    const quote = await getIndex();
    expect(quote).toMatchObject({ price: '65010.00', stale: false });
    expect(quote.sources).toEqual([
      expect.objectContaining({ venue: 'binance', used: true }),
      expect.objectContaining({ venue: 'okx', price: '66950.00', used: false }),
      expect.objectContaining({ venue: 'bybit', used: true }),
    ]);
    const recorded = t.app.market.last('BTCUSDT')!;
    expect(await index.sourcesAt('BTCUSDT', recorded.time)).toContainEqual(
      expect.objectContaining({ venue: 'okx', used: false }),
    );

    // The venues go quiet: past INDEX_STALE_S the index is stale and nothing more is recorded.
    t.clock.advance(11_000);
    index.refreshAll();
    expect(await getIndex()).toMatchObject({ price: '65010.00', stale: true });
    expect(t.app.market.last('BTCUSDT')?.time).toBe(recorded.time);

    // One venue back is not enough (INDEX_MIN_SOURCES 2); two are.
    venues.binance.push('BTC', 'USDT', '65100.00');
    await until(() => index.get('BTCUSDT').sources[0]!.price === '65100.00');
    expect(index.get('BTCUSDT').stale).toBe(true);
    await prices('65100.00', '65110.00', '65120.00');
    expect(await getIndex()).toMatchObject({ price: '65110.00', stale: false });
  });
});

describe('what trades on the index while it is stale', () => {
  let trader: TestUser;
  const open = () =>
    call(
      t.app,
      'POST',
      'lever/submit',
      { symbol: 'BTCUSDT', side: 'long', type: 'market', lots: '1', multiple: '10' },
      auth(trader.token),
    );
  const buy = (user: TestUser) =>
    call(
      t.app,
      'POST',
      'microtrade/submit',
      { symbol: 'BTCUSDT', type: 'call', seconds: '30', currency_id: '3', number: '10' },
      auth(user.token),
    );
  const goStale = () => {
    t.clock.advance(11_000);
    index.refreshAll();
    expect(index.get('BTCUSDT').stale).toBe(true);
  };

  it('refuses contract opens and closes and option purchases, and resumes', async () => {
    trader = await fundedUser(t, admin, '1000', { to: 'contract' });
    const buyer = await fundedUser(t, admin, '100', { kyc: true, to: 'options' });
    goStale();
    expect((await open()).body).toMatchObject({ type: 'error', code: 'INDEX_STALE' });
    expect((await buy(buyer)).body).toMatchObject({ type: 'error', code: 'INDEX_STALE' });

    await prices('65200.00', '65200.00', '65200.00');
    const opened = await open();
    expect(opened.status).toBe(200);
    expect((await buy(buyer)).status).toBe(200);
    goStale();
    const close = await call(
      t.app,
      'POST',
      'lever/close',
      { id: String(opened.body.message.id) },
      auth(trader.token),
    );
    expect(close.body).toMatchObject({ type: 'error', code: 'INDEX_STALE' });
    await prices('65300.00', '65300.00', '65300.00');
    await expectBalanced(t.app, admin);
  });

  it('settles an option due while stale on the first fresh index, or refunds it after the window', async () => {
    const buyer = await fundedUser(t, admin, '100', { kyc: true, to: 'options' });
    await prices('65300.00', '65300.00', '65300.00');
    const first = await buy(buyer);
    expect(first.status).toBe(200);
    goStale(); // 11 s: the index stops; the option is due at 30 s
    t.clock.advance(25_000);
    expect(await t.app.optionSettlement.runOnce()).toBe(0); // no price at delivery: it waits
    await prices('65400.00', '65400.00', '65400.00'); // first fresh index after delivery
    // (the previous test's option, due meanwhile, settles too)
    expect(await t.app.optionSettlement.runOnce()).toBe(2);
    const [won] = await t.db
      .select()
      .from(optionOrders)
      .where(eq(optionOrders.id, first.body.message.id));
    expect(won).toMatchObject({ result: 'win', closeTime: t.clock.now().getTime() });
    expect(won!.closeSources).toHaveLength(3);

    const second = await buy(buyer);
    goStale();
    t.clock.advance(25_000);
    expect(await t.app.optionSettlement.runOnce()).toBe(0);
    t.clock.advance(300_000); // OPTION_STALE_REFUND_S: the stake goes back
    expect(await t.app.optionSettlement.runOnce()).toBe(1);
    const [refunded] = await t.db
      .select()
      .from(optionOrders)
      .where(eq(optionOrders.id, second.body.message.id));
    expect(refunded).toMatchObject({ status: 'settled', result: 'refund', closePrice: null });
    // The bell says why: no price to settle on, not "it ended level".
    const told = (await call(t.app, 'GET', 'notifications', {}, auth(buyer.token))).body.message
      .list as { kind: string; body: string }[];
    const why = told.find((n) => n.kind === 'option_refund_stale');
    expect(why?.body).toMatch(/could not be settled: .* still missing 5 min later/);
    expect((await balances(t.app, buyer.token)).options?.frozen).toMatch(/^0(\.0+)?$/);
    await expectBalanced(t.app, admin);
  });
});
