// The operator's market maker: quotes around the index as configured, keeps its bounds, stops
// when the index is stale, and the kill switch empties the book; the books check at the end.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminToken,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { BTC, USDT, fund, order } from '../spot/test-kit.ts';
import { bookOf, console_, fundMaker, saveBtc } from './test-kit.ts';

let t: MoneyApp;
let admin: string;

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
  t.app.market.ingest([
    { symbol: 'BTCUSDT', time: t.clock.now().getTime(), price: '60000', volume: '1' },
  ]);
  await t.app.market.flush();
  await fundMaker(t.app, admin, BTC, '1');
  await fundMaker(t.app, admin, USDT, '100000');
}, 120_000);
afterAll(() => t?.close());

describe('the market maker', () => {
  it('quotes its levels around the index, spread and size as configured', async () => {
    const saved = await saveBtc(t.app, admin);
    expect(saved.state).toBe('quoting');
    expect(bookOf(t.app)).toEqual({
      bids: [
        [59940, 0.01],
        [59880, 0.01],
        [59820, 0.01],
      ],
      asks: [
        [60060, 0.01],
        [60120, 0.01],
        [60180, 0.01],
      ],
    });
    // Inventory is frozen by its orders, not spent.
    const overview = (await console_(t.app, admin, 'GET', 'maker')).body.message;
    const usdt = overview.inventory.find((c: { coin: string }) => c.coin === 'USDT');
    expect(Number(usdt.available) + Number(usdt.frozen)).toBe(100000);
    expect(Number(usdt.frozen)).toBeCloseTo(0.01 * (59940 + 59880 + 59820), 6);
  });

  it('fills a user through the ledger and shows the fill and its P&L', async () => {
    const user = await seedUser(t);
    await fund(t, user.id, USDT, '1000');
    const bought = await order(t.app, user.token, { side: 'buy', price: '60060', amount: '0.01' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const fills = (await console_(t.app, admin, 'GET', 'maker/fills?symbol=BTCUSDT')).body.message;
    expect(fills.fills).toMatchObject([{ side: 'sell', price: '60060', amount: '0.01' }]);
    const pair = (await console_(t.app, admin, 'GET', 'maker')).body.message.pairs.find(
      (p: { symbol: string }) => p.symbol === 'BTCUSDT',
    );
    // Sold 0.01 at 60060, marked at 60000: 0.6 USDT ahead; nothing bought back yet.
    expect(pair.pnl).toEqual({ position: '-0.01', realised: '0', marked: '0.6' });
  });

  it('leaves out the levels that would take its inventory past a bound', async () => {
    // 0.99 BTC now: one more bid fits under 1.005, no ask stays above 0.985.
    const saved = await saveBtc(t.app, admin, { base_max: '1.005', base_min: '0.985' });
    expect(saved.bounded.sort()).toEqual(['buy', 'sell']);
    expect(bookOf(t.app)).toEqual({ bids: [[59940, 0.01]], asks: [] });
  });

  it('stops quoting while the index is stale and resumes after', async () => {
    await saveBtc(t.app, admin);
    const real = t.app.priceIndex.get('BTCUSDT');
    const stale = vi.spyOn(t.app.priceIndex, 'get').mockReturnValue({ ...real, stale: true });
    expect((await t.app.maker.round('BTCUSDT'))?.state).toBe('stale');
    expect(bookOf(t.app)).toEqual({ bids: [], asks: [] });
    stale.mockRestore();
    expect((await t.app.maker.round('BTCUSDT'))?.state).toBe('quoting');
    expect(bookOf(t.app).asks).toHaveLength(3);
  });

  it('kill switch: every order cancelled at once and the pair turned off', async () => {
    const killed = await console_(t.app, admin, 'POST', 'maker/kill');
    expect(killed.body.message).toEqual({ cancelled: 6 });
    expect(bookOf(t.app)).toEqual({ bids: [], asks: [] });
    await t.app.maker.tick(); // the rounds that follow keep it off
    expect(bookOf(t.app)).toEqual({ bids: [], asks: [] });
    const pair = (await console_(t.app, admin, 'GET', 'maker')).body.message.pairs.find(
      (p: { symbol: string }) => p.symbol === 'BTCUSDT',
    );
    expect(pair).toMatchObject({ enabled: false, state: 'off', open_orders: 0 });
    await expectBalanced(t.app, admin);
  });
});
