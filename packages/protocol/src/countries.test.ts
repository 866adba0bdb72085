import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries.ts';
import { realNameBody } from './identity.ts';

const form = (country: unknown) =>
  realNameBody.safeParse({ country, name: 'Ann', id_number: 'X1' });

describe('the country of a KYC submission', () => {
  it('is any of the 249 ISO 3166 countries (and Kosovo), in any case', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    for (const code of COUNTRY_CODES) expect(form(code).data?.country).toBe(code);
    expect(form(' jp ').data?.country).toBe('JP');
  });

  it('is no made-up code', () => {
    for (const code of ['XX', 'UK', 'EU', 'ZZ'])
      expect(form(code).error?.issues[0]?.message).toBe('COUNTRY_REQUIRED');
  });

  it('is required', () => {
    for (const value of [undefined, '', '  '])
      expect(form(value).error?.issues[0]?.message).toBe('COUNTRY_REQUIRED');
  });

  it('may still be the English name older clients sent', () => {
    expect(form('Japan').data?.country).toBe('Japan');
    expect(form('x'.repeat(65)).success).toBe(false);
  });
});
