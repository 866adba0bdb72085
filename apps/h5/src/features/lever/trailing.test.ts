import { describe, expect, it } from 'vitest';
import { trailingText } from './calc.ts';

describe('trailingText', () => {
  it('writes a price distance on the pair’s grid and a percent with its sign', () => {
    expect(trailingText('1500', 'price', 2, 'en')).toBe('1,500.00');
    expect(trailingText('1.5', 'percent', 2, 'en')).toBe('1.5%');
    expect(trailingText('2.25', 'percent', 2, 'esp')).toBe('2,25%');
    expect(trailingText(null, null, 2, 'en')).toBe('--');
  });
});
