import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { journalEntries, leverPositions } from '@hx/db';
import { call } from '../../test/harness.ts';
import { listen, TestClient } from '../../ws/test-client.ts';
import { auth, expectBalanced, type TestUser } from '../wallet/test-kit.ts';
import { leverTestApp } from './test-kit.ts';
import { scaled } from './trigger-index.ts';

/**
 * Trailing stops and liquidation warnings on recorded ticks: an app on BTCUSDT only, prices given
 * tick by tick (lots of 0.01 BTC, fee 0.05%, spread 0.01%), restarted where a test says so.
 */
const k = leverTestApp('2026-03-02T00:00:00Z');
const { t, build, tick, funded, lever, open } = k;
async function position(user: TestUser, id: number) {
  for (const status of ['holding', 'closed']) {
    const { body } = await lever(user, 'my_trade', { status });
    const found = body.message.list.find((p: { id: number }) => p.id === id);
    if (found) return found;
  }
  return undefined;
}
async function told(user: TestUser, kind: string, lang = 'en') {
  const { body } = await call(
    t.app,
    'GET',
    'notifications',
    { limit: '100' },
    auth(user.token, { lang }),
  );
  return body.message.list.filter((n: { kind: string }) => n.kind === kind);
}
const closes = (id: number) =>
  t.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'contract_close'), eq(journalEntries.refId, id)));
const row = async (id: number) =>
  (await t.db.select().from(leverPositions).where(eq(leverPositions.id, id)))[0]!;

describe('trailing stops', () => {
  it('a long with a price distance follows the highest mark and closes when it falls back', async () => {
    await tick('65000');
    const user = await funded();
    const { body } = await open(user, { trailing_distance: '500' });
    const id = body.message.id;
    expect(body.message).toMatchObject({
      open_price: '65006.5',
      trailing_distance: '500',
      trailing_unit: 'price',
      trailing_peak: '65000', // the mark, not the entry price
      trailing_stop: '64500',
    });
    await tick('66000');
    expect(await position(user, id)).toMatchObject({
      status: 'holding',
      trailing_peak: '66000',
      trailing_stop: '65500',
    });
    await tick('65500.01');
    expect((await position(user, id)).status).toBe('holding');
    const at = await tick('65500');
    expect(await position(user, id)).toMatchObject({
      status: 'closed',
      close_reason: 'trailing_stop',
      close_price: '65500',
      close_time: at,
      profit: '9.87', // (65500 − 65006.5) × 2 × 0.01
    });
    expect(await told(user, 'lever_trailing_stop')).toMatchObject([
      {
        title: 'Trailing stop triggered',
        body:
          'Your long position on BTC/USDT reached its trailing stop (65,500.00) and closed at ' +
          'the recorded price 65,500.00. P&L: +9.8700 USDT.',
        data: { position_id: id, symbol: 'BTCUSDT' },
      },
    ]);
    await tick('60000');
    expect(await closes(id)).toHaveLength(1);
    await expectBalanced(t.app, k.admin);
  });

  it('a short with a percent follows the lowest mark and closes when it rises back', async () => {
    await tick('65000');
    const user = await funded();
    const { body } = await open(user, {
      side: 'short',
      trailing_distance: '1',
      trailing_unit: 'percent',
    });
    const id = body.message.id;
    expect(body.message).toMatchObject({ trailing_unit: 'percent', trailing_stop: '65650' });
    await tick('64000');
    expect((await position(user, id)).trailing_stop).toBe('64640');
    await tick('64639.99');
    expect((await position(user, id)).status).toBe('holding');
    const at = await tick('64700');
    expect(await position(user, id)).toMatchObject({
      close_reason: 'trailing_stop',
      close_price: '64700',
      close_time: at,
      profit: '5.87', // (64993.5 − 64700) × 0.02
    });
    const [zh] = await told(user, 'lever_trailing_stop', 'zh');
    expect(zh.body).toContain('追踪止损（64,640.00）');
    expect(await closes(id)).toHaveLength(1);
    await expectBalanced(t.app, k.admin);
  });

  it('setstop adds, keeps, moves and clears it; bad input is refused and changes nothing', async () => {
    await tick('65000');
    const user = await funded();
    const { body } = await open(user, {});
    const id = String(body.message.id);
    const set = (fields: Record<string, string>) => lever(user, 'setstop', { id, ...fields });
    for (const [fields, code] of [
      [{ trailing_distance: '0' }, 'LEVER_TRAILING_INVALID'],
      [{ trailing_distance: '-5' }, 'LEVER_TRAILING_INVALID'],
      [{ trailing_distance: 'abc' }, 'LEVER_TRAILING_INVALID'],
      [{ trailing_distance: '5', trailing_unit: 'pips' }, 'LEVER_TRAILING_UNIT_INVALID'],
      [{ trailing_distance: '100', trailing_unit: 'percent' }, 'LEVER_TRAILING_PERCENT'],
      [{ trailing_distance: '1.234', trailing_unit: 'percent' }, 'LEVER_TRAILING_PERCENT'],
      [{ trailing_distance: '65000' }, 'LEVER_TRAILING_DISTANCE'],
      [{ trailing_distance: '0.001' }, 'PRICE_PRECISION'],
    ] as const) {
      const refused = await set(fields);
      expect(refused.status, code).toBe(400);
      expect(refused.body.code).toBe(code);
    }
    const zh = await call(
      t.app,
      'POST',
      'lever/setstop',
      { id, trailing_distance: '100', trailing_unit: 'percent' },
      auth(user.token, { lang: 'zh' }),
    );
    expect(zh.body.message).toBe('追踪百分比须大于0且小于100，最多2位小数');
    expect(await position(user, Number(id))).toMatchObject({
      trailing_distance: null,
      trailing_stop: null,
    });

    const added = await set({ trailing_distance: '2', trailing_unit: 'percent' });
    expect(added.body.message).toMatchObject({ trailing_peak: '65000', trailing_stop: '63700' });
    await tick('65500');
    // The same trailing stop (and a stop loss beside it) keeps its peak.
    const kept = await set({
      trailing_distance: '2.00',
      trailing_unit: 'percent',
      stop_loss: '60000',
    });
    expect(kept.body.message).toMatchObject({
      stop_loss: '60000',
      trailing_peak: '65500',
      trailing_stop: '64190',
    });
    await tick('65400');
    // Another distance starts from the mark now.
    const moved = await set({ trailing_distance: '300' });
    expect(moved.body.message).toMatchObject({
      trailing_unit: 'price',
      trailing_peak: '65400',
      trailing_stop: '65100',
    });
    const cleared = await set({ stop_loss: '60000' });
    expect(cleared.body.message).toMatchObject({
      trailing_distance: null,
      trailing_unit: null,
      trailing_peak: null,
      trailing_stop: null,
    });
    await tick('65000');
    expect((await position(user, Number(id))).status).toBe('holding');
    // A short may trail by more than the price (its stop is above it).
    await tick('65000');
    const short = await open(user, { side: 'short', lots: '1', trailing_distance: '70000' });
    expect(short.body.message.trailing_stop).toBe('135000');
    await lever(user, 'close_all', {});
    await expectBalanced(t.app, k.admin);
  });

  it('a limit entry’s trailing stop starts from the tick that fills it', async () => {
    await tick('65000');
    const user = await funded();
    const { body } = await open(user, {
      type: 'limit',
      price: '64000',
      trailing_distance: '1',
      trailing_unit: 'percent',
    });
    expect(body.message).toMatchObject({
      status: 'waiting',
      trailing_distance: '1',
      trailing_peak: null,
      trailing_stop: null,
    });
    expect(
      (await open(user, { type: 'limit', price: '64000', trailing_distance: '64000' })).body.code,
    ).toBe('LEVER_TRAILING_DISTANCE');
    await tick('63990'); // ask 63996.4 reaches the limit
    expect(await position(user, body.message.id)).toMatchObject({
      status: 'holding',
      trailing_peak: '63990',
      trailing_stop: '63350.1',
    });
    await tick('63350.1');
    expect(await position(user, body.message.id)).toMatchObject({
      close_reason: 'trailing_stop',
      close_price: '63350.1',
    });
    await expectBalanced(t.app, k.admin);
  });

  it('resumes after a restart from the last saved peak', async () => {
    await tick('65000');
    const user = await funded();
    const { body } = await open(user, { trailing_distance: '200' });
    const id = body.message.id;
    await tick('66000');
    await tick('67000');
    await tick('66900');
    expect((await row(id)).trailingPeak).toMatch(/^67000(\.0+)?$/);
    await t.app.close();
    t.app = await build();
    expect(t.app.lever.triggers.index.peakOf(id)).toBe(scaled('67000'));
    await tick('66800.01');
    expect((await position(user, id)).status).toBe('holding');
    const at = await tick('66700');
    expect(await position(user, id)).toMatchObject({
      close_reason: 'trailing_stop',
      close_price: '66700',
      close_time: at,
    });
    expect(await closes(id)).toHaveLength(1);
    await expectBalanced(t.app, k.admin);
  });
});

describe('liquidation warnings', () => {
  it('tell the owner once per approach, re-armed only when the mark goes well back', async () => {
    await tick('68000');
    const user = await funded('200');
    const url = await listen(t.app);
    const socket = await TestClient.open(url);
    expect(await socket.ask({ op: 'auth', token: user.token })).toMatchObject({ op: 'authed' });
    expect(await socket.ask({ op: 'sub', ch: 'notifications' })).toMatchObject({ op: 'subbed' });
    // Entry 68006.8, liquidation 67462.7456: warned 80% of the way (67571.55648), re-armed
    // back under 50% of it (67734.7728).
    const { body } = await open(user, { multiple: '100', lots: '1' });
    const id = body.message.id;
    expect(body.message.liquidation_price).toBe('67462.7456');
    await tick('67571.56');
    expect(await told(user, 'lever_liquidation_warning')).toEqual([]);
    const at = await tick('67571.55');
    const frame = await socket.next();
    expect(frame).toMatchObject({
      ch: 'notifications',
      data: { kind: 'lever_liquidation_warning', unread: 2 }, // with the deposit's
    });
    socket.close();
    const [warning] = await told(user, 'lever_liquidation_warning');
    expect(warning).toMatchObject({
      id: frame.data.id,
      title: 'Position near liquidation',
      body:
        'Your long position on BTC/USDT is close to liquidation: the recorded price 67,571.55 ' +
        'has come near its liquidation price 67,462.7456. Consider closing it or setting a stop loss.',
      data: { position_id: id, symbol: 'BTCUSDT' },
    });
    expect((await row(id)).liquidationWarnedAt).toBe(at);
    await tick('67500');
    await tick('67734.77'); // not far enough back
    await tick('67560');
    expect(await told(user, 'lever_liquidation_warning')).toHaveLength(1);
    await tick('67734.78');
    expect((await row(id)).liquidationWarnedAt).toBeNull();
    await tick('67571');
    expect(await told(user, 'lever_liquidation_warning')).toHaveLength(2);
    // A restart keeps the state: warned, so nothing more until re-armed.
    await t.app.close();
    t.app = await build();
    await tick('67500');
    expect(await told(user, 'lever_liquidation_warning')).toHaveLength(2);
    await tick('60000');
    expect(await position(user, id)).toMatchObject({ close_reason: 'liquidation' });
    expect(await told(user, 'lever_liquidated')).toHaveLength(1);
    expect(await told(user, 'lever_liquidation_warning')).toHaveLength(2);
    await expectBalanced(t.app, k.admin);
  });

  it('a gap straight through the liquidation price closes without a warning', async () => {
    await tick('68000');
    const user = await funded('200');
    const { body } = await open(user, { multiple: '100', lots: '1' });
    await tick('60000');
    expect(await position(user, body.message.id)).toMatchObject({ close_reason: 'liquidation' });
    expect(await told(user, 'lever_liquidation_warning')).toEqual([]);
    await expectBalanced(t.app, k.admin);
  });
});
