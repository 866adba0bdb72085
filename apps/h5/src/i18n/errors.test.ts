import { describe, expect, it } from 'vitest';
import { ERRORS } from '@hx/protocol';
import thai from '@hx/protocol/error-messages/th';
import { addErrorMessages, errorMessage } from './errors.ts';

describe('errorMessage', () => {
  it('speaks English until the chosen language has loaded, then that language', () => {
    const params = { min: '10', coin: 'USDT' };
    const english = ERRORS.WITHDRAW_BELOW_MIN.en.replace('{min}', '10').replace('{coin}', 'USDT');
    expect(errorMessage('WITHDRAW_BELOW_MIN', 'th', params)).toBe(english);
    addErrorMessages('th', thai);
    expect(errorMessage('WITHDRAW_BELOW_MIN', 'th', params)).toBe(
      ERRORS.WITHDRAW_BELOW_MIN.th.replace('{min}', '10').replace('{coin}', 'USDT'),
    );
    expect(errorMessage('WITHDRAW_BELOW_MIN', 'en', params)).toBe(english);
  });
});
