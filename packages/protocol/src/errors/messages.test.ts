import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.ts';
import { CodedError, ERROR_MESSAGES, ERROR_STATUS, ERRORS, errorMessage } from '../errors.ts';
import type { ErrorCode } from './codes.ts';

const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(LOCALES)('error messages in %s', (locale) => {
  const messages = ERROR_MESSAGES[locale];

  it('has every code, no other key, and no empty message', () => {
    expect(Object.keys(messages).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(messages[code].trim(), code).not.toBe('');
  });

  it('keeps the placeholders of English', () => {
    for (const code of codes)
      expect(placeholders(messages[code]), code).toEqual(placeholders(ERROR_MESSAGES.en[code]));
  });
});

describe('the error catalogue', () => {
  it('gives each code its status and its message in every language', () => {
    expect(ERRORS.UNAUTHENTICATED.status).toBe(401);
    expect(ERRORS.UNAUTHENTICATED.th).toBe(ERROR_MESSAGES.th.UNAUTHENTICATED);
    expect(new CodedError('NOT_FOUND').status).toBe(404);
    expect(new CodedError('NOT_FOUND', {}, 409).status).toBe(409);
  });

  it('fills placeholders it is given and leaves the others as written', () => {
    expect(errorMessage('VALIDATION', 'en', { field: 'amount' })).toBe('Invalid value: amount');
    expect(errorMessage('VALIDATION', 'en')).toBe('Invalid value: {field}');
  });
});
