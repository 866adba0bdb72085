// Hedging: the maker's fills are hedged on a second installation of this exchange, reached by
// ccxt's binance class through its Binance-compatible API; a hedge that fails pauses quoting
// until it goes through. Both installations' books check at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { BTC, USDT, fund, order, spotBalance } from '../spot/test-kit.ts';
import {
  adminToken,
  auth,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { bookOf, console_, fundMaker, saveBtc } from './test-kit.ts';

let venue: MoneyApp; // the second installation
let venueAdmin: string;
let hedgeAccount: TestUser;
let t: MoneyApp;
let admin: string;
let user: TestUser;

beforeAll(async () => {
  venue = await moneyApp();
  venueAdmin = await adminToken(venue);
  // Its book: asks a hedge buy takes.
  const seller = await seedUser(venue);
  await fund(venue, seller.id, BTC, '1');
  const ask = await order(venue.app, seller.token, { side: 'sell', price: '60100', amount: '0.5' });
  expect(ask.status, JSON.stringify(ask.body)).toBe(200);
  // The account the maker hedges with.
  hedgeAccount = await seedUser(venue);
  await fund(venue, hedgeAccount.id, USDT, '5000');
  const key = await call(
    venue.app,
    'POST',
    'user/api_keys',
    { label: 'hedging', permissions: 'read,trade' },
    auth(hedgeAccount.token),
  );
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  const address = await venue.app.listen({ port: 0, host: '127.0.0.1' });

  t = await moneyApp({
    hedge: {
      venue: 'binance',
      apiKey: key.body.message.key,
      secret: key.body.message.secret,
      url: `${address}/api/v3`,
    },
  });
  // One time on both: the venue checks the hedges' time stamps against its clock.
  venue.clock.advance(t.clock.now().getTime() - venue.clock.now().getTime());
  admin = await adminToken(t);
  t.app.market.ingest([
    { symbol: 'BTCUSDT', time: t.clock.now().getTime(), price: '60000', volume: '1' },
  ]);
  await t.app.market.flush();
  await fundMaker(t.app, admin, BTC, '1');
  await fundMaker(t.app, admin, USDT, '100000');
  user = await seedUser(t);
  await fund(t, user.id, USDT, '10000');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await venue?.close();
});

/** The user takes the maker's best ask (0.01 at 60060); the maker's next round hedges it. */
async function userBuys() {
  const bought = await order(t.app, user.token, { side: 'buy', price: '60060', amount: '0.01' });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  return t.app.maker.round('BTCUSDT');
}

const hedges = async () =>
  (await console_(t.app, admin, 'GET', 'maker/fills?symbol=BTCUSDT')).body.message;

describe('hedging on a second installation', () => {
  it('hedges a fill there with a market order, recorded beside the fill', async () => {
    await saveBtc(t.app, admin, { hedge: true, max_unhedged: '0' });
    expect((await userBuys())?.state).toBe('quoting');
    const { fills, hedges: done } = await hedges();
    expect(fills).toMatchObject([{ side: 'sell', amount: '0.01' }]);
    expect(done).toMatchObject([
      { trade_id: fills[0].trade_id, side: 'buy', amount: '0.01', status: 'done', price: '60100' },
    ]);
    // The venue's side: the hedge account bought 0.01 BTC (less the taker fee) for 601 USDT.
    const btc = await spotBalance(venue, hedgeAccount.id, BTC);
    expect(Number(btc.available)).toBeCloseTo(0.01 * 0.999, 8);
    const mine = await call(
      venue.app,
      'GET',
      'coin/order',
      { id: done[0].venue_order_id },
      auth(hedgeAccount.token),
    );
    expect(mine.body.message).toMatchObject({ side: 'buy', status: 'completed' });
  });

  it('a hedge that fails pauses quoting; once it goes through the maker quotes again', async () => {
    // The venue's operator freezes the hedge account: its orders are refused.
    const venueCall = (path: string) =>
      call(venue.app, 'POST', path, { reason: 'review' }, auth(venueAdmin));
    expect((await venueCall(`admin/users/${hedgeAccount.id}/freeze`)).status).toBe(200);
    expect((await userBuys())?.state).toBe('paused');
    expect(bookOf(t.app)).toEqual({ bids: [], asks: [] });
    const [failed] = (await hedges()).hedges;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.error).toBeTruthy();
    expect(failed.error).not.toContain(t.config.hedge!.secret);
    const overview = (await console_(t.app, admin, 'GET', 'maker')).body.message;
    expect(overview.pairs.find((p: { symbol: string }) => p.symbol === 'BTCUSDT')).toMatchObject({
      state: 'paused',
      unhedged: '0.01',
    });

    // The account is released; after the wait the hedge goes through and quoting resumes.
    expect((await venueCall(`admin/users/${hedgeAccount.id}/unfreeze`)).status).toBe(200);
    t.clock.advance(5000);
    venue.clock.advance(5000);
    expect((await t.app.maker.round('BTCUSDT'))?.state).toBe('quoting');
    expect((await hedges()).hedges[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(bookOf(t.app).asks).toHaveLength(3);

    await expectBalanced(t.app, admin);
    await expectBalanced(venue.app, venueAdmin);
  });
});
