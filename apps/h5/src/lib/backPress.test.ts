import { describe, expect, it } from 'vitest';
import { createBackPress, hasPageBehind } from './backPress.ts';

describe('createBackPress', () => {
  it('warns on the first press and exits on a second within two seconds', () => {
    const press = createBackPress();
    expect(press(10_000)).toBe('warn');
    expect(press(11_500)).toBe('exit');
  });

  it('warns again when the second press comes too late', () => {
    const press = createBackPress();
    expect(press(10_000)).toBe('warn');
    expect(press(12_001)).toBe('warn');
    expect(press(13_000)).toBe('exit');
  });

  it('starts over after an exit', () => {
    const press = createBackPress(2000);
    press(0);
    expect(press(100)).toBe('exit');
    expect(press(200)).toBe('warn');
  });
});

describe('hasPageBehind', () => {
  it('is true only past the first entry of the visit', () => {
    expect(hasPageBehind({ idx: 2, key: 'a' })).toBe(true);
    expect(hasPageBehind({ idx: 0, key: 'a' })).toBe(false);
    expect(hasPageBehind(null)).toBe(false);
    expect(hasPageBehind({ usr: null })).toBe(false);
  });
});
