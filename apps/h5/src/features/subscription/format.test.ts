import { describe, expect, it } from 'vitest';
import { countdownTarget, percent, timeLeft } from './format.ts';

describe('subscription formatting', () => {
  it('writes ratios as floored percentages', () => {
    expect(percent('0.33339')).toBe('33.33');
    expect(percent('1')).toBe('100.00');
    expect(percent('-0.125')).toBe('-12.50');
  });

  it('counts down in days and a clock, never below zero', () => {
    expect(timeLeft(90_061_000, 0)).toEqual({ done: false, days: 1, clock: '01:01:01' });
    expect(timeLeft(0, 5_000)).toEqual({ done: true, days: 0, clock: '00:00:00' });
  });

  it('counts to the start, then the close, then the launch', () => {
    const p = { start_time: 10, close_time: 20, launch_time: 30 };
    expect(countdownTarget(p, 5)).toEqual({ phase: 'start', at: 10 });
    expect(countdownTarget(p, 15)).toEqual({ phase: 'close', at: 20 });
    expect(countdownTarget(p, 25)).toEqual({ phase: 'launch', at: 30 });
    expect(countdownTarget(p, 35)).toBeNull();
  });
});
