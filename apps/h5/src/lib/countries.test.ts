import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '@hx/protocol';
import { countryName, countryOptions } from './countries.ts';

describe('countryOptions', () => {
  it('offers every country of ISO 3166, each once', () => {
    const codes = countryOptions('en').map((c) => c.code);
    expect(codes).toHaveLength(COUNTRY_CODES.length);
    expect(new Set(codes).size).toBe(COUNTRY_CODES.length);
    expect(codes).toEqual(expect.arrayContaining(['JP', 'TH', 'BR', 'KE', 'IS', 'FJ']));
  });

  it('names countries in the reader language', () => {
    const name = (locale: 'zh' | 'hk' | 'jp' | 'kr' | 'esp' | 'th', code: string) =>
      countryOptions(locale).find((c) => c.code === code)?.name;
    expect(name('zh', 'JP')).toBe('日本');
    expect(name('hk', 'DE')).toBe('德國');
    expect(name('jp', 'US')).toBe('アメリカ合衆国');
    expect(name('kr', 'FR')).toBe('프랑스');
    expect(name('esp', 'JP')).toBe('Japón');
    expect(name('th', 'TH')).toBe('ไทย');
  });

  it('sorts as the language sorts', () => {
    const spanish = countryOptions('esp').map((c) => c.name);
    // Spanish puts "Ñ" after "N" and ignores the accent of "Á".
    expect(spanish.indexOf('Austria')).toBeLessThan(spanish.indexOf('Azerbaiyán'));
    expect(spanish.indexOf('Nueva Zelanda')).toBeLessThan(spanish.indexOf('Omán'));
    const english = countryOptions('en').map((c) => c.name);
    expect(english[0]).toBe('Afghanistan');
    expect([...english].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(english);
  });

  it('finds a country by its name here or in English, without accents, or by code', () => {
    const japan = countryOptions('esp').find((c) => c.code === 'JP')!;
    for (const typed of ['japón', 'japon', 'japan', 'jp']) expect(japan.search).toContain(typed);
    const thai = countryOptions('th').find((c) => c.code === 'JP')!;
    expect(thai.search).toContain('ญี่ปุ่น');
    expect(thai.search).toContain('japan');
  });
});

describe('countryName', () => {
  it('names a stored code in the reader language', () => {
    expect(countryName('JP', 'zh')).toBe('日本');
    expect(countryName('FR', 'en')).toBe('France');
  });

  it('shows an older submission, stored as an English name, as it is', () => {
    expect(countryName('Japan', 'zh')).toBe('Japan');
    expect(countryName('Demo', 'th')).toBe('Demo');
  });
});
