import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@hx/db';
import { call, latestCode, registerEmail } from '../../test/harness.ts';
import { cardProof } from '../bank/test-kit.ts';
import { auth, moneyApp, PAY, seedUser, type MoneyApp } from '../wallet/test-kit.ts';

/** What a user sets up before a withdrawal: the fund password, addresses, bank cards. */
let t: MoneyApp;
beforeAll(async () => {
  t = await moneyApp();
});
afterAll(() => t.close());

describe('fund password', () => {
  it("is 6 digits, confirmed, set with a 'security' code from the user's own email, and hashed", async () => {
    const email = 'fund@example.com';
    const { token } = await registerEmail(t.app, email);
    const me = auth(token);
    expect((await call(t.app, 'POST', 'user/has_password', {}, me)).body.message).toEqual({
      has: false,
    });
    const cases: [Record<string, string>, string][] = [
      [{}, 'PAY_PASSWORD_REQUIRED'],
      [{ pay_password: '12345', re_pay_password: '12345', code: '123456' }, 'PAY_PASSWORD_INVALID'],
      [
        { pay_password: '12345a', re_pay_password: '12345a', code: '123456' },
        'PAY_PASSWORD_INVALID',
      ],
      [
        { pay_password: '123456', re_pay_password: '123457', code: '123456' },
        'PAY_PASSWORD_MISMATCH',
      ],
      [{ pay_password: '123456', re_pay_password: '123456' }, 'CODE_REQUIRED'],
    ];
    for (const [fields, code] of cases)
      expect((await call(t.app, 'POST', 'user/e_pwd', fields, me)).body.code).toBe(code);
    const mismatch = await call(
      t.app,
      'POST',
      'user/e_pwd',
      cases[3]![0],
      auth(token, { lang: 'jp' }),
    );
    expect(mismatch.body.message).toBe('2回入力した資金パスワードが一致しません');

    // A code sent to someone else, or for another purpose, does not do.
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email: 'someone@example.com', scene: 'security' });
    const foreign = await latestCode(t.app, 'someone@example.com');
    const form = { pay_password: '135790', re_pay_password: '135790' };
    expect(
      (await call(t.app, 'POST', 'user/e_pwd', { ...form, code: foreign }, me)).body.code,
    ).toBe('CODE_INVALID');
    await call(t.app, 'POST', 'sms_mail', { email, scene: 'security' });
    const code = await latestCode(t.app, email);
    expect((await call(t.app, 'POST', 'user/e_pwd', { ...form, code }, me)).status).toBe(200);
    expect((await call(t.app, 'POST', 'user/has_password', {}, me)).body.message).toEqual({
      has: true,
    });
    expect((await call(t.app, 'GET', 'user/center', {}, me)).body.message.has_pay_password).toBe(
      true,
    );
    const [row] = await t.db
      .select({ hash: users.payPasswordHash })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect((await call(t.app, 'POST', 'user/e_pwd', { ...form, code }, me)).body.code).toBe(
      'CODE_INVALID',
    );
  });
});

describe('withdraw addresses', () => {
  async function addressCode(email: string) {
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email, scene: 'address' });
    return latestCode(t.app, email);
  }

  it('needs a fund password, a network of the coin, a valid address, the fund password and a code', async () => {
    const noPay = await seedUser(t);
    const user = await seedUser(t, { pay: true });
    const me = auth(user.token);
    const form = {
      currency_id: '3',
      network: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      pay_password: PAY,
      code: '000000',
    };
    expect(
      (await call(t.app, 'POST', 'wallet/addaddress', form, auth(noPay.token))).body.code,
    ).toBe('PAY_PASSWORD_NOT_SET');
    const cases: [Record<string, string>, string, string?][] = [
      [{ address: '' }, 'ADDRESS_EMPTY'],
      [{ network: 'BEP20' }, 'NETWORK_INVALID'],
      [{ currency_id: '999' }, 'CURRENCY_INVALID'],
      [
        { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
        'ADDRESS_INVALID',
        'This is not a valid TRC20 address',
      ],
      [
        { network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
        'ADDRESS_INVALID',
        'This is not a valid ERC20 address',
      ],
      [{ pay_password: '' }, 'PAY_PASSWORD_REQUIRED'],
      [{ code: '' }, 'CODE_REQUIRED'],
    ];
    for (const [change, code, message] of cases) {
      const { body } = await call(t.app, 'POST', 'wallet/addaddress', { ...form, ...change }, me);
      expect(body.code).toBe(code);
      if (message) expect(body.message).toBe(message);
    }
    const spent = await addressCode(user.email);
    const wrongPay = await call(
      t.app,
      'POST',
      'wallet/addaddress',
      { ...form, code: spent, pay_password: '111111' },
      me,
    );
    expect(wrongPay.body.code).toBe('PAY_PASSWORD_WRONG');
    // The code was spent before the fund password was checked: each guess costs a code.
    expect(
      (await call(t.app, 'POST', 'wallet/addaddress', { ...form, code: spent }, me)).body.code,
    ).toBe('CODE_INVALID');
    const code = await addressCode(user.email);
    const wrongCode = code === '000000' ? '000001' : '000000';
    expect(
      (await call(t.app, 'POST', 'wallet/addaddress', { ...form, code: wrongCode }, me)).body.code,
    ).toBe('CODE_INVALID');
    const saved = await call(t.app, 'POST', 'wallet/addaddress', { ...form, code }, me);
    expect(saved.status).toBe(200);
    expect((await call(t.app, 'POST', 'wallet/addaddress', { ...form, code }, me)).body.code).toBe(
      'ADDRESS_EXISTS',
    );

    // One spelling per address: a lower-case EVM address is kept in its EIP-55 form.
    const evm = await call(
      t.app,
      'POST',
      'wallet/addaddress',
      {
        ...form,
        network: 'ERC20',
        address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
        code: await addressCode(user.email),
      },
      me,
    );
    expect(evm.status).toBe(200);
    const list = (await call(t.app, 'POST', 'wallet/get_address', { currency_id: '3' }, me)).body
      .message;
    expect(list.total).toBe(2);
    expect(list.list.map((a: { address: string }) => a.address)).toEqual([
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    ]);
    expect(
      (await call(t.app, 'POST', 'wallet/get_address', { currency_id: '1' }, me)).body.message
        .total,
    ).toBe(0);

    // Someone else can neither see nor delete them.
    const other = await seedUser(t, { pay: true });
    expect(
      (await call(t.app, 'POST', 'wallet/get_address', {}, auth(other.token))).body.message.total,
    ).toBe(0);
    const steal = await call(
      t.app,
      'POST',
      'wallet/deladdress',
      { id: String(saved.body.message.id) },
      auth(other.token),
    );
    expect(steal).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(
      (await call(t.app, 'POST', 'wallet/deladdress', { id: String(saved.body.message.id) }, me))
        .status,
    ).toBe(200);
    expect((await call(t.app, 'POST', 'wallet/get_address', {}, me)).body.message.total).toBe(1);
    expect(
      (await call(t.app, 'POST', 'wallet/deladdress', { id: String(saved.body.message.id) }, me))
        .status,
    ).toBe(404);
  });
});

describe('bank cards', () => {
  const card = {
    name: 'Ann Lee',
    card_number: 'GB33BUKB20201555555555',
    depositary_bank: 'Barclays',
    branch: 'Soho',
    bank_name: 'Barclays Bank UK PLC',
    bank_address: '1 Churchill Place, London',
    swift_code: 'BUKBGB22',
    payee_address: '10 Downing Street, London',
    zip_code: 'SW1A 2AA',
  };
  const codes = [
    'CARDHOLDER_REQUIRED',
    'CARD_NUMBER_REQUIRED',
    'DEPOSITARY_BANK_REQUIRED',
    'BANK_BRANCH_REQUIRED',
    'BANK_NAME_REQUIRED',
    'BANK_ADDRESS_REQUIRED',
    'SWIFT_CODE_REQUIRED',
    'PAYEE_ADDRESS_REQUIRED',
    'ZIP_CODE_REQUIRED',
  ];

  it('requires every field with its own code, lists, updates and deletes only your own cards', async () => {
    const user = await seedUser(t, { pay: true });
    const me = auth(user.token);
    const keys = Object.keys(card) as (keyof typeof card)[];
    const proof = await cardProof(t, user.email);
    for (let i = 0; i < keys.length; i++) {
      const partial = Object.fromEntries(keys.slice(0, i).map((k) => [k, card[k]]));
      const refused = await call(t.app, 'POST', 'user/cash_save', { ...partial, ...proof }, me);
      expect(refused.body.code).toBe(codes[i]);
    }
    const saved = await call(t.app, 'POST', 'user/cash_save', { ...card, ...proof }, me);
    const id = String(saved.body.message.id);
    const list = (await call(t.app, 'POST', 'user/cash_info', {}, me)).body.message;
    expect(list).toMatchObject({ total: 1, page: 1, list: [{ id: Number(id), ...card }] });
    const edit = { ...card, id, branch: 'Canary Wharf', ...(await cardProof(t, user.email)) };
    await call(t.app, 'POST', 'user/cash_save', edit, me);
    expect((await call(t.app, 'POST', 'user/cash_info', {}, me)).body.message.list[0].branch).toBe(
      'Canary Wharf',
    );

    const other = await seedUser(t, { pay: true });
    const them = auth(other.token);
    expect((await call(t.app, 'POST', 'user/cash_info', {}, them)).body.message.total).toBe(0);
    const theirs = { ...card, id, ...(await cardProof(t, other.email)) };
    expect((await call(t.app, 'POST', 'user/cash_save', theirs, them)).status).toBe(404);
    expect((await call(t.app, 'POST', 'user/cash_del', { id }, them)).status).toBe(404);
    expect((await call(t.app, 'POST', 'user/cash_del', { id }, me)).status).toBe(200);
    expect((await call(t.app, 'POST', 'user/cash_info', {}, me)).body.message.total).toBe(0);
  });
});
