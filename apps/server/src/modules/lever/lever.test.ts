import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { journalEntries, tradingFees, users } from '@hx/db';
import { Decimal } from '@hx/money';
import { call } from '../../test/harness.ts';
import { auth, balances, expectBalanced, type TestUser } from '../wallet/test-kit.ts';
import { leverTestApp } from './test-kit.ts';
import { TriggerRunner } from './triggers.ts';

/** An app on BTCUSDT only, prices given tick by tick; BTC lots are 0.01, fee 0.05%, spread 0.01%. */
const k = leverTestApp('2026-01-05T00:00:00Z');
const { t, build, tick, funded, lever, open } = k;
const contract = async (user: TestUser) => (await balances(t.app, user.token)).contract;
async function position(user: TestUser, id: number, status = 'closed') {
  const { body } = await lever(user, 'my_trade', { status });
  return body.message.list.find((p: { id: number }) => p.id === id);
}

describe('lever/deal', () => {
  it('lists the pairs with their terms and the contract balance', async () => {
    const user = await funded('500');
    const { status, body } = await lever(user, 'deal');
    expect(status).toBe(200);
    expect(body.message.balance).toEqual({
      currency_id: 3,
      available: '500.0000',
      frozen: '0.0000',
    });
    expect(body.message.pairs).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        lot_size: '0.01',
        multiples: [5, 10, 20, 50, 100],
        spread: '0.0001',
        fee_rate: '0.0005',
        maintenance_ratio: '0.2',
        price: '65000',
        price_precision: 2,
      }),
    ]);
  });
});

describe('opening and closing by hand', () => {
  it('a market long pays margin and fee at the recorded price plus spread; closing settles the P&L', async () => {
    const user = await funded();
    const opened = await open(user, {});
    expect(opened.status).toBe(200);
    const p = opened.body.message;
    // 65000 × 1.0001 = 65006.5; margin 65006.5 × 2 × 0.01 ÷ 10; fee 0.05% of 1300.13
    expect(p).toMatchObject({
      status: 'holding',
      open_price: '65006.5',
      open_tick_price: '65000',
      // The entry's difference from the recorded price is named: the spread it was opened with.
      spread: '0.0001',
      lots: 2,
      multiple: 10,
      margin: '130.013',
      fee: '0.6501',
      liquidation_price: '59805.98',
    });
    expect(await contract(user)).toEqual({ available: '869.3369', frozen: '130.0130' });
    const fees = await t.db
      .select()
      .from(tradingFees)
      .where(and(eq(tradingFees.source, 'contract'), eq(tradingFees.refId, p.id)));
    expect(fees.map((f) => f.amount)).toEqual(['0.650100000000000000']);

    const at = await tick('66000');
    const live = await position(user, p.id, 'holding');
    expect(live).toMatchObject({
      mark_price: '66000',
      mark_time: at,
      profit: '19.87',
      margin_ratio: '17.34', // 20% of 130.013 ÷ (130.013 + 19.87)
    });

    const closed = await lever(user, 'close', { id: String(p.id) });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toMatchObject({
      status: 'closed',
      close_price: '66000',
      close_time: at,
      close_reason: 'manual',
      profit: '19.87',
    });
    expect(await contract(user)).toEqual({ available: '1019.2199', frozen: '0.0000' });
    const again = await lever(user, 'close', { id: String(p.id) });
    expect(again.body.code).toBe('LEVER_NOT_HOLDING');
    await expectBalanced(t.app, k.admin);
  });

  it('a short loses when the price rises', async () => {
    const user = await funded();
    const { body } = await open(user, { side: 'short', multiple: '20' });
    expect(body.message.open_price).toBe('65993.4'); // 66000 × 0.9999
    expect(body.message).toMatchObject({ open_tick_price: '66000', spread: '0.0001' });
    await tick('66100');
    const closed = await lever(user, 'close', { id: String(body.message.id) });
    expect(closed.body.message.profit).toBe('-2.132'); // (65993.4 − 66100) × 0.02
    await expectBalanced(t.app, k.admin);
  });

  it('an Idempotency-Key opens and closes once; the fee row names the inviter', async () => {
    const [user, inviter] = [await funded(), await funded('1')];
    await t.db.update(users).set({ invitedBy: inviter.id }).where(eq(users.id, user.id));
    const keyed = (key: string) => auth(user.token, { 'idempotency-key': key });
    const submit = { symbol: 'BTCUSDT', side: 'long', type: 'market', lots: '2', multiple: '10' };
    const [first, twin] = await Promise.all(
      [1, 2].map(() => call(t.app, 'POST', 'lever/submit', submit, keyed('open-1'))),
    );
    const later = await call(t.app, 'POST', 'lever/submit', submit, keyed('open-1'));
    expect(first!.status).toBe(200);
    expect(twin!.body.message.id).toBe(first!.body.message.id);
    expect(later.body.message).toEqual(first!.body.message);
    const { id, margin, fee } = first!.body.message;
    const left = (...less: string[]) => less.reduce((a, v) => a.minus(v), new Decimal(1000));
    expect(await contract(user)).toEqual({
      available: left(margin, fee).toFixed(4),
      frozen: new Decimal(margin).toFixed(4),
    });
    const fees = await t.db.select().from(tradingFees).where(eq(tradingFees.refId, id));
    expect(fees.map((f) => [f.source, f.inviterId])).toEqual([['contract', inviter.id]]);

    const close = () => call(t.app, 'POST', 'lever/close', { id: String(id) }, keyed('close-1'));
    const [closed, again] = await Promise.all([close(), close()]);
    expect(closed!.body.message).toMatchObject({ id, status: 'closed', close_reason: 'manual' });
    expect(again!.body).toEqual(closed!.body);
    const loss = new Decimal(closed!.body.message.profit).negated().toFixed();
    expect(await contract(user)).toEqual({
      available: left(fee, loss).toFixed(4),
      frozen: '0.0000',
    });
    await expectBalanced(t.app, k.admin);
  });

  it('refuses lots that are not whole numbers ≥ 1, other multiples, stops on the wrong side, too little balance', async () => {
    const user = await funded('100');
    for (const lots of ['0', '1.5', '-1', '', 'abc'])
      expect((await open(user, { lots })).body.code).toBe('LEVER_LOTS_INVALID');
    expect((await open(user, { multiple: '7' })).body.code).toBe('LEVER_MULTIPLE_INVALID');
    expect((await open(user, { stop_profit: '66000' })).body.code).toBe('LEVER_STOP_PROFIT_SIDE');
    expect((await open(user, { stop_loss: '66200' })).body.code).toBe('LEVER_STOP_LOSS_SIDE');
    expect((await open(user, { side: 'short', stop_profit: '66200' })).body.code).toBe(
      'LEVER_STOP_PROFIT_SIDE',
    );
    expect((await open(user, { stop_loss: '65000.123' })).body.code).toBe('PRICE_PRECISION');
    expect((await open(user, { lots: '10', multiple: '5' })).body.code).toBe(
      'INSUFFICIENT_BALANCE',
    );
    expect((await open(user, { symbol: 'EURUSD' })).body.code).toBe('LEVER_PAIR_UNAVAILABLE');
    expect((await open(user, { type: 'limit' })).body.code).toBe('PRICE_REQUIRED');
    expect(await contract(user)).toEqual({ available: '100.0000', frozen: '0.0000' });
  });
});

describe('triggers', () => {
  it('stop profit fires exactly at the tick that reaches it, with that tick’s price and time, once', async () => {
    const user = await funded();
    const { body } = await open(user, { stop_profit: '66500', stop_loss: '65000' });
    await tick('66499.99');
    expect((await position(user, body.message.id, 'holding')).status).toBe('holding');
    const at = await tick('66600');
    const closed = await position(user, body.message.id);
    expect(closed).toMatchObject({
      close_reason: 'stop_profit',
      close_price: '66600',
      close_time: at,
    });
    await tick('60000');
    await tick('70000');
    expect(await position(user, body.message.id)).toEqual(closed);
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(
        and(eq(journalEntries.kind, 'contract_close'), eq(journalEntries.refId, body.message.id)),
      );
    expect(entries).toHaveLength(1);
    await expectBalanced(t.app, k.admin);
  });

  it('stop loss of a short fires when the price rises to it', async () => {
    const user = await funded();
    const { body } = await open(user, { side: 'short', stop_loss: '70100', stop_profit: '69000' });
    const at = await tick('70100');
    expect(await position(user, body.message.id)).toMatchObject({
      close_reason: 'stop_loss',
      close_price: '70100',
      close_time: at,
    });
    // Closed by its stop, so a close by hand now (the server still has the row it opened) moves
    // nothing, and nobody else could close it either.
    const after = await contract(user);
    const other = await funded();
    expect((await lever(other, 'close', { id: String(body.message.id) })).body.code).toBe(
      'LEVER_POSITION_NOT_FOUND',
    );
    expect((await lever(user, 'close', { id: String(body.message.id) })).body.code).toBe(
      'LEVER_NOT_HOLDING',
    );
    expect(await contract(user)).toEqual(after);
    expect((await position(user, body.message.id)).close_reason).toBe('stop_loss');
    await expectBalanced(t.app, k.admin);
  });

  it('setstop moves the stop: the old one no longer fires, the new one does', async () => {
    const user = await funded();
    const { body } = await open(user, { stop_loss: '69000' });
    const id = String(body.message.id);
    expect(
      (await lever(user, 'setstop', { id, stop_profit: '69000', stop_loss: '' })).body.code,
    ).toBe('LEVER_STOP_PROFIT_SIDE');
    const set = await lever(user, 'setstop', { id, stop_profit: '71000', stop_loss: '68000' });
    expect(set.body.message).toMatchObject({ stop_profit: '71000', stop_loss: '68000' });
    await tick('68500');
    expect((await position(user, body.message.id, 'holding')).status).toBe('holding');
    await tick('68000');
    expect(await position(user, body.message.id)).toMatchObject({
      close_reason: 'stop_loss',
      close_price: '68000',
    });
    await expectBalanced(t.app, k.admin);
  });

  it('liquidation closes at the maintenance ratio and a gap never loses more than the margin', async () => {
    await tick('68000');
    const user = await funded('200');
    const { body } = await open(user, { multiple: '100', lots: '1' });
    // entry 68006.8; liquidation 68006.8 × (1 − 0.8 ÷ 100) = 67462.7456
    expect(body.message).toMatchObject({ margin: '6.8007', liquidation_price: '67462.7456' });
    await tick('67462.75');
    expect((await position(user, body.message.id, 'holding')).margin_ratio).toBe('99.99'); // 100% is liquidation
    const at = await tick('60000');
    expect(await position(user, body.message.id)).toMatchObject({
      close_reason: 'liquidation',
      close_price: '60000',
      close_time: at,
      profit: '-6.8007',
    });
    expect(await contract(user)).toEqual({ available: '192.8592', frozen: '0.0000' }); // 200 − margin 6.8007 − fee 0.3401
    await expectBalanced(t.app, k.admin);
  });
});

describe('limit entries', () => {
  it('wait with margin and fee frozen, and can be cancelled', async () => {
    await tick('65000');
    const user = await funded();
    expect((await open(user, { type: 'limit', price: '65100' })).body.code).toBe(
      'LEVER_LIMIT_SIDE',
    );
    const { body } = await open(user, { type: 'limit', price: '64000', stop_loss: '63000' });
    expect(body.message).toMatchObject({
      status: 'waiting',
      open_price: null,
      limit_price: '64000',
      margin: '128',
      fee: '0.64',
    });
    expect(await contract(user)).toEqual({ available: '871.3600', frozen: '128.6400' });
    expect((await lever(user, 'close', { id: String(body.message.id) })).body.code).toBe(
      'LEVER_NOT_HOLDING',
    );
    const cancelled = await lever(user, 'cancel', { id: String(body.message.id) });
    expect(cancelled.body.message.status).toBe('cancelled');
    expect(await contract(user)).toEqual({ available: '1000.0000', frozen: '0.0000' });
    await tick('63000');
    expect((await position(user, body.message.id, 'cancelled')).status).toBe('cancelled');
    expect((await lever(user, 'cancel', { id: String(body.message.id) })).body.code).toBe(
      'LEVER_NOT_WAITING',
    );
    await expectBalanced(t.app, k.admin);
  });

  it('fill at the limit price on the tick whose ask reaches it; the same tick can reach the stop', async () => {
    await tick('65000');
    const [user, inviter] = [await funded(), await funded('1')];
    await t.db.update(users).set({ invitedBy: inviter.id }).where(eq(users.id, user.id));
    const a = await open(user, { type: 'limit', price: '64000' });
    const b = await open(user, { type: 'limit', price: '64500', stop_loss: '64000' });
    await tick('64000'); // ask 64006.4: not yet for a, but b fills; the mark 64000 reaches b's stop
    const filled = await position(user, a.body.message.id, 'holding');
    expect(filled.status).toBe('waiting');
    expect(await position(user, b.body.message.id)).toMatchObject({
      open_price: '64500',
      open_tick_price: '64000',
      close_reason: 'stop_loss',
      close_price: '64000',
    });
    const at = await tick('63990');
    expect(await position(user, a.body.message.id, 'holding')).toMatchObject({
      status: 'holding',
      open_price: '64000',
      open_tick_price: '63990',
      open_time: at,
    });
    const fees = await t.db
      .select()
      .from(tradingFees)
      .where(eq(tradingFees.refId, a.body.message.id));
    expect(fees.map((f) => f.source)).toEqual(['contract']);
    // Recorded at the fill, with the inviter the user had then.
    expect(fees.map((f) => f.inviterId)).toEqual([inviter.id]);
    await expectBalanced(t.app, k.admin);
  });
});

describe('close all', () => {
  it('closes only longs, only shorts, or everything', async () => {
    await tick('65000');
    const user = await funded('2000');
    for (const side of ['long', 'long', 'short', 'short'])
      expect((await open(user, { side, lots: '1' })).status).toBe(200);
    const longs = await lever(user, 'close_all', { side: 'long' });
    expect(longs.body.message.list.map((p: { side: string }) => p.side)).toEqual(['long', 'long']);
    const rest = await lever(user, 'close_all', {});
    expect(rest.body.message.list.map((p: { side: string }) => p.side)).toEqual(['short', 'short']);
    expect((await lever(user, 'my_trade', { status: 'holding' })).body.message.total).toBe(0);
    expect((await lever(user, 'my_trade', { status: 'closed' })).body.message.total).toBe(4);
    await expectBalanced(t.app, k.admin);
  });
});

describe('restarts and a second process', () => {
  it('rebuilds the triggers from the database after a restart', async () => {
    await tick('65000');
    const user = await funded();
    const { body } = await open(user, { stop_profit: '66000' });
    await t.app.close();
    t.app = await build();
    expect(t.app.lever.triggers.index.has(body.message.id)).toBe(true);
    const at = await tick('66000');
    expect(await position(user, body.message.id)).toMatchObject({
      close_reason: 'stop_profit',
      close_time: at,
    });
  });

  it('two runners on the same ticks settle a trigger once', async () => {
    await tick('65000');
    const user = await funded();
    const { body } = await open(user, { stop_loss: '64000' });
    const twin = new TriggerRunner(t.app);
    await twin.start();
    await tick('63000');
    await twin.stop();
    expect(await position(user, body.message.id)).toMatchObject({
      close_reason: 'stop_loss',
      close_price: '63000',
    });
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(
        and(eq(journalEntries.kind, 'contract_close'), eq(journalEntries.refId, body.message.id)),
      );
    expect(entries).toHaveLength(1);
    await expectBalanced(t.app, k.admin);
  });
});

describe('the console', () => {
  it("a pair's edit applies to the next open: disabled it refuses, its new fee is charged", async () => {
    await tick('65000');
    const user = await funded('500');
    const edit = async (terms: object) =>
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/config/lever-pairs/BTCUSDT',
          headers: { ...auth(k.admin), 'content-type': 'application/json' },
          payload: JSON.stringify(terms),
        })
      ).statusCode;
    const terms = {
      lot_size: '0.01',
      multiples: [5, 10, 20, 50, 100],
      spread: '0.0001',
      fee_rate: '0.0005',
      maintenance_ratio: '0.2',
      sort: 0,
    };
    expect((await open(user, {})).status).toBe(200); // the pairs are now kept in memory
    expect(await edit({ ...terms, enabled: false })).toBe(200);
    expect((await open(user, {})).body.code).toBe('LEVER_PAIR_UNAVAILABLE');
    expect(await edit({ ...terms, fee_rate: '0.001', enabled: true })).toBe(200);
    const opened = await open(user, {});
    expect(opened.body.message).toMatchObject({ fee: '1.3002' }); // 0.1% of 1300.13, up
    expect(await edit({ ...terms, enabled: true })).toBe(200);
    await expectBalanced(t.app, k.admin);
  });
});
