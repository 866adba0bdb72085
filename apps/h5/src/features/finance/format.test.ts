import { describe, expect, it } from 'vitest';
import { percent } from './format.ts';

describe('percent', () => {
  it('writes rates as the spec does', () => {
    expect(percent('0.004', 'en')).toBe('0.4%');
    expect(percent('0.06', 'en')).toBe('6%');
    expect(percent('0.0012', 'en')).toBe('0.12%');
  });

  it('punctuates for the language', () => {
    expect(percent('0.0045', 'esp')).toBe('0,45\u00a0%');
    expect(percent('0.0045', 'zh')).toBe('0.45%');
  });
});
