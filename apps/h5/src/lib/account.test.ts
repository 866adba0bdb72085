import { describe, expect, it } from 'vitest';
import { initialOf, maskAccount } from './account.ts';

describe('maskAccount', () => {
  it('hides the middle of a phone number', () => {
    expect(maskAccount('13800000000')).toBe('138****0000');
  });
  it('hides most of the name of an email', () => {
    expect(maskAccount('jane@example.com')).toBe('ja***@example.com');
    expect(maskAccount('j@example.com')).toBe('j***@example.com');
  });
  it('leaves very short values', () => {
    expect(maskAccount('12')).toBe('12');
  });
});

describe('initialOf', () => {
  it('takes the first character, upper-cased, also beyond the basic plane', () => {
    expect(initialOf(' jane')).toBe('J');
    expect(initialOf('张三')).toBe('张');
    expect(initialOf('😀x')).toBe('😀');
    expect(initialOf('')).toBe('?');
  });
});
