import { expect } from 'vitest';
import { call, latestCode, type TestApp } from '../../test/harness.ts';
import { auth, PAY } from '../wallet/test-kit.ts';

/** Test helpers: the proof a bank card takes, as the app gathers it. */

/** A card with every field filled. */
export const CARD = {
  name: 'Ann Lee',
  card_number: '4111 1111 1111 1234',
  depositary_bank: 'HSBC',
  branch: 'Central',
  bank_name: 'HSBC Hong Kong',
  bank_address: '1 Queen’s Road Central',
  swift_code: 'HSBCHKHH',
  payee_address: '2 Harbour Road',
  zip_code: '999077',
};

/**
 * A fresh code of `scene` mailed to `email` (a minute on, so the one-a-minute wait never
 * refuses it) and the fund password PAY: what saving a card takes with 2FA off.
 */
export async function cardProof(
  t: Pick<TestApp, 'app' | 'clock'>,
  email: string,
  scene: 'address' | 'security' = 'address',
) {
  t.clock.advance(61_000);
  const sent = await call(t.app, 'POST', 'sms_mail', { email, scene });
  expect(sent.status).toBe(200);
  return { pay_password: PAY, code: await latestCode(t.app, email) };
}

/** Sets the fund password PAY through the real flow, for users made by registering. */
export async function setFundPassword(
  t: Pick<TestApp, 'app' | 'clock'>,
  email: string,
  token: string,
) {
  const { code } = await cardProof(t, email, 'security');
  const set = await call(
    t.app,
    'POST',
    'user/e_pwd',
    { pay_password: PAY, re_pay_password: PAY, code },
    auth(token),
  );
  expect(set.status).toBe(200);
}
