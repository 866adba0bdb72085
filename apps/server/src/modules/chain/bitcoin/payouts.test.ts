import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { p2wpkh } from '@scure/btc-signer';
import { bitcoinTxs, withdrawAddresses, withdrawals } from '@hx/db';
import { Decimal } from '@hx/money';
import { call } from '../../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  PAY,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../../wallet/test-kit.ts';
import type { ChainNetworkConfig } from '../config.ts';
import { bitcoinApp, bitcoinNetwork, btcAddressOf } from './bitcoin.test-kit.ts';
import { hotAddress } from './config.ts';
import { hotAccount } from './coins.ts';
import { REGTEST, startEsplora, type EsploraStandIn } from './esplora.test-kit.ts';
import { BitcoinPayer } from './payer.ts';

let esplora: EsploraStandIn;
let network: ChainNetworkConfig;
let t: MoneyApp;
let admin: string;
let second: string;
const account = hotAccount(randomBytes(32), 'regtest');
const quiet = { info: () => undefined, warn: () => undefined };
const RBF_AFTER_S = 600;

beforeAll(async () => {
  esplora = await startEsplora();
  esplora.mine(3);
  network = bitcoinNetwork(esplora, {
    BTC_HOT_WALLET_XPUB: account.publicExtendedKey,
    BTC_RBF_AFTER_S: String(RBF_AFTER_S),
    BTC_FEE_MIN_SAT_VB: '2',
    BTC_FEE_MAX_SAT_VB: '40',
  });
  t = await bitcoinApp(network);
  admin = await adminToken(t);
  second = await adminToken(t, 'reviewer');
  esplora.fund(network.hotWallet!, 40_000_000);
  esplora.fund(network.hotWallet!, 30_000_000);
  esplora.mine();
  await t.app.chain.runOnce();
});
afterAll(async () => {
  await t?.close();
  await esplora?.stop();
});

const payer = () =>
  new BitcoinPayer(t.db, network, account, { now: () => t.clock.now(), log: quiet });
const destination = () =>
  p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey()), REGTEST).address!;
const row = async (id: number) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const received = (address: string) => esplora.utxos(address).reduce((s, u) => s + u.value, 0);
const notices = async (user: TestUser) => {
  const { body } = await call(t.app, 'GET', 'notifications', { limit: '50' }, auth(user.token));
  return (body.message.list as { kind: string }[]).map((n) => n.kind);
};
const btc = async (user: TestUser) => (await balances(t.app, user.token, 1)).currency!;

/** A user holding `sats` of BTC, deposited on chain and credited by the watcher. */
async function userWith(sats: number) {
  const user = await seedUser(t, { kyc: true, pay: true });
  esplora.fund(btcAddressOf(user.id), sats);
  esplora.mine(2);
  await t.app.chain.runOnce();
  return user;
}

/** A BTC withdrawal of `number` to `to` on OMNI, passed by the operator(s). */
async function passedWithdrawal(user: TestUser, number: string, to: string) {
  const [address] = await t.db
    .insert(withdrawAddresses)
    .values({ userId: user.id, coinId: 1, network: 'OMNI', address: to })
    .returning({ id: withdrawAddresses.id });
  const out = await call(
    t.app,
    'POST',
    'wallet/out',
    { currency_id: '1', address_id: String(address!.id), number, pay_password: PAY },
    auth(user.token),
  );
  expect(out.status).toBe(200);
  const id = out.body.message.id as number;
  for (const operator of [admin, second]) {
    const passed = await call(t.app, 'POST', `admin/withdrawals/${id}/pass`, {}, auth(operator));
    expect(passed.status).toBe(200);
    if (passed.body.message.status === 'passed') break;
  }
  return id;
}

describe('Bitcoin payouts by the signer', () => {
  it('pays withdrawals waiting together in one signed transaction with change, then confirms them', async () => {
    const user = await userWith(50_000_000);
    const [a, b] = [destination(), destination()];
    const first = await passedWithdrawal(user, '0.1', a); // fee 0.0005
    const next = await passedWithdrawal(user, '0.2', b);
    expect(await row(first)).toMatchObject({ chainStatus: 'queued' });

    expect((await payer().runOnce()).sent).toBe(2);
    const [one, two] = [await row(first), await row(next)];
    expect(one.txHash).toBeTruthy();
    expect(two.txHash).toBe(one.txHash); // batched
    expect(esplora.refused).toEqual([]);
    expect(received(a)).toBe(9_950_000);
    expect(received(b)).toBe(19_950_000);
    const [tx] = await t.db.select().from(bitcoinTxs).where(eq(bitcoinTxs.txid, one.txHash!));
    expect(tx!.changeIndex).toBe(0);
    const change = received(hotAddress(account.publicExtendedKey, 'regtest', 1, 0));
    const spent = tx!.inputs.reduce((s, i) => s + Number(i.value), 0);
    expect(spent - 9_950_000 - 19_950_000 - change).toBe(Number(tx!.fee));
    expect(Number(tx!.feeRate)).toBe(8); // the 6-block estimate, within 2..40

    // A signature changed by one bit is refused by the stand-in: it checks every input.
    const raw = tx!.raw;
    const at = raw.length - 80;
    const flipped =
      raw.slice(0, at) + (parseInt(raw[at]!, 16) ^ 1).toString(16) + raw.slice(at + 1);
    expect(esplora.accept(flipped)).toEqual({ error: expect.stringMatching(/Signature/) });

    // The console's Bitcoin row: node, height, lag, hot wallet balance, payouts on their way.
    await t.app.chain.runOnce();
    const chain = await call(t.app, 'GET', 'admin/chain', {}, auth(admin));
    const omni = chain.body.message.networks.find((n: { network: string }) => n.network === 'OMNI');
    expect(omni.watcher).toMatchObject({ head: esplora.tip.height, lag: 0, error: null });
    expect(omni.hot_wallet.address).toBe(network.hotWallet);
    // What the hot wallet held, less what left and the fee; the change still unconfirmed.
    const held = new Decimal(70_000_000 - 9_950_000 - 19_950_000 - Number(tx!.fee)).div(1e8);
    expect(omni.hot_wallet.balances[0]).toMatchObject({ coin: 'BTC', amount: held.toFixed(8) });
    expect(omni.withdrawals.list.map((w: { id: number }) => w.id)).toEqual([first, next]);
    expect((await notices(user)).filter((k) => k === 'withdrawal_sent')).toHaveLength(2);

    esplora.mine(2);
    expect((await payer().runOnce()).confirmed).toBe(1);
    expect(await row(first)).toMatchObject({ chainStatus: 'confirmed', confirmations: 2 });
    await t.app.chain.runOnce();
    expect((await notices(user)).filter((k) => k === 'withdrawal_confirmed')).toHaveLength(2);
    expect(await row(next)).toMatchObject({ chainStatus: 'confirmed' });
    expect(new Decimal((await btc(user)).available).toFixed()).toBe('0.2');
    await expectBalanced(t.app, admin);
  });

  it('replaces a payout stuck unconfirmed once, paying a higher fee rate (BIP 125)', async () => {
    const user = await userWith(20_000_000);
    const to = destination();
    const id = await passedWithdrawal(user, '0.05', to);
    const signer = payer();
    await signer.runOnce();
    const stuck = await row(id);
    expect((await signer.runOnce()).replaced).toBe(0); // not yet
    t.clock.advance(RBF_AFTER_S * 1000 + 1);
    esplora.feeRates = { '6': 20 };
    expect((await signer.runOnce()).replaced).toBe(1);
    const bumped = await row(id);
    expect(bumped.txHash).not.toBe(stuck.txHash);
    expect(esplora.mempool.has(bumped.txHash!)).toBe(true);
    expect(esplora.mempool.has(stuck.txHash!)).toBe(false); // replaced
    const versions = await t.db
      .select()
      .from(bitcoinTxs)
      .where(eq(bitcoinTxs.txid, bumped.txHash!));
    expect(Number(versions[0]!.feeRate)).toBe(20);
    t.clock.advance(RBF_AFTER_S * 1000 + 1);
    expect((await signer.runOnce()).replaced).toBe(0); // once only
    esplora.mine(2);
    expect((await signer.runOnce()).confirmed).toBe(1);
    expect(received(to)).toBe(4_950_000);
    expect(await row(id)).toMatchObject({ chainStatus: 'confirmed', txHash: bumped.txHash });
    await expectBalanced(t.app, admin);
  });

  it('fails a payout the hot wallet cannot cover; it returns to review and a reject gives it back', async () => {
    const user = await userWith(200_000_000);
    const before = await btc(user);
    const id = await passedWithdrawal(user, '1.9', destination()); // more than the hot wallet
    expect((await payer().runOnce()).failed).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'passed', chainStatus: 'failed' });
    await t.app.chain.runOnce(); // the server returns it
    expect(await row(id)).toMatchObject({ status: 'review', chainStatus: 'failed' });
    expect(new Decimal((await btc(user)).frozen).toFixed()).toBe('1.9');
    await expectBalanced(t.app, admin);
    const rejected = await call(
      t.app,
      'POST',
      `admin/withdrawals/${id}/reject`,
      { reason: 'hot wallet short' },
      auth(admin),
    );
    expect(rejected.status).toBe(200);
    expect(await btc(user)).toEqual(before);
    await expectBalanced(t.app, admin);
  });
});
