import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode } from '../../test/harness.ts';
import { auth, moneyApp, PAY, seedUser, type MoneyApp } from '../wallet/test-kit.ts';

let t: MoneyApp;
beforeAll(async () => {
  t = await moneyApp();
});
afterAll(() => t.close());

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function addressCode(email: string) {
  t.clock.advance(61_000);
  await call(t.app, 'POST', 'sms_mail', { email, scene: 'address' });
  return latestCode(t.app, email);
}

interface Listed {
  id: number;
  address: string;
  label: string | null;
}
const listOf = async (token: string) =>
  (await call(t.app, 'POST', 'wallet/get_address', {}, auth(token))).body.message.list as Listed[];

describe('withdraw address labels', () => {
  it('saves a trimmed label with the address, lists it, and refuses one too long in the user’s language', async () => {
    const user = await seedUser(t, { pay: true });
    const me = auth(user.token);
    const form = { currency_id: '3', network: 'TRC20', address: TRC20, pay_password: PAY };

    // Refused before the code is spent: 41 characters.
    const long = await call(
      t.app,
      'POST',
      'wallet/addaddress',
      { ...form, label: 'x'.repeat(41), code: '000000' },
      auth(user.token, { lang: 'zh' }),
    );
    expect([long.status, long.body.code, long.body.message]).toEqual([
      400,
      'ADDRESS_LABEL_TOO_LONG',
      '备注名最多 40 个字符',
    ]);

    const saved = await call(
      t.app,
      'POST',
      'wallet/addaddress',
      { ...form, label: '  My Ledger  ', code: await addressCode(user.email) },
      me,
    );
    expect(saved.status).toBe(200);
    // Without a label (or a blank one) the address has none.
    const plain = await call(
      t.app,
      'POST',
      'wallet/addaddress',
      {
        ...form,
        network: 'ERC20',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        label: '   ',
        code: await addressCode(user.email),
      },
      me,
    );
    expect(plain.status).toBe(200);
    expect(await listOf(user.token)).toEqual([
      expect.objectContaining({ id: plain.body.message.id, label: null }),
      expect.objectContaining({ id: saved.body.message.id, address: TRC20, label: 'My Ledger' }),
    ]);
  });

  it('renames only the owner’s address; an empty label removes the name', async () => {
    const user = await seedUser(t, { pay: true });
    const other = await seedUser(t, { pay: true });
    const saved = await call(
      t.app,
      'POST',
      'wallet/addaddress',
      {
        currency_id: '3',
        network: 'TRC20',
        address: TRC20,
        pay_password: PAY,
        code: await addressCode(user.email),
      },
      auth(user.token),
    );
    const id = String(saved.body.message.id);

    const renamed = await call(
      t.app,
      'POST',
      'wallet/editaddress',
      { id, label: ' Cold wallet ' },
      auth(user.token),
    );
    expect(renamed.body).toMatchObject({
      type: 'ok',
      message: { id: Number(id), label: 'Cold wallet' },
    });
    expect((await listOf(user.token))[0]!.label).toBe('Cold wallet');

    const stranger = await call(
      t.app,
      'POST',
      'wallet/editaddress',
      { id, label: 'Mine now' },
      auth(other.token),
    );
    expect([stranger.status, stranger.body.code]).toEqual([404, 'NOT_FOUND']);
    const tooLong = await call(
      t.app,
      'POST',
      'wallet/editaddress',
      { id, label: 'y'.repeat(41) },
      auth(user.token),
    );
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'ADDRESS_LABEL_TOO_LONG']);
    expect((await listOf(user.token))[0]!.label).toBe('Cold wallet');

    const cleared = await call(
      t.app,
      'POST',
      'wallet/editaddress',
      { id, label: '' },
      auth(user.token),
    );
    expect(cleared.body.message).toEqual({ id: Number(id), label: null });
    expect((await listOf(user.token))[0]!.label).toBeNull();

    // A deleted address cannot be renamed.
    await call(t.app, 'POST', 'wallet/deladdress', { id }, auth(user.token));
    const gone = await call(
      t.app,
      'POST',
      'wallet/editaddress',
      { id, label: 'Back' },
      auth(user.token),
    );
    expect(gone.body.code).toBe('NOT_FOUND');
  });
});
