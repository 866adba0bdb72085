import { expect } from 'vitest';
import { totpCode } from '../../lib/totp.ts';
import { call } from '../../test/harness.ts';
import { auth, type MoneyApp } from '../wallet/test-kit.ts';

/** Test helpers: the user's authenticator, played by computing codes from the secret. */

/** The code the authenticator shows now. */
export const codeNow = (t: MoneyApp, secret: string) => totpCode(secret, t.clock.now());

/** The next 30-second step's code: what the app shows once the last one was spent. */
export function nextCode(t: MoneyApp, secret: string): string {
  t.clock.advance(30_000);
  return codeNow(t, secret);
}

/** Sets up and turns on 2FA for a logged-in user; answers the secret and recovery codes. */
export async function enableTwoFactor(t: MoneyApp, token: string) {
  const setup = await call(t.app, 'POST', 'user/2fa/setup', {}, auth(token));
  expect(setup.status).toBe(200);
  const secret: string = setup.body.message.secret;
  const enabled = await call(
    t.app,
    'POST',
    'user/2fa/enable',
    { code: codeNow(t, secret) },
    auth(token),
  );
  expect(enabled.status).toBe(200);
  return { secret, recoveryCodes: enabled.body.message.recovery_codes as string[] };
}
