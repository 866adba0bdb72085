import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, kycSubmissions, type Database } from '@hx/db';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { seed } from '../../seed.ts';
import { call, latestCode, registerEmail } from '../../test/harness.ts';
import { fund, order } from '../spot/test-kit.ts';
import {
  adminToken,
  auth,
  deposit,
  expectBalanced,
  PAY,
  seedAddress,
  seedUser,
  upload,
  type MoneyApp,
  type TestUser,
  fundedUser,
} from '../wallet/test-kit.ts';

/**
 * Every outcome tells its user what happened, with the facts they need: one app on BTCUSDT with
 * prices given tick by tick (as the contract and option tests do).
 */
let t: MoneyApp;
let database: Database;
let admin: string;
const clock = manualClock(new Date('2026-02-02T00:00:00Z'));
const config = { ...loadConfig({}), dataDir: mkdtempSync(join(tmpdir(), 'hx-notify-')) };

beforeAll(async () => {
  database = await freshDatabase();
  await seed(database.db, config);
  const app = await buildApp({ config, database, clock, market: { symbols: ['BTCUSDT'] } });
  t = { app, clock, config, db: database.db, close: async () => undefined };
  admin = await adminToken(t);
  await tick('65000');
});
afterAll(async () => {
  await t.app.close();
  await database.close();
  rmSync(config.dataDir, { recursive: true, force: true });
});

/** One recorded tick a second later; resolves once the contract triggers have run on it. */
async function tick(price: string): Promise<number> {
  clock.advance(1000);
  const time = clock.now().getTime();
  t.app.market.ingest([{ symbol: 'BTCUSDT', time, price, volume: '1' }]);
  await t.app.market.flush();
  await t.app.lever.triggers.idle();
  return time;
}

interface Told {
  id: number;
  kind: string;
  title: string;
  body: string;
  data: Record<string, string | number>;
}

/** The user's notifications of `kind`, newest first, in `lang`. */
async function told(user: { token: string }, kind: string, lang = 'en'): Promise<Told[]> {
  const { status, body } = await call(
    t.app,
    'GET',
    'notifications',
    { limit: '100' },
    auth(user.token, { lang }),
  );
  expect(status).toBe(200);
  return body.message.list.filter((n: Told) => n.kind === kind);
}

/** A user with `amount` USDT moved to one of their sub-accounts (deposit, pass, transfer). */
const funded = (to: 'contract' | 'options', amount: string, kyc = false) =>
  fundedUser(t, admin, amount, { kyc, to });

const lever = (user: TestUser, fields: Record<string, string>) =>
  call(
    t.app,
    'POST',
    'lever/submit',
    { symbol: 'BTCUSDT', side: 'long', type: 'market', lots: '2', multiple: '10', ...fields },
    auth(user.token),
  );

describe('spot', () => {
  it('tells the owner of an order filled completely its side, amount and average price', async () => {
    const seller = await seedUser(t);
    const buyer = await seedUser(t);
    await fund(t, seller.id, 1, '1');
    await fund(t, buyer.id, 3, '100000');
    const ask = await order(t.app, seller.token, { side: 'sell', price: '60000', amount: '0.5' });
    const bid = await order(t.app, buyer.token, { side: 'buy', price: '60010', amount: '0.2' });
    expect(bid.body.message.status).toBe('completed');
    expect(await told(buyer, 'spot_filled')).toEqual([
      {
        id: expect.any(Number),
        kind: 'spot_filled',
        title: 'Spot order filled',
        body: 'Your buy order on BTC/USDT filled: 0.20000 BTC at an average price of 60,000.00 USDT.',
        at: clock.now().getTime(),
        read: false,
        data: { order_id: bid.body.message.id, symbol: 'BTCUSDT' },
      },
    ]);
    expect(await told(seller, 'spot_filled')).toEqual([]); // partly filled: nothing yet

    await order(t.app, buyer.token, { side: 'buy', type: 'market', amount: '0.3' });
    const [sold] = await told(seller, 'spot_filled', 'hk');
    expect(sold).toMatchObject({
      title: '幣幣訂單已成交',
      body: '您在 BTC/USDT 的賣出訂單已全部成交：0.50000 BTC，成交均價 60,000.00 USDT。',
      data: { order_id: ask.body.message.id, symbol: 'BTCUSDT' },
    });
    expect(await told(buyer, 'spot_filled')).toHaveLength(2);
    await expectBalanced(t.app, admin);
  });
});

describe('contracts', () => {
  it('a limit entry that fills tells its open price', async () => {
    await tick('65000');
    const user = await funded('contract', '1000');
    const { body } = await lever(user, { type: 'limit', price: '64000' });
    await tick('63990');
    expect(await told(user, 'lever_entry_filled')).toMatchObject([
      {
        body: 'Your long limit entry on BTC/USDT opened at 64,000.00: 2 lots at 10×.',
        data: { position_id: body.message.id, symbol: 'BTCUSDT' },
      },
    ]);
    await expectBalanced(t.app, admin);
  });

  it('a stop loss tells the recorded price it closed at and the P&L', async () => {
    await tick('65000');
    const user = await funded('contract', '1000');
    const { body } = await lever(user, { stop_loss: '64000' });
    expect(body.message.open_price).toBe('65006.5');
    await tick('63990.5'); // through the stop: the position closes at this recorded price
    const [stop] = await told(user, 'lever_stop_loss');
    expect(stop).toMatchObject({
      title: 'Stop loss triggered',
      // (63990.5 − 65006.5) × 2 lots × 0.01 BTC
      body:
        'Your long position on BTC/USDT hit its stop loss (64,000.00) and closed at the ' +
        'recorded price 63,990.50. P&L: -20.3200 USDT.',
      data: { position_id: body.message.id, symbol: 'BTCUSDT' },
    });
    const [zh] = await told(user, 'lever_stop_loss', 'zh');
    expect(zh?.body).toBe(
      '您在 BTC/USDT 的买涨仓位触发止损（64,000.00），已按记录价格 63,990.50 平仓。盈亏：-20.3200 USDT。',
    );
    await expectBalanced(t.app, admin);
  });

  it('a liquidation tells the recorded price and the margin lost', async () => {
    await tick('68000');
    const user = await funded('contract', '200');
    const { body } = await lever(user, { multiple: '100', lots: '1' });
    expect(body.message.margin).toBe('6.8007');
    await tick('60000');
    expect(await told(user, 'lever_liquidated')).toMatchObject([
      {
        title: 'Position liquidated',
        body:
          'Your long position on BTC/USDT was liquidated at the recorded price 60,000.00. ' +
          'Margin lost: 6.8007 USDT.',
        data: { position_id: body.message.id, symbol: 'BTCUSDT' },
      },
    ]);
    await expectBalanced(t.app, admin);
  });
});

describe('options', () => {
  it('a win and a refund tell the open and close prices and what was paid', async () => {
    const user = await funded('options', '100', true);
    await tick('65000');
    const buy = (type: string) =>
      call(
        t.app,
        'POST',
        'microtrade/submit',
        { symbol: 'BTCUSDT', type, seconds: '30', currency_id: '3', number: '10' },
        auth(user.token),
      );
    const call_ = await buy('call');
    const even = await buy('even');
    expect([call_.status, even.status]).toEqual([200, 200]);
    clock.advance(30_000);
    await tick('65000'); // after delivery: the close is the last price at or before it
    expect(await t.app.optionSettlement.runOnce()).toBe(2);
    expect(await told(user, 'option_win')).toMatchObject([
      {
        title: 'Option won',
        body:
          'Your even option on BTC/USDT won: opened at 65,000.00, closed at 65,000.00. ' +
          'Paid out: 18.0000 USDT.',
        data: { option_order_id: even.body.message.id, symbol: 'BTCUSDT' },
      },
    ]);
    expect(await told(user, 'option_refund', 'esp')).toMatchObject([
      {
        title: 'Opción reembolsada',
        body:
          'Tu opción al alza (call) en BTC/USDT terminó sin cambios: apertura a 65.000,00, ' +
          'cierre a 65.000,00. Tu importe de 10,0000 USDT ha vuelto a tu cuenta de opciones.',
        data: { option_order_id: call_.body.message.id, symbol: 'BTCUSDT' },
      },
    ]);
    expect(await told(user, 'option_lose')).toEqual([]);
    await expectBalanced(t.app, admin);
  });
});

describe('deposits and withdrawals', () => {
  it('a deposit tells the amount credited, the corrected one when the operator changed it', async () => {
    const user = await seedUser(t);
    const plain = await deposit(t.app, user, admin, '1234.5');
    const voucher = await upload(t.app, user.token);
    const req = await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { currency_id: '3', network: 'TRC20', number: '100', voucher },
      auth(user.token),
    );
    const pass = await call(
      t.app,
      'POST',
      `admin/deposits/${req.body.message.id}/pass`,
      { credited_amount: '99.5' },
      auth(admin),
    );
    expect(pass.status).toBe(200);
    expect(await told(user, 'deposit_credited')).toMatchObject([
      {
        title: 'Deposit credited',
        body: '99.5000 USDT (TRC20) has been credited to your spot account.',
        data: { deposit_id: req.body.message.id, currency_id: 3 },
      },
      {
        body: '1,234.5000 USDT (TRC20) has been credited to your spot account.',
        data: { deposit_id: plain, currency_id: 3 },
      },
    ]);
    await expectBalanced(t.app, admin);
  });

  it('a rejected withdrawal tells the reason and that the amount is back; a passed one where it went', async () => {
    const user = await seedUser(t, { pay: true, kyc: true });
    await deposit(t.app, user, admin, '100');
    const addressId = await seedAddress(t, user.id);
    const out = () =>
      call(
        t.app,
        'POST',
        'wallet/out',
        { currency_id: '3', address_id: String(addressId), number: '50', pay_password: PAY },
        auth(user.token),
      );
    const first = await out();
    expect(first.status).toBe(200);
    const reason = 'The address is on a sanctions list';
    await call(
      t.app,
      'POST',
      `admin/withdrawals/${first.body.message.id}/reject`,
      { reason },
      auth(admin),
    );
    expect(await told(user, 'withdrawal_rejected')).toMatchObject([
      {
        title: 'Withdrawal rejected',
        body:
          'Your withdrawal of 50.0000 USDT was rejected: The address is on a sanctions list. ' +
          'The amount is back in your spot account.',
        data: { withdrawal_id: first.body.message.id },
      },
    ]);
    const second = await out();
    await call(t.app, 'POST', `admin/withdrawals/${second.body.message.id}/pass`, {}, auth(admin));
    const [passed] = await told(user, 'withdrawal_passed');
    // Approved, not sent: TRC20 has no signer here, so no transaction exists to speak of.
    expect(passed?.body).toMatch(
      /^Your withdrawal of 50\.0000 USDT to T\w+ \(TRC20\) has been approved\. No transaction has been sent by the exchange: this network is paid out by hand, and in demo mode nothing is sent\.$/,
    );
    expect(passed?.body).not.toMatch(/and sent/);
    expect(passed?.data).toEqual({ withdrawal_id: second.body.message.id });
    await expectBalanced(t.app, admin);
  });
});

describe('identity and security', () => {
  it('a KYC decision tells the level, and the reason of a rejection', async () => {
    const user = await seedUser(t);
    const submit = async (level: 'basic' | 'advanced') => {
      const [row] = await t.db
        .insert(kycSubmissions)
        .values({ userId: user.id, level, country: 'DE', name: 'Ada Muster', idNumber: 'X1' })
        .returning({ id: kycSubmissions.id });
      return row!.id;
    };
    await call(t.app, 'POST', `admin/kyc/${await submit('basic')}/pass`, {}, auth(admin));
    expect(await told(user, 'kyc_verified', 'th')).toMatchObject([
      {
        title: 'ยืนยันตัวตนสำเร็จ',
        body: 'การยืนยันขั้นพื้นฐานของคุณได้รับการอนุมัติแล้ว',
        data: { level: 'basic' },
      },
    ]);
    const reason = 'The photo of the document is blurred';
    await call(
      t.app,
      'POST',
      `admin/kyc/${await submit('advanced')}/reject`,
      { reason },
      auth(admin),
    );
    expect(await told(user, 'kyc_rejected')).toMatchObject([
      {
        body: `Your advanced verification was not approved: ${reason}. You can submit it again.`,
        data: { level: 'advanced' },
      },
    ]);
  });

  it('a login, a password change and a new fund password are told', async () => {
    const email = 'told@example.com';
    const me = await registerEmail(t.app, email, 'secret123');
    expect(await told(me, 'security_login')).toEqual([]); // registering is no new login
    const login = await call(
      t.app,
      'POST',
      'user/login',
      { account: email, password: 'secret123' },
      {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      },
    );
    expect(login.status).toBe(200);
    // The first login from this phone: the notice says so (a known device gets 'security_login').
    expect(await told(me, 'security_new_device')).toMatchObject([
      {
        title: 'Login from a new device',
        body: "Your account was logged in from a device it has not used before: Chrome · Android (IP 127.0.0.1). If this wasn't you, change your password and end that session under Devices right away.",
        data: {},
      },
    ]);
    const changed = await call(
      t.app,
      'POST',
      'safe/update_password',
      { old_password: 'secret123', password: 'secret456', re_password: 'secret456' },
      auth(me.token),
    );
    expect(changed.status).toBe(200);
    expect(await told(me, 'security_password_changed')).toHaveLength(1);
    clock.advance(61_000); // the next code to the same address
    await call(t.app, 'POST', 'sms_mail', { email, scene: 'security' });
    const code = await latestCode(t.app, email);
    const fundPassword = await call(
      t.app,
      'POST',
      'user/e_pwd',
      { pay_password: '135790', re_pay_password: '135790', code },
      auth(me.token),
    );
    expect(fundPassword.status).toBe(200);
    expect(await told(me, 'security_fund_password_changed', 'kr')).toMatchObject([
      { title: '자금 비밀번호 변경' },
    ]);
  });
});
