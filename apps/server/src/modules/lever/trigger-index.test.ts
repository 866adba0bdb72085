import { describe, expect, it } from 'vitest';
import { Decimal } from '@hx/money';
import { entryPrice } from './math.ts';
import { Book, scaled, tickPrices, TriggerIndex, unscaled } from './trigger-index.ts';

const p = (v: string) => scaled(v);
const at = (mark: string) => ({ mark: p(mark), ask: p(mark), bid: p(mark) });

describe('scaled prices', () => {
  it('round-trips decimal strings exactly', () => {
    for (const v of [
      '0',
      '1',
      '65000.5',
      '0.000000000000000001',
      '123456789012345678.123456789012345678',
    ])
      expect(unscaled(scaled(v))).toBe(new Decimal(v).toFixed());
    expect(scaled('1.5')).toBe(1_500_000_000_000_000_000n);
  });

  it('ask and bid match the entry prices of math.ts', () => {
    for (const [price, spread, d] of [
      ['65000.12', '0.0001', 2],
      ['0.12345', '0.0003', 5],
      ['3120.45', '0', 2],
    ] as const) {
      const t = tickPrices(price, spread, d);
      expect(unscaled(t.ask)).toBe(entryPrice('long', price, spread, d).toFixed());
      expect(unscaled(t.bid)).toBe(entryPrice('short', price, spread, d).toFixed());
    }
  });
});

describe('Book', () => {
  it('an up book fires every key at or below the price, lowest first, ties by id', () => {
    const b = new Book('up');
    [
      [105n, 1],
      [101n, 2],
      [110n, 3],
      [101n, 4],
    ].forEach(([k, id]) => b.add(k as bigint, id as number));
    const out: { id: number; key: bigint }[] = [];
    b.fire(100n, out);
    expect(out).toEqual([]);
    b.fire(105n, out);
    expect(out.map((o) => o.id)).toEqual([2, 4, 1]);
    expect(b.size).toBe(1);
  });

  it('a down book fires every key at or above the price, highest first', () => {
    const b = new Book('down');
    [
      [95n, 1],
      [99n, 2],
      [90n, 3],
    ].forEach(([k, id]) => b.add(k as bigint, id as number));
    const out: { id: number; key: bigint }[] = [];
    b.fire(99n, out);
    expect(out.map((o) => o.id)).toEqual([2]);
    b.fire(90n, out);
    expect(out.map((o) => o.id)).toEqual([2, 1, 3]);
  });

  it('removes exactly the entry asked for', () => {
    const b = new Book('up');
    b.add(5n, 1);
    b.add(5n, 2);
    expect(b.remove(5n, 3)).toBe(false);
    expect(b.remove(5n, 1)).toBe(true);
    expect(b.ids).toEqual([2]);
  });

  it('stays sorted against a brute-force model under random adds and removes', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const b = new Book('down');
    const model = new Map<number, bigint>();
    for (let i = 1; i <= 2000; i++) {
      const key = BigInt(Math.floor(rnd() * 100));
      b.add(key, i);
      model.set(i, key);
      if (rnd() < 0.3) {
        const id = 1 + Math.floor(rnd() * i);
        if (model.has(id)) {
          expect(b.remove(model.get(id)!, id)).toBe(true);
          model.delete(id);
        }
      }
    }
    const out: { id: number; key: bigint }[] = [];
    b.fire(50n, out);
    const expected = [...model]
      .filter(([, k]) => k >= 50n)
      .sort((a, b2) => (a[1] === b2[1] ? a[0] - b2[0] : a[1] > b2[1] ? -1 : 1));
    expect(out.map((o) => o.id)).toEqual(expected.map(([id]) => id));
  });
});

describe('TriggerIndex', () => {
  it('fires stops exactly at the crossing tick and only once', () => {
    const idx = new TriggerIndex();
    idx.set(1, 'BTCUSDT', 'long', {
      stop_profit: p('110'),
      stop_loss: p('90'),
      liquidation: p('80'),
    });
    idx.set(2, 'BTCUSDT', 'short', {
      stop_profit: p('90'),
      stop_loss: p('110'),
      liquidation: p('120'),
    });
    expect(idx.fire('BTCUSDT', at('109.99'))).toEqual([]);
    expect(idx.fire('BTCUSDT', at('110'))).toEqual([
      { id: 1, kind: 'stop_profit', key: p('110') },
      { id: 2, kind: 'stop_loss', key: p('110') },
    ]);
    expect(idx.fire('BTCUSDT', at('200'))).toEqual([]);
    expect(idx.fire('BTCUSDT', at('1'))).toEqual([]);
    expect(idx.size).toBe(0);
  });

  it('another symbol never fires', () => {
    const idx = new TriggerIndex();
    idx.set(1, 'BTCUSDT', 'long', { stop_loss: p('90') });
    expect(idx.fire('ETHUSDT', at('1'))).toEqual([]);
    expect(idx.size).toBe(1);
  });

  it('a gap through stop loss and liquidation fires the one crossed first', () => {
    const idx = new TriggerIndex();
    idx.set(1, 'X', 'long', { stop_loss: p('90'), liquidation: p('80') });
    idx.set(2, 'X', 'long', { stop_loss: p('70'), liquidation: p('80') });
    idx.set(3, 'X', 'short', { stop_loss: p('130'), liquidation: p('120') });
    const fired = idx.fire('X', at('60'));
    expect(fired.map((f) => [f.id, f.kind])).toEqual([
      [1, 'stop_loss'],
      [2, 'liquidation'],
    ]);
    expect(idx.fire('X', at('130')).map((f) => [f.id, f.kind])).toEqual([[3, 'liquidation']]);
  });

  it('limit entries compare with the ask (long) and the bid (short)', () => {
    const idx = new TriggerIndex();
    idx.set(1, 'X', 'long', { entry: p('100') });
    idx.set(2, 'X', 'short', { entry: p('110') });
    expect(idx.fire('X', { mark: p('99.99'), ask: p('100.01'), bid: p('99.97') })).toEqual([]);
    expect(
      idx.fire('X', { mark: p('99.98'), ask: p('100'), bid: p('99.96') }).map((f) => f.id),
    ).toEqual([1]);
    expect(
      idx.fire('X', { mark: p('110.02'), ask: p('110.03'), bid: p('110') }).map((f) => f.id),
    ).toEqual([2]);
  });

  it('set replaces a position’s triggers and remove forgets them', () => {
    const idx = new TriggerIndex();
    idx.set(1, 'X', 'long', { stop_loss: p('90') });
    idx.set(1, 'X', 'long', { stop_loss: p('80') });
    expect(idx.fire('X', at('85'))).toEqual([]);
    idx.remove(1);
    expect(idx.fire('X', at('1'))).toEqual([]);
  });
});

describe('bulk load', () => {
  it('fires in the same order as one-by-one inserts', () => {
    const a = new TriggerIndex();
    const b = new TriggerIndex();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      symbol: 'X',
      side: (i % 2 ? 'long' : 'short') as 'long' | 'short',
      triggers: { stop_loss: BigInt((i * 7919) % 97), stop_profit: BigInt(200 + ((i * 31) % 50)) },
    }));
    for (const r of rows) a.set(r.id, r.symbol, r.side, r.triggers);
    b.load(rows);
    for (const m of [150n, 40n, 300n, 0n]) {
      const prices = { mark: m, ask: m, bid: m };
      expect(b.fire('X', prices)).toEqual(a.fire('X', prices));
    }
  });
});
