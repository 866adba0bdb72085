import { describe, expect, it } from 'vitest';
import type { KlineBar } from '@hx/protocol';
import { applyLiveBar, lastMaPoint, maLine, mergeBars, toCandle } from './chartData.ts';

const bar = (time: number, close: string, open = close): KlineBar => ({
  time,
  open,
  high: close,
  low: open,
  close,
  volume: '1',
});

describe('mergeBars', () => {
  it('joins pages by time, ascending, newest data winning', () => {
    const older = [bar(1000, '1'), bar(2000, '2')];
    const newer = [bar(2000, '2.5'), bar(3000, '3')];
    expect(mergeBars(newer, older).map((b) => [b.time, b.close])).toEqual([
      [1000, '1'],
      [2000, '2'],
      [3000, '3'],
    ]);
    expect(mergeBars(older, newer).map((b) => b.close)).toEqual(['1', '2.5', '3']);
  });
});

describe('applyLiveBar', () => {
  it('updates the open bar, appends the next and refuses an older one', () => {
    const bars = [bar(60_000, '1')];
    expect(applyLiveBar(bars, bar(60_000, '1.5'))).toBe('updated');
    expect(applyLiveBar(bars, bar(120_000, '2'))).toBe('appended');
    expect(applyLiveBar(bars, bar(0, '9'))).toBe(false);
    expect(bars.map((b) => b.close)).toEqual(['1.5', '2']);
  });
});

describe('drawing data', () => {
  it('turns strings and milliseconds into numbers and seconds', () => {
    expect(toCandle(bar(1_700_000_000_000, '2', '1'))).toEqual({
      time: 1_700_000_000,
      open: 1,
      high: 2,
      low: 1,
      close: 2,
    });
  });

  it('leaves the moving average blank until its window is full', () => {
    const bars = [bar(1000, '1'), bar(2000, '2'), bar(3000, '3')];
    expect(maLine(bars, 2)).toEqual([
      { time: 1 },
      { time: 2, value: 1.5 },
      { time: 3, value: 2.5 },
    ]);
    expect(lastMaPoint(bars, 3)).toEqual({ time: 3, value: 2 });
    expect(lastMaPoint(bars, 5)).toEqual({ time: 3 });
  });
});
