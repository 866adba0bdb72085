import { describe, expect, it } from 'vitest';
import { Decimal } from '@hx/money';
import { trailingStop } from './math.ts';
import { TrailingBook, type TrailingUnit } from './trailing-book.ts';
import { scaled, TriggerIndex, unscaled, type Side } from './trigger-index.ts';

const p = (v: string) => scaled(v);
const at = (mark: string) => ({ mark: p(mark), ask: p(mark), bid: p(mark) });
const fire = (book: TrailingBook, mark: string) => {
  book.advance(p(mark));
  const out: { id: number; key: bigint }[] = [];
  book.fire(p(mark), out);
  return out.map((o) => [o.id, unscaled(o.key)]);
};

describe('TrailingBook', () => {
  it('a long price stop follows the highest mark and fires when the mark falls the distance', () => {
    const b = new TrailingBook('long', 'price');
    b.add(1, p('5'), p('100'));
    expect(fire(b, '96')).toEqual([]);
    expect(fire(b, '110')).toEqual([]);
    expect(b.peakOf(1)).toBe(p('110'));
    expect(fire(b, '105.01')).toEqual([]);
    expect(fire(b, '104')).toEqual([[1, '105']]);
    expect(b.size).toBe(0);
    expect(fire(b, '1')).toEqual([]);
  });

  it('a short percent stop follows the lowest mark, rounded up to the exact stop', () => {
    const b = new TrailingBook('short', 'percent');
    b.add(1, p('10'), p('100'));
    expect(fire(b, '109.99')).toEqual([]);
    expect(fire(b, '90')).toEqual([]);
    expect(b.peakOf(1)).toBe(p('90'));
    expect(fire(b, '98.99')).toEqual([]);
    expect(fire(b, '99')).toEqual([[1, '99']]);
    // 1.5% above 66123.45 is 67115.30175: the stop keeps its exact value.
    b.add(2, p('1.5'), p('66123.45'));
    expect(fire(b, '67115.3017')).toEqual([]);
    expect(fire(b, '67115.30175')).toEqual([[2, '67115.30175']]);
  });

  it('stops set at different peaks share one peak once a mark passes them all', () => {
    const b = new TrailingBook('long', 'price');
    b.add(1, p('1'), p('100'));
    b.add(2, p('3'), p('102'));
    b.add(3, p('2'), p('104'));
    // 102 lifts the stop set at 100 to the group at 102, and reaches the one under 104.
    expect(fire(b, '102')).toEqual([[3, '102']]);
    expect([b.peakOf(1), b.peakOf(2)]).toEqual([p('102'), p('102')]);
    expect(fire(b, '120')).toEqual([]);
    expect(fire(b, '118.5')).toEqual([[1, '119']]);
    expect(fire(b, '117')).toEqual([[2, '117']]);
  });

  it('matches a brute-force model under random sets, removals and ticks', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const side of ['long', 'short'] as Side[])
      for (const unit of ['price', 'percent'] as TrailingUnit[]) {
        const b = new TrailingBook(side, unit);
        const model = new Map<number, { distance: bigint; peak: bigint }>();
        let mark = 10_000;
        let id = 0;
        for (let step = 0; step < 1500; step++) {
          const r = rnd();
          if (r < 0.3) {
            const distance = p(String(1 + Math.floor(rnd() * 300)));
            // Mostly the mark now; sometimes another (a peak loaded after a restart).
            const peak = p(String(rnd() < 0.7 ? mark : mark + Math.round((rnd() - 0.5) * 400)));
            b.add(++id, distance, peak);
            model.set(id, { distance, peak });
          } else if (r < 0.4 && id > 0) {
            const gone = 1 + Math.floor(rnd() * id);
            b.remove(gone);
            model.delete(gone);
          } else {
            mark = Math.max(1000, mark + Math.round((rnd() - 0.5) * 200));
            const m = p(String(mark));
            const expected: [number, string][] = [];
            for (const [k, e] of model) {
              const better = side === 'long' ? m > e.peak : m < e.peak;
              if (better) e.peak = m;
              const stop = scaled(
                trailingStop(side, unscaled(e.peak), unscaled(e.distance), unit).toFixed(),
              );
              if (side === 'long' ? m <= stop : m >= stop) expected.push([k, unscaled(stop)]);
            }
            for (const [k] of expected) model.delete(k);
            const got = fire(b, String(mark)).sort((x, y) => Number(x[0]) - Number(y[0]));
            expect(got).toEqual(expected.sort((x, y) => x[0] - y[0]));
          }
        }
        expect(b.size).toBe(model.size);
        for (const [k, e] of model) expect(b.peakOf(k)).toBe(e.peak);
      }
  });

  it('rebuilds once most entries were removed, and still fires right', () => {
    const b = new TrailingBook('long', 'price');
    for (let i = 1; i <= 3000; i++) b.add(i, p(String(1 + (i % 50))), p(String(1000 + (i % 7))));
    for (let i = 1; i <= 3000; i++) if (i % 10 !== 0) b.remove(i);
    expect(b.size).toBe(300);
    // Every stop left sits at most 51 under a peak of at least 1000: 900 reaches them all.
    const fired = fire(b, '900').map(([id]) => id as number);
    expect(fired.sort((x, y) => x - y)).toEqual(
      Array.from({ length: 300 }, (_, i) => 10 * (i + 1)),
    );
    expect(b.size).toBe(0);
  });
});

describe('TrailingBook at scale', () => {
  it('one new high melds thousands of groups at once, and every stop still fires right', () => {
    const b = new TrailingBook('long', 'price');
    for (let i = 0; i < 3000; i++) b.add(i + 1, p(String(1 + (i % 3))), p(String(1000 + i)));
    expect(fire(b, '5000')).toEqual([]);
    expect(b.peakOf(1)).toBe(p('5000'));
    expect(b.peakOf(3000)).toBe(p('5000'));
    expect(fire(b, '4999').map(([id]) => id)).toEqual(
      Array.from({ length: 1000 }, (_, i) => 3 * i + 1),
    );
    expect(fire(b, '4997')).toHaveLength(2000);
    expect(b.size).toBe(0);
  });
});

describe('TriggerIndex with trailing stops and liquidation warnings', () => {
  it('fires a trailing stop as a closing trigger and tells who moved', () => {
    const idx = new TriggerIndex();
    idx.set(1, 'X', 'long', {
      stop_loss: p('95'),
      trailing: { distance: p('5'), unit: 'price', peak: p('100') },
    });
    const moves: [Side, string][] = [];
    const moved = (side: Side, peak: bigint) => moves.push([side, unscaled(peak)]);
    expect(idx.fire('X', at('101'), moved)).toEqual([]);
    expect(moves).toEqual([['long', '101']]);
    expect(idx.peakOf(1)).toBe(p('101'));
    expect(idx.fire('X', at('100.5'), moved)).toEqual([]);
    expect(moves).toHaveLength(1);
    // Through both: the trailing stop (96) is crossed before the stop loss (95).
    expect(idx.fire('X', at('90'))).toEqual([{ id: 1, kind: 'trailing_stop', key: p('96') }]);
    expect(idx.size).toBe(0);
  });

  it('on a tie the stop loss fires, and a short mirrors', () => {
    const idx = new TriggerIndex();
    idx.set(1, 'X', 'short', {
      stop_loss: p('110'),
      trailing: { distance: p('10'), unit: 'percent', peak: p('100') },
    });
    expect(idx.fire('X', at('110')).map((f) => f.kind)).toEqual(['stop_loss']);
  });

  it('warns once per approach: swapped for its re-arm price, and back', () => {
    const idx = new TriggerIndex();
    const warning = { price: p('92'), rearm: p('95'), warned: false };
    idx.set(1, 'X', 'long', { liquidation: p('90'), warning });
    expect(idx.fire('X', at('92.01'))).toEqual([]);
    expect(idx.fire('X', at('92'))).toEqual([{ id: 1, kind: 'warning', key: p('92') }]);
    expect(idx.triggersOf(1)?.warning?.warned).toBe(true);
    expect(warning.warned).toBe(false); // the caller's object is not the index's
    expect(idx.fire('X', at('91'))).toEqual([]);
    expect(idx.fire('X', at('94.99'))).toEqual([]);
    expect(idx.fire('X', at('95'))).toEqual([{ id: 1, kind: 'rearm', key: p('95') }]);
    expect(idx.fire('X', at('91.5'))).toEqual([{ id: 1, kind: 'warning', key: p('92') }]);
    // A gap to liquidation closes it: no warning with it.
    idx.set(2, 'X', 'long', { liquidation: p('90'), warning: { ...warning } });
    expect(idx.fire('X', at('89'))).toEqual([
      { id: 1, kind: 'liquidation', key: p('90') },
      { id: 2, kind: 'liquidation', key: p('90') },
    ]);
    expect(idx.size).toBe(0);
  });

  it('a bulk load fires as one-by-one sets do', () => {
    const a = new TriggerIndex();
    const b = new TriggerIndex();
    const rows = Array.from({ length: 200 }, (_, i) => ({
      id: i + 1,
      symbol: 'X',
      side: (i % 2 ? 'long' : 'short') as Side,
      triggers: {
        trailing: {
          distance: p(String(1 + (i % 9))),
          unit: (i % 3 ? 'price' : 'percent') as TrailingUnit,
          peak: p(String(100 + (i % 5))),
        },
        warning: { price: p(String(80 + (i % 4))), rearm: p('100'), warned: i % 5 === 0 },
      },
    }));
    for (const r of rows) a.set(r.id, r.symbol, r.side, r.triggers);
    b.load(rows);
    for (const m of ['106', '101', '97', '120', '60', '130', '100']) {
      expect(b.fire('X', at(m))).toEqual(a.fire('X', at(m)));
      for (const r of rows) expect(b.peakOf(r.id)).toBe(a.peakOf(r.id));
    }
  });
});

describe('trailingStop (the view) agrees with the index', () => {
  it('rounds a long down and a short up at 18 decimals', () => {
    expect(trailingStop('long', '3', '33.333', 'percent').toFixed()).toBe('2.00001');
    expect(trailingStop('long', '1', '0.0001', 'percent').toFixed()).toBe('0.999999');
    const b = new TrailingBook('short', 'percent');
    const stop = b.stopAt(p('0.000000000000000007'), p('50'));
    expect(unscaled(stop)).toBe(
      trailingStop('short', '0.000000000000000007', '50', 'percent').toFixed(),
    );
    expect(new Decimal(unscaled(stop)).toFixed()).toBe('0.000000000000000011');
  });
});
