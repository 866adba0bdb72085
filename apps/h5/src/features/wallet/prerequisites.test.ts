import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type UserView } from '@hx/protocol';
import chinese from '@hx/protocol/error-messages/zh';
import { addErrorMessages } from '../../i18n/errors.ts';
import { accountPrerequisites } from './prerequisites.ts';

const user = (over: Partial<UserView>): UserView => ({
  id: 1,
  account: 'a@example.com',
  nickname: 'a',
  phone: null,
  area_code: null,
  email: 'a@example.com',
  avatar: null,
  invite_code: 'X',
  has_pay_password: false,
  two_factor: false,
  kyc: { basic: 'unverified', advanced: 'unverified' },
  created_at: 0,
  ...over,
});

// The app adds a language's error messages once it is chosen (i18n/index.ts).
beforeAll(() => addErrorMessages('zh', chinese));

describe('accountPrerequisites', () => {
  it("lists what is missing in the server's order, each with its own message and page", () => {
    const missing = accountPrerequisites(user({}), 'en');
    expect(missing.map((m) => [m.key, m.message, m.to])).toEqual([
      ['kyc', ERRORS.KYC_REQUIRED.en, '/pages/verification/index'],
      ['payPassword', ERRORS.PAY_PASSWORD_NOT_SET.en, '/pages/settings/security/changePayPassword'],
    ]);
  });

  it('counts only verified basic KYC, and speaks the language asked', () => {
    const inReview = user({ kyc: { basic: 'review', advanced: 'unverified' } });
    expect(accountPrerequisites(inReview, 'zh')[0]?.message).toBe(ERRORS.KYC_REQUIRED.zh);
    const ready = user({
      has_pay_password: true,
      kyc: { basic: 'verified', advanced: 'unverified' },
    });
    expect(accountPrerequisites(ready, 'en')).toEqual([]);
  });
});
