import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { enableTwoFactor, nextCode } from '../two-factor/test-kit.ts';
import {
  adminToken,
  auth,
  deposit,
  expectBalanced,
  moneyApp,
  PAY,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { CARD, cardProof } from './test-kit.ts';

let t: MoneyApp;
beforeAll(async () => {
  t = await moneyApp({ rateLimitAllow: ['127.0.0.1'] });
});
afterAll(() => t.close());

const balanced = async () => expectBalanced(t.app, await adminToken(t));

const save = (user: TestUser, fields: Record<string, string>) =>
  call(t.app, 'POST', 'user/cash_save', { ...CARD, ...fields }, auth(user.token));
const cards = async (user: TestUser) =>
  (await call(t.app, 'POST', 'user/cash_info', {}, auth(user.token))).body.message;
/** A six-digit code that is not `code`. */
const not = (code: string) => (code === '000000' ? '111111' : '000000');

describe('binding a bank card', () => {
  it('takes the fund password and an address code; without them nothing is saved', async () => {
    const none = await seedUser(t);
    const unset = await save(none, await cardProof(t, none.email));
    expect(unset.body.code).toBe('PAY_PASSWORD_NOT_SET');
    expect((await cards(none)).total).toBe(0);

    const user = await seedUser(t, { pay: true });
    expect((await save(user, {})).body.code).toBe('PAY_PASSWORD_REQUIRED');
    expect((await save(user, { pay_password: PAY })).body.code).toBe('CODE_REQUIRED');
    const proof = await cardProof(t, user.email);
    // A wrong fund password is not told apart from a right one without the code.
    const guess = await save(user, { pay_password: '000000', code: not(proof.code) });
    expect(guess.body.code).toBe('CODE_INVALID');
    expect((await save(user, { ...proof, code: not(proof.code) })).body.code).toBe('CODE_INVALID');
    // A code for another purpose does not do.
    const security = await cardProof(t, user.email, 'security');
    expect((await save(user, security)).body.code).toBe('CODE_INVALID');
    expect((await cards(user)).total).toBe(0);

    const fresh = await cardProof(t, user.email);
    const saved = await save(user, fresh);
    expect(saved.status).toBe(200);
    expect(await cards(user)).toMatchObject({ total: 1, list: [{ id: saved.body.message.id }] });
    // The code is spent: the same proof does not save a second card.
    expect((await save(user, fresh)).body.code).toBe('CODE_INVALID');
    expect((await cards(user)).total).toBe(1);
    await balanced();
  });

  it('spends the code on a wrong fund password, and counts it toward the lock', async () => {
    const user = await seedUser(t, { pay: true });
    const first = await cardProof(t, user.email);
    const wrong = await save(user, { ...first, pay_password: '135790' });
    expect(wrong.body.code).toBe('PAY_PASSWORD_WRONG');
    expect((await save(user, first)).body.code).toBe('CODE_INVALID');
    for (let i = 2; i <= 5; i++) {
      const proof = await cardProof(t, user.email);
      const refused = await save(user, { ...proof, pay_password: '135790' });
      expect(refused.body.code).toBe(i < 5 ? 'PAY_PASSWORD_WRONG' : 'PAY_PASSWORD_LOCKED');
    }
    const locked = await save(user, await cardProof(t, user.email));
    expect(locked.body.code).toBe('PAY_PASSWORD_LOCKED');
    expect((await cards(user)).total).toBe(0);
    await balanced();
  });
});

describe('editing a bank card', () => {
  it('takes the same proof; without it the card stays as it was', async () => {
    const user = await seedUser(t, { pay: true });
    const id = String((await save(user, await cardProof(t, user.email))).body.message.id);
    const edit = { id, card_number: 'GB29NWBK60161331926819' };

    expect((await save(user, edit)).body.code).toBe('PAY_PASSWORD_REQUIRED');
    const proof = await cardProof(t, user.email);
    expect((await save(user, { ...edit, ...proof, code: not(proof.code) })).body.code).toBe(
      'CODE_INVALID',
    );
    expect((await cards(user)).list[0].card_number).toBe(CARD.card_number);

    // Someone else's card: refused before their code is spent, which still binds their own.
    const other = await seedUser(t, { pay: true });
    const theirs = await cardProof(t, other.email);
    expect((await save(other, { ...edit, ...theirs })).status).toBe(404);
    expect((await save(other, theirs)).status).toBe(200);

    expect((await save(user, { ...edit, ...(await cardProof(t, user.email)) })).status).toBe(200);
    expect((await cards(user)).list).toMatchObject([
      { id: Number(id), card_number: edit.card_number },
    ]);
    await balanced();
  });

  it('makes an edited card wait the whitelist’s 24 h again: it is a new destination', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    await deposit(t.app, user, await adminToken(t), '100');
    const id = String((await save(user, await cardProof(t, user.email))).body.message.id);
    t.clock.advance(25 * 3_600_000);
    const on = await call(
      t.app,
      'POST',
      'user/whitelist',
      { on: '1', pay_password: PAY },
      auth(user.token),
    );
    expect(on.status).toBe(200);
    const toCard = () =>
      call(
        t.app,
        'POST',
        'wallet/out',
        { currency_id: '3', number: '10', pay_password: PAY, bank_id: id },
        auth(user.token),
      );
    expect((await toCard()).status).toBe(200);

    const edit = { id, card_number: 'GB29NWBK60161331926819' };
    expect((await save(user, { ...edit, ...(await cardProof(t, user.email)) })).status).toBe(200);
    expect((await toCard()).body.code).toBe('WHITELIST_ADDRESS_TOO_NEW');
    await balanced();
  });

  it('deleting a card takes the session alone, as deleting an address does', async () => {
    const user = await seedUser(t, { pay: true });
    const id = (await save(user, await cardProof(t, user.email))).body.message.id;
    const del = await call(t.app, 'POST', 'user/cash_del', { id: String(id) }, auth(user.token));
    expect(del.status).toBe(200);
    expect((await cards(user)).total).toBe(0);
    await balanced();
  });
});

describe('bank cards with the authenticator on', () => {
  it('need its code too, checked before the fund password', async () => {
    const user = await seedUser(t, { pay: true });
    const { secret } = await enableTwoFactor(t, user.token);
    const proof = await cardProof(t, user.email);
    const missing = await save(user, proof);
    expect(missing.body.code).toBe('TWO_FACTOR_REQUIRED');
    const wrong = await save(user, { ...proof, pay_password: '000000', totp: '000000' });
    expect(wrong.body.code).toBe('TWO_FACTOR_INVALID');
    expect((await cards(user)).total).toBe(0);

    const saved = await save(user, { ...proof, totp: nextCode(t, secret) });
    expect(saved.status).toBe(200);
    const id = String(saved.body.message.id);

    const edit = { id, branch: 'Canary Wharf', ...(await cardProof(t, user.email)) };
    expect((await save(user, edit)).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await cards(user)).list[0].branch).toBe(CARD.branch);
    expect((await save(user, { ...edit, totp: nextCode(t, secret) })).status).toBe(200);
    expect((await cards(user)).list[0].branch).toBe('Canary Wharf');
    await balanced();
  });
});
