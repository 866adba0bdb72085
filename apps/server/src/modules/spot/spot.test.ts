import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { post } from '@hx/ledger';
import { call } from '../../test/harness.ts';
import {
  auth,
  expectBalanced,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { SpotService } from './service.ts';
import { BTC, feesBalance, fund, order, spotBalance, twoTraders, USDT } from './test-kit.ts';

describe('spot trading through the API', () => {
  let t: MoneyApp;
  let admin: string;
  let seller: TestUser;
  let buyer: TestUser;

  beforeEach(async () => {
    ({ t, admin, seller, buyer } = await twoTraders());
  });
  afterEach(() => t.close());

  it('crosses two users at the maker price, takes fees from what each receives, and releases the unused freeze', async () => {
    const ask = await order(t.app, seller.token, { side: 'sell', price: '60000', amount: '0.5' });
    expect(ask.status).toBe(200);
    expect(ask.body.message).toMatchObject({ status: 'waiting', filled: '0.00000' });
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.5', frozen: '0.5' });

    const bid = await order(t.app, buyer.token, { side: 'buy', price: '60010', amount: '0.2' });
    expect(bid.status).toBe(200);
    expect(bid.body.message).toMatchObject({
      side: 'buy',
      status: 'completed',
      filled: '0.20000',
      avg_price: '60000.00',
      fee: '0.00020',
      fee_currency: 'BTC',
    });
    // The buyer froze 0.2 × 60010 but paid 0.2 × 60000: the 2 USDT difference is free again.
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '88000', frozen: '0' });
    expect(await spotBalance(t, buyer.id, BTC)).toEqual({ available: '0.1998', frozen: '0' });
    expect(await spotBalance(t, seller.id, USDT)).toEqual({ available: '11988', frozen: '0' });
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.5', frozen: '0.3' });
    expect(await feesBalance(t, BTC)).toEqual({ available: '0.0002', frozen: '0' });
    expect(await feesBalance(t, USDT)).toEqual({ available: '12', frozen: '0' });

    const deal = await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' });
    expect(deal.body.message.asks).toEqual([['60000.00', '0.30000']]);
    expect(deal.body.message.bids).toEqual([]);
    expect(deal.body.message.trades).toMatchObject([
      { price: '60000.00', amount: '0.20000', side: 'buy' },
    ]);

    const open = await call(t.app, 'GET', 'coin/list', { status: 'waiting' }, auth(seller.token));
    expect(open.body.message.list).toMatchObject([{ id: ask.body.message.id, filled: '0.20000' }]);
    const detail = await call(
      t.app,
      'GET',
      'coin/order',
      { id: String(ask.body.message.id) },
      auth(seller.token),
    );
    expect(detail.body.message.trades).toMatchObject([
      { price: '60000.00', amount: '0.20000', role: 'maker', fee: '12' },
    ]);
    // A small fill pays its rate too, not a whole amount step: 0.1% of 0.001 BTC.
    const small = await order(t.app, buyer.token, { side: 'buy', price: '60000', amount: '0.001' });
    expect(small.body.message).toMatchObject({ status: 'completed', fee: '0.000001' });
    await expectBalanced(t.app, admin);
  });

  it('cancels only the owner’s open order and returns exactly what it still held', async () => {
    const ask = await order(t.app, seller.token, { side: 'sell', price: '61000', amount: '0.4' });
    await order(t.app, buyer.token, { side: 'buy', price: '61000', amount: '0.15' });
    const id = String(ask.body.message.id);

    const stranger = await call(t.app, 'PUT', 'coin/trade', { id }, auth(buyer.token));
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('ORDER_NOT_FOUND');

    const cancelled = await call(t.app, 'PUT', 'coin/trade', { id }, auth(seller.token));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'user',
      filled: '0.15000',
    });
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.85', frozen: '0' });

    const again = await call(t.app, 'PUT', 'coin/trade', { id }, auth(seller.token));
    expect(again.body.code).toBe('ORDER_CLOSED');
    const history = await call(
      t.app,
      'GET',
      'coin/list',
      { status: 'history' },
      auth(seller.token),
    );
    expect(history.body.message.total).toBe(1);
    await expectBalanced(t.app, admin);
  });

  it('fills a market buy across levels, and bounds it by the quote balance', async () => {
    await order(t.app, seller.token, { side: 'sell', price: '60000', amount: '0.1' });
    await order(t.app, seller.token, { side: 'sell', price: '60100', amount: '0.2' });
    const market = await order(t.app, buyer.token, { side: 'buy', type: 'market', amount: '0.15' });
    expect(market.body.message).toMatchObject({
      status: 'completed',
      filled: '0.15000',
      price: null,
    });
    // 0.1 × 60000 + 0.05 × 60100 = 9005.
    expect(market.body.message.filled_quote).toBe('9005.00');
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '90995', frozen: '0' });

    const poor = await seedUser(t);
    await fund(t, poor.id, USDT, '3005.5');
    const bounded = await order(t.app, poor.token, { side: 'buy', type: 'market', amount: '0.15' });
    expect(bounded.body.message).toMatchObject({
      status: 'completed',
      filled: '0.05000',
      // The book still has 0.15 at 60100: what is left is dust, not a short book.
      cancel_reason: 'dust',
    });
    // 0.05 × 60100 = 3005; the 0.5 USDT left cannot buy one step and stays with the user.
    expect(await spotBalance(t, poor.id, USDT)).toEqual({ available: '0.5', frozen: '0' });

    const sell = await order(t.app, seller.token, { side: 'sell', type: 'market', amount: '0.01' });
    expect(sell.body.code).toBe('NO_LIQUIDITY');
    await expectBalanced(t.app, admin);
  });

  it('spends a quote amount on a market buy across levels, frees what it could not spend, and charges the usual fee', async () => {
    // Nothing to buy from yet.
    const empty = await order(t.app, buyer.token, { side: 'buy', type: 'market', funds: '100' });
    expect([empty.status, empty.body.code]).toEqual([409, 'NO_LIQUIDITY']);

    await order(t.app, seller.token, { side: 'sell', price: '60000', amount: '0.1' });
    await order(t.app, seller.token, { side: 'sell', price: '60100', amount: '0.2' });
    const spend = await order(t.app, buyer.token, { side: 'buy', type: 'market', funds: '9005.3' });
    expect(spend.status).toBe(200);
    // 0.1 × 60000 = 6000, then 3005.3 buys 0.05 at 60100 (3005): 0.3 cannot buy a whole step.
    expect(spend.body.message).toMatchObject({
      side: 'buy',
      type: 'market',
      price: null,
      status: 'completed',
      amount: '0.15000',
      filled: '0.15000',
      filled_quote: '9005.00',
      funds: '9005.30',
      fee: '0.00015',
      fee_currency: 'BTC',
      // 0.3 USDT buys less than one step (0.00001 BTC at 60100) while asks are left.
      cancel_reason: 'dust',
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '90995', frozen: '0' });
    expect(await spotBalance(t, buyer.id, BTC)).toEqual({ available: '0.14985', frozen: '0' });
    expect(await feesBalance(t, BTC)).toEqual({ available: '0.00015', frozen: '0' });
    const deal = await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' });
    expect(deal.body.message.asks).toEqual([['60100.00', '0.15000']]);

    // Exactly what a level costs: all of it is spent, nothing is left frozen.
    const exact = await order(t.app, buyer.token, { side: 'buy', type: 'market', funds: '601' });
    expect(exact.body.message).toMatchObject({
      status: 'completed',
      filled: '0.01000',
      filled_quote: '601.00',
      cancel_reason: null,
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '90394', frozen: '0' });

    const refusals: [Record<string, string>, number, string][] = [
      [{ funds: '100000' }, 400, 'INSUFFICIENT_BALANCE'],
      // The smallest step (0.00001 BTC) costs 0.601 at the best ask.
      [{ funds: '0.6' }, 400, 'SPEND_TOO_SMALL'],
      [{ funds: '100.001' }, 400, 'AMOUNT_PRECISION'],
      [{ funds: '0' }, 400, 'AMOUNT_INVALID'],
      [{ funds: '100', amount: '0.001' }, 400, 'VALIDATION'],
      [{ funds: '100', type: 'limit', price: '60000' }, 400, 'VALIDATION'],
      [{ funds: '100', side: 'sell' }, 400, 'VALIDATION'],
      [{ funds: '', amount: '' }, 400, 'AMOUNT_REQUIRED'],
    ];
    for (const [fields, status, code] of refusals) {
      const form = { symbol: 'BTCUSDT', side: 'buy', type: 'market', ...fields };
      const answer = await call(t.app, 'POST', 'coin/trade', form, auth(buyer.token));
      expect([answer.status, answer.body.code], JSON.stringify(fields)).toEqual([status, code]);
    }
    const invalid = await call(
      t.app,
      'POST',
      'coin/trade',
      { symbol: 'BTCUSDT', side: 'sell', type: 'market', funds: '100' },
      auth(seller.token),
    );
    expect(invalid.body.message).toBe('Invalid value: funds');
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '90394', frozen: '0' });
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.7', frozen: '0.14' });

    // A spend the book cannot take whole: it buys every ask, and the rest is a short book.
    const outlasts = await order(t.app, buyer.token, {
      side: 'buy',
      type: 'market',
      funds: '9000',
    });
    expect(outlasts.body.message).toMatchObject({
      status: 'completed',
      filled: '0.14000',
      filled_quote: '8414.00',
      cancel_reason: 'market-remainder',
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '81980', frozen: '0' });
    await expectBalanced(t.app, admin);
  });

  it('refuses what cannot be placed, with the code the user can act on, and changes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ side: 'buy', price: '60000', amount: '2' }, 'INSUFFICIENT_BALANCE'],
      [{ side: 'buy', price: '60000', amount: '' }, 'AMOUNT_REQUIRED'],
      [{ side: 'buy', price: '', amount: '0.1' }, 'PRICE_REQUIRED'],
      [{ side: 'buy', price: '60000.001', amount: '0.1' }, 'PRICE_PRECISION'],
      [{ side: 'buy', price: '60000', amount: '0.000001' }, 'AMOUNT_PRECISION'],
      [{ side: 'buy', price: '60000', amount: '0.0000' }, 'AMOUNT_INVALID'],
      [{ side: 'buy', price: '60000', amount: '0.1', symbol: 'EURUSD' }, 'SYMBOL_UNKNOWN'],
      [{ side: 'sell', price: '60000', amount: '1.5' }, 'INSUFFICIENT_BALANCE'],
    ];
    for (const [fields, code] of cases) {
      const user = fields.side === 'sell' ? seller : buyer;
      const form = { symbol: 'BTCUSDT', type: 'limit', ...fields };
      const { status, body } = await call(
        t.app,
        'POST',
        'coin/trade',
        form,
        auth(user.token, { lang: 'zh' }),
      );
      expect([status, body.code], JSON.stringify(fields)).toEqual([
        code === 'NO_LIQUIDITY' ? 409 : 400,
        code,
      ]);
      expect(body.message).not.toMatch(/[a-z]{4}/);
    }
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '100000', frozen: '0' });
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '1', frozen: '0' });
    const market = await order(t.app, buyer.token, { side: 'buy', type: 'market', amount: '0.1' });
    expect(market.body.code).toBe('NO_LIQUIDITY');
    await expectBalanced(t.app, admin);
  });

  it('decides on the ledger’s balance when money moved in or out since the last order', async () => {
    const buy = { side: 'buy' as const, price: '60000', amount: '0.5' };
    expect((await order(t.app, buyer.token, buy)).status).toBe(200);
    // Another module moves 50,000 out: 20,000 is left, but the writer last saw 70,000.
    await post(t.db, {
      kind: 'transfer',
      lines: [
        { account: { user: buyer.id, sub: 'currency', coin: USDT }, amount: '-50000' },
        { account: { user: buyer.id, sub: 'options', coin: USDT }, amount: '50000' },
      ],
    });
    const refused = await order(t.app, buyer.token, buy);
    expect([refused.status, refused.body.code]).toEqual([400, 'INSUFFICIENT_BALANCE']);
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '20000', frozen: '30000' });

    // A deposit since: the writer last saw 20,000, the ledger has 120,000.
    await fund(t, buyer.id, USDT, '100000');
    const placed = await order(t.app, buyer.token, buy);
    expect([placed.status, placed.body.message.status]).toEqual([200, 'waiting']);
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '90000', frozen: '60000' });
    const deal = await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' });
    expect(deal.body.message.bids).toEqual([['60000.00', '1.00000']]);
    await expectBalanced(t.app, admin);
  });

  it('cancels a user’s own resting order instead of trading with it', async () => {
    await fund(t, buyer.id, BTC, '0.3');
    await order(t.app, buyer.token, { side: 'sell', price: '60000', amount: '0.3' });
    const bid = await order(t.app, buyer.token, { side: 'buy', price: '60000', amount: '0.1' });
    expect(bid.body.message).toMatchObject({ status: 'waiting', filled: '0.00000' });
    const history = await call(
      t.app,
      'GET',
      'coin/list',
      { status: 'cancelled' },
      auth(buyer.token),
    );
    expect(history.body.message.list).toMatchObject([
      { side: 'sell', cancel_reason: 'self-trade' },
    ]);
    expect(await spotBalance(t, buyer.id, BTC)).toEqual({ available: '0.3', frozen: '0' });
    await expectBalanced(t.app, admin);
  });

  it('places once per Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'order-1' };
    const fields = { side: 'buy' as const, price: '50000', amount: '0.1' };
    const [a, b] = await Promise.all([
      order(t.app, buyer.token, fields, headers),
      order(t.app, buyer.token, fields, headers),
    ]);
    const c = await order(t.app, buyer.token, fields, headers);
    expect(a.body.message.id).toBe(b.body.message.id);
    expect(c.body.message.id).toBe(a.body.message.id);
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '95000', frozen: '5000' });
    const reused = await order(t.app, buyer.token, { ...fields, amount: '0.2' }, headers);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // One key on two pairs at once: two writers, one key: exactly one order is placed.
    const twoPairs = { 'idempotency-key': 'order-2' };
    const both = await Promise.all([
      order(
        t.app,
        buyer.token,
        { ...fields, price: '100', amount: '1', symbol: 'ETHUSDT' },
        twoPairs,
      ),
      order(t.app, buyer.token, fields, twoPairs),
    ]);
    expect(both.map((r) => r.body.code ?? r.body.message.status).sort()).toEqual([
      'IDEMPOTENCY_KEY_REUSED',
      'waiting',
    ]);
    const frozen = both[0].status === 200 ? '5100' : '10000';
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({
      available: String(100000 - Number(frozen)),
      frozen,
    });
    await expectBalanced(t.app, admin);
  });

  it('keeps the ledger balanced under concurrent crossing orders, and a restart rebuilds the same book', async () => {
    await fund(t, seller.id, BTC, '9');
    const jobs = [];
    for (let i = 0; i < 40; i++) {
      const price = String(60000 + (i % 7) * 10);
      jobs.push(order(t.app, seller.token, { side: 'sell', price, amount: '0.05' }));
      jobs.push(
        order(t.app, buyer.token, {
          side: 'buy',
          price: String(60000 + (i % 5) * 10),
          amount: '0.04',
        }),
      );
    }
    const answers = await Promise.all(jobs);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await expectBalanced(t.app, admin);

    const book = t.app.spot.writers.get('BTCUSDT')!.book;
    expect(book.size()).toBeGreaterThan(0);
    const restarted = new SpotService({
      db: t.db,
      clock: t.clock,
      hub: t.app.hub,
      market: t.app.market,
      log: t.app.log,
    });
    await restarted.start();
    expect(restarted.writers.get('BTCUSDT')!.book.stateHash()).toBe(book.stateHash());
    expect(restarted.deal('BTCUSDT')).toEqual(t.app.spot.deal('BTCUSDT'));
  });
});
