import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { hexToBytes } from '@noble/hashes/utils.js';
import { auditLog, coinNetworks } from '@hx/db';
import { DEMO_ADMIN } from '../../seed.ts';
import { call } from '../../test/harness.ts';
import { demoAddress, isValidAddress } from '../address/formats.ts';
import {
  adminToken,
  auth,
  moneyApp,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { json, OPEN, put } from './test-kit.ts';
import { tronAddress } from './xpub.ts';

/** BIP32 test vector 1: the master xpub and xprv of seed 000102…0f. */
const SEED = hexToBytes('000102030405060708090a0b0c0d0e0f');
const XPUB =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
const XPRV =
  'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
/** The Tron address of user `id`: `<XPUB>/0/<id>`, computed from the seed (private side). */
const tronOf = (id: number) =>
  tronAddress(HDKey.fromMasterSeed(SEED).derive(`m/0/${id}`).publicKey!);

const TRON_A = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRON_B = demoAddress('TRC20', 'coin networks test')!;

async function networkOf(t: MoneyApp, token: string, network: string, coin = 3) {
  const { status, body } = await json(t, 'GET', `admin/config/coins/${coin}/networks`, token);
  expect(status).toBe(200);
  return body.message.find((n: { network: string }) => n.network === network);
}

async function depositAddressOf(t: MoneyApp, user: TestUser, network = 'TRC20', coin = '3') {
  const { status, body } = await call(
    t.app,
    'POST',
    'wallet/get_in_address',
    { currency_id: coin, network },
    auth(user.token),
  );
  return { status, code: body.code as string | undefined, address: body.message?.address };
}

const auditCount = async (t: MoneyApp) => (await t.db.select().from(auditLog)).length;

describe('coin networks in demo mode', () => {
  let t: MoneyApp;
  let admin: string;
  let user: TestUser;
  beforeAll(async () => {
    t = await moneyApp();
    admin = await adminToken(t);
    user = await seedUser(t);
  });
  afterAll(() => t.close());

  it('lists a coin’s networks with the source of each deposit address', async () => {
    const { body } = await json(t, 'GET', 'admin/config/coins/3/networks', admin);
    const list = body.message as { network: string; bank: boolean; deposit: { source: string } }[];
    expect(list.map((n) => n.network)).toEqual(['TRC20', 'OMNI', 'ERC20', 'BANK']);
    expect(list.find((n) => n.network === 'TRC20')).toMatchObject({
      bank: false,
      deposit: { source: 'demo', kind: 'address' },
      stored: { deposit_address: null, deposit_xpub: null },
      deposit_enabled: true,
      withdraw_max: null,
      withdrawals_per_day: 3,
      updated_at: null,
    });
    expect(list.find((n) => n.network === 'BANK')).toMatchObject({
      bank: true,
      deposit: { source: 'none', address: null },
    });
  });

  it('an address set in the console is the user’s deposit address at once; audited before and after', async () => {
    const demo = (await depositAddressOf(t, user)).address;
    expect(isValidAddress('TRC20', demo)).toBe(true);
    const saved = await put(t, admin, 'TRC20', { deposit_address: ` ${TRON_A} ` });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toMatchObject({
      deposit: { source: 'table', kind: 'address', address: TRON_A, xpub: null },
      stored: { deposit_address: TRON_A, deposit_xpub: null },
    });
    expect((await depositAddressOf(t, user)).address).toBe(TRON_A);
    // The coin list shows the same source.
    const coins = (await json(t, 'GET', 'admin/config/coins', admin)).body.message;
    expect(
      coins
        .find((c: { id: number }) => c.id === 3)
        .networks.find((n: { network: string }) => n.network === 'TRC20'),
    ).toEqual({ network: 'TRC20', deposit: 'address', address: TRON_A });

    expect((await put(t, admin, 'TRC20', { deposit_address: TRON_B })).status).toBe(200);
    expect((await depositAddressOf(t, user)).address).toBe(TRON_B);
    const audit = (await json(t, 'GET', 'admin/audit/search?action=config.coin_network', admin))
      .body.message.list;
    expect(audit[0].target).toMatch(/^coin_network:\d+$/);
    expect(JSON.parse(audit[0].before)).toMatchObject({
      network: 'TRC20',
      deposit_address: TRON_A,
    });
    expect(JSON.parse(audit[0].after)).toMatchObject({ network: 'TRC20', deposit_address: TRON_B });
    expect(audit[1].before).toBeNull();
    expect(JSON.parse(audit[1].after)).toMatchObject({ coin_id: 3, deposit_address: TRON_A });

    // Both cleared: the network goes back to the demo address.
    const cleared = await put(t, admin, 'TRC20', {});
    expect(cleared.body.message.deposit).toMatchObject({ source: 'demo', address: demo });
    expect((await depositAddressOf(t, user)).address).toBe(demo);
  });

  it('refuses an invalid address, and changes nothing', async () => {
    await put(t, admin, 'TRC20', { deposit_address: TRON_A });
    const audits = await auditCount(t);
    for (const bad of [
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', // checksum
      '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', // another network's
    ]) {
      const res = await put(t, admin, 'TRC20', { deposit_address: bad, withdraw_max: '99' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'ADDRESS_INVALID',
        message: 'This is not a valid TRC20 address',
      });
    }
    expect(await auditCount(t)).toBe(audits);
    expect((await networkOf(t, admin, 'TRC20')).withdraw_max).toBeNull();
    expect((await depositAddressOf(t, user)).address).toBe(TRON_A);
    // A translated refusal, in the operator's language.
    const zh = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/config/coins/3/networks/TRC20',
      headers: { ...auth(admin), lang: 'zh', 'content-type': 'application/json' },
      payload: JSON.stringify({ ...OPEN, deposit_address: 'nonsense-address' }),
    });
    expect(zh.json()).toMatchObject({
      code: 'ADDRESS_INVALID',
      message: '这不是有效的 TRC20 地址',
    });
  });

  it('refuses a private key (xprv) and never stores or repeats it', async () => {
    const audits = await auditCount(t);
    for (const key of [XPRV, ` ${XPRV}`, `tprv${XPRV.slice(4)}`]) {
      const res = await put(t, admin, 'TRC20', { deposit_xpub: key });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('XPUB_PRIVATE');
      expect(res.body.message).toMatch(/private key \(xprv\)/);
      expect(JSON.stringify(res.body)).not.toContain(XPRV.slice(4, 30));
    }
    expect(await auditCount(t)).toBe(audits);
    const rows = await t.db.select().from(coinNetworks);
    expect(JSON.stringify(rows)).not.toContain(XPRV.slice(4, 30));
    // The table refuses one too, whatever path might try.
    await expect(
      t.db.insert(coinNetworks).values({ coinId: 3, network: 'OMNI', depositXpub: XPRV }),
    ).rejects.toThrow();
    expect((await networkOf(t, admin, 'TRC20')).stored.deposit_xpub).toBeNull();
    expect((await depositAddressOf(t, user)).address).toBe(TRON_A);
  });

  it('refuses a malformed xpub, an xpub on a network it cannot derive for, and both at once', async () => {
    const typo = `${XPUB.slice(0, -3)}abc`;
    expect((await put(t, admin, 'TRC20', { deposit_xpub: typo })).body.code).toBe('XPUB_INVALID');
    // A test network's key (tpub) is refused while BTC_NETWORK is mainnet.
    const testnet = { private: 0x04358394, public: 0x043587cf };
    const tpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(7), testnet).publicExtendedKey;
    expect((await put(t, admin, 'OMNI', { deposit_xpub: tpub }, 1)).body.code).toBe('XPUB_INVALID');
    const sol = await put(t, admin, 'SOL', { deposit_xpub: XPUB }, 5);
    expect(sol.body).toMatchObject({
      code: 'XPUB_NETWORK',
      message: 'Addresses on SOL cannot be derived from an xpub; set a deposit address instead',
    });
    const both = await put(t, admin, 'TRC20', { deposit_address: TRON_B, deposit_xpub: XPUB });
    expect(both.body.code).toBe('CONFIG_INVALID');
    expect((await put(t, admin, 'BANK', { deposit_address: TRON_B })).body.code).toBe(
      'CONFIG_INVALID',
    );
    expect((await put(t, admin, 'SOL', {})).body.code).toBe('NETWORK_INVALID');
    expect((await put(t, admin, 'TRC20', { withdraw_max: '5' })).body.code).toBe('CONFIG_INVALID');
    expect((await put(t, admin, 'TRC20', { withdraw_max: '50.00001' })).body.code).toBe(
      'CONFIG_INVALID',
    );
    expect((await put(t, admin, 'TRC20', { withdraw_max: '0' })).status).toBe(400);
    expect((await depositAddressOf(t, user)).address).toBe(TRON_A);
  });

  it('an xpub gives every user their own address, derived at <xpub>/0/<user id>', async () => {
    const saved = await put(t, admin, 'TRC20', { deposit_xpub: XPUB });
    expect(saved.body.message).toMatchObject({
      deposit: { source: 'table', kind: 'xpub', address: null, xpub: XPUB, sample: tronOf(1) },
      stored: { deposit_address: null, deposit_xpub: XPUB },
    });
    const other = await seedUser(t);
    const mine = (await depositAddressOf(t, user)).address;
    expect(mine).toBe(tronOf(user.id));
    expect((await depositAddressOf(t, other)).address).toBe(tronOf(other.id));
    expect(mine).not.toBe(tronOf(other.id));
    // Deterministic: the same address again, and after the settings reload.
    await t.app.coinNetworks.reload();
    expect((await depositAddressOf(t, user)).address).toBe(mine);
    // The report records the user's own address.
    const report = await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { currency_id: '3', network: 'TRC20', number: '20', voucher: '/api/uploads/none' },
      auth(user.token),
    );
    expect(report.body.code).not.toBe('DEPOSIT_UNAVAILABLE');
  });

  it('suspends deposits on a network, and opens them again', async () => {
    await put(t, admin, 'ERC20', { deposit_enabled: false });
    const refused = await depositAddressOf(t, user, 'ERC20');
    expect(refused).toMatchObject({ status: 503, code: 'DEPOSIT_SUSPENDED' });
    expect((await depositAddressOf(t, user, 'OMNI')).status).toBe(200);
    await put(t, admin, 'ERC20', {});
    expect((await depositAddressOf(t, user, 'ERC20')).status).toBe(200);
  });

  it('is for admins only', async () => {
    for (const role of ['reviewer', 'support'] as const) {
      const token = await adminToken(t, role);
      expect((await json(t, 'GET', 'admin/config/coins/3/networks', token)).status).toBe(403);
      const res = await put(t, token, 'TRC20', { deposit_address: TRON_B });
      expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    expect((await put(t, user.token, 'TRC20', { deposit_address: TRON_B })).status).toBe(401);
    expect((await networkOf(t, admin, 'TRC20')).deposit.kind).toBe('xpub');
  });
});

describe('coin networks over the environment (production)', () => {
  let t: MoneyApp;
  let admin: string;
  let user: TestUser;
  beforeAll(async () => {
    t = await moneyApp({
      mode: 'production',
      depositAddresses: `USDT:TRC20=${TRON_A}`,
      depositXpubs: `USDT:ERC20=${XPUB}`,
      adminEmail: DEMO_ADMIN.email,
      adminPassword: DEMO_ADMIN.password,
    });
    admin = await adminToken(t);
    user = await seedUser(t);
  });
  afterAll(() => t.close());

  it('shows env values as env; a console value wins; clearing it hands back to the env', async () => {
    expect((await networkOf(t, admin, 'TRC20')).deposit).toMatchObject({
      source: 'env',
      kind: 'address',
      address: TRON_A,
    });
    expect((await networkOf(t, admin, 'ERC20')).deposit).toMatchObject({
      source: 'env',
      kind: 'xpub',
      xpub: XPUB,
    });
    // Production never invents an address.
    expect((await networkOf(t, admin, 'OMNI')).deposit.source).toBe('none');
    expect((await depositAddressOf(t, user, 'OMNI')).code).toBe('DEPOSIT_UNAVAILABLE');

    expect((await depositAddressOf(t, user)).address).toBe(TRON_A);
    await put(t, admin, 'TRC20', { deposit_address: TRON_B });
    expect((await depositAddressOf(t, user)).address).toBe(TRON_B);
    // A console address wins over an env xpub too.
    const erc = '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf';
    await put(t, admin, 'ERC20', { deposit_address: erc.toLowerCase() });
    expect((await depositAddressOf(t, user, 'ERC20')).address).toBe(erc); // stored in EIP-55 form
    await put(t, admin, 'TRC20', {});
    await put(t, admin, 'ERC20', {});
    expect((await depositAddressOf(t, user)).address).toBe(TRON_A);
    expect((await depositAddressOf(t, user, 'ERC20')).address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // An xpub set in the console serves the network that had none.
    await put(t, admin, 'OMNI', { deposit_xpub: XPUB });
    expect(isValidAddress('OMNI', (await depositAddressOf(t, user, 'OMNI')).address)).toBe(true);
  });
});
