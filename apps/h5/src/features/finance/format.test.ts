import { describe, expect, it } from 'vitest';
import { percent } from './format.ts';

describe('percent', () => {
  it('writes rates as the spec does', () => {
    expect(percent('0.004')).toBe('0.4%');
    expect(percent('0.06')).toBe('6%');
    expect(percent('0.0012')).toBe('0.12%');
  });
});
