import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { erc20Abi, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { withdrawAddresses, withdrawals } from '@hx/db';
import { Decimal } from '@hx/money';
import { call } from '../../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  deposit,
  expectBalanced,
  PAY,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../../wallet/test-kit.ts';
import { deployToken, FUNDED, startAnvil, type Anvil } from '../anvil.test-kit.ts';
import type { ChainNetworkConfig } from '../config.ts';
import { TronAdapter } from './adapter.ts';
import { hexToTron, tronToHex } from './address.ts';
import { TronApi, TronUnreachable, type TronTransaction } from './api.ts';
import { startTronNode, tronAddressOfKey, type TronNode } from './node.test-kit.ts';
import { TronPayer } from './payer.ts';
import { signTron } from './sign.ts';
import {
  CONFIRMATIONS,
  noticesOf,
  sendTrx,
  TOKEN_HEX,
  tronAddressOf,
  tronApp,
  tronNetwork,
} from './tron.test-kit.ts';

let anvil: Anvil;
let node: TronNode;
let t: MoneyApp;
let admin: string;
let second: string;
let network: ChainNetworkConfig;
const key = generatePrivateKey();
const hot = tronAddressOfKey(key);
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  anvil = await startAnvil();
  node = await startTronNode(anvil);
  const hotHex = tronToHex(hot);
  await deployToken(anvil, TOKEN_HEX, { [hotHex]: 1_000_000_000n, [FUNDED]: 10n ** 15n });
  // TRX is anvil's own coin here (1 sun = 1 wei); enough for anvil's gas too.
  await anvil.client.setBalance({ address: hotHex, value: parseEther('1000000') });
  network = tronNetwork(anvil, { TRON_API_URL: node.url, TRON_HOT_WALLET: hot });
  t = await tronApp(network);
  admin = await adminToken(t);
  second = await adminToken(t, 'reviewer');
  await t.app.chain.runOnce();
  // anvil and a server: slow on a loaded machine.
}, 120_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
  await anvil?.stop();
});

/** The signer's TRON side, as `npm run signer` builds it. */
const signer = (api = new TronApi(node.url)) =>
  new TronPayer(t.db, network, api, new TronAdapter(network), key, {
    now: () => t.clock.now(),
    log: quiet,
  });
const destination = () => hexToTron(privateKeyToAddress(generatePrivateKey()));
const tokenBalance = (address: string) =>
  anvil.client.readContract({
    address: TOKEN_HEX,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [tronToHex(address)],
  });
const row = async (id: number) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const available = async (token: string, coin: number) =>
  new Decimal((await balances(t.app, token, coin)).currency!.available);

/** A withdrawal of `number` of `coin` to `to` on TRC20, passed by the operator(s). */
async function passedWithdrawal(user: TestUser, coin: number, number: string, to: string) {
  const [address] = await t.db
    .insert(withdrawAddresses)
    .values({ userId: user.id, coinId: coin, network: 'TRC20', address: to })
    .returning({ id: withdrawAddresses.id });
  const out = await call(
    t.app,
    'POST',
    'wallet/out',
    { currency_id: String(coin), address_id: String(address!.id), number, pay_password: PAY },
    auth(user.token),
  );
  expect(out.status).toBe(200);
  const id = out.body.message.id as number;
  // Four eyes above the configured amount: a second operator passes it too.
  for (const operator of [admin, second]) {
    const passed = await call(t.app, 'POST', `admin/withdrawals/${id}/pass`, {}, auth(operator));
    expect(passed.status).toBe(200);
    if (passed.body.message.status === 'passed') break;
  }
  expect((await row(id)).status).toBe('passed');
  return id;
}

/** A user holding `usdt` USDT (a voucher deposit on ERC20, which is by hand in these tests). */
async function userWith(usdt: string) {
  const user = await seedUser(t, { kyc: true, pay: true });
  await deposit(t.app, user, admin, usdt, { id: 3, network: 'ERC20' });
  return user;
}

describe('TRON payouts by the signer', () => {
  it('pays a USDT withdrawal with a signed TRC20 transfer, once, and tells the user sent then confirmed', async () => {
    const user = await userWith('300');
    const to = destination();
    const id = await passedWithdrawal(user, 3, '101', to); // fee 1: 100 arrive

    // The connection drops as it is broadcast: recorded, so the next round sends the same bytes.
    class Dropping extends TronApi {
      override broadcast(): Promise<never> {
        return Promise.reject(new TronUnreachable('socket hang up'));
      }
    }
    expect((await signer(new Dropping(node.url)).runOnce()).sent).toBe(1);
    const sent = await row(id);
    expect(sent.chainStatus).toBe('sent');
    expect(sent.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(node.pending()).toEqual([]);
    const payer = signer();
    await payer.runOnce();
    expect(node.pending()).toEqual([sent.txHash]);
    await payer.runOnce(); // again: the node has it (a duplicate), nothing new is signed
    expect(node.pending()).toEqual([sent.txHash]);
    await t.app.chain.runOnce();
    expect((await noticesOf(t, user.token))[0]).toMatchObject({ kind: 'withdrawal_sent' });

    await node.mine();
    expect(await tokenBalance(to)).toBe(100_000_000n);
    await payer.runOnce();
    expect((await row(id)).confirmations).toBe(1);
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    expect((await payer.runOnce()).confirmed).toBe(1);
    expect(await row(id)).toMatchObject({ chainStatus: 'confirmed', confirmations: CONFIRMATIONS });
    expect((await payer.runOnce()).sent).toBe(0);
    expect(await tokenBalance(to)).toBe(100_000_000n);
    await t.app.chain.runOnce();
    await t.app.chain.runOnce();
    const told = (await noticesOf(t, user.token)).filter((n) => n.kind.startsWith('withdrawal_'));
    expect(told.map((n) => n.kind)).toEqual([
      'withdrawal_confirmed',
      'withdrawal_sent',
      'withdrawal_passed',
    ]);
    expect(told[0]!.body).toContain('100 USDT (TRC20)');
    expect(node.refused).toEqual([]);
    await expectBalanced(t.app, admin);
  });

  it('the node refuses a transaction not signed by its owner', async () => {
    const api = new TronApi(node.url);
    const built = await api.createTransaction({
      owner_address: hot,
      to_address: destination(),
      amount: 1,
    });
    const forged = await signTron(generatePrivateKey(), built as TronTransaction);
    expect(await api.broadcast(forged)).toMatchObject({ code: 'SIGERROR' });
    const unsigned = await api.broadcast({ ...(built as TronTransaction), signature: [] });
    expect(unsigned).toMatchObject({ code: 'SIGERROR' });
  });

  it('returns a payout that ran out of energy on chain to review, tells the user, and a reject gives it back', async () => {
    const user = await userWith('60');
    const to = destination();
    const id = await passedWithdrawal(user, 3, '51', to);
    const payer = signer();
    const failedOnChain = async () => {
      await payer.runOnce();
      await node.mine();
      expect((await payer.runOnce()).failed).toBe(1);
      expect((await row(id)).chainError).toMatch(/OUT_OF_ENERGY/);
      await t.app.chain.runOnce();
      expect(await row(id)).toMatchObject({ status: 'review', chainStatus: 'failed' });
    };
    const failures = async () =>
      (await noticesOf(t, user.token)).filter((n) => n.kind === 'withdrawal_failed').length;
    node.outOfEnergy = true;
    try {
      await failedOnChain();
      expect((await noticesOf(t, user.token))[0]).toMatchObject({ kind: 'withdrawal_failed' });
      expect(await failures()).toBe(1);
      // Passed again, it fails again: told again.
      const again = await call(t.app, 'POST', `admin/withdrawals/${id}/pass`, {}, auth(admin));
      expect(again.body.message.status).toBe('passed');
      await failedOnChain();
      expect(await failures()).toBe(2);
    } finally {
      node.outOfEnergy = false;
    }
    expect(await tokenBalance(to)).toBe(0n);
    expect((await available(user.token, 3)).equals('9')).toBe(true);

    const rejected = await call(
      t.app,
      'POST',
      `admin/withdrawals/${id}/reject`,
      { reason: 'out of energy' },
      auth(admin),
    );
    expect(rejected.status).toBe(200);
    expect((await available(user.token, 3)).equals('60')).toBe(true);
    await expectBalanced(t.app, admin);
  });

  it('pays TRX deposited on chain out again with a signed TransferContract', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    await sendTrx(anvil, tronAddressOf(user.id), 40_000_000n); // 40 TRX
    await t.app.chain.runOnce();
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    await t.app.chain.runOnce();
    expect((await available(user.token, 9)).equals('40')).toBe(true);

    const to = destination();
    const id = await passedWithdrawal(user, 9, '26', to); // fee 1: 25 arrive
    const payer = signer();
    expect((await payer.runOnce()).sent).toBe(1);
    await node.mine();
    expect(await anvil.client.getBalance({ address: tronToHex(to) })).toBe(25_000_000n);
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    expect((await payer.runOnce()).confirmed).toBe(1);
    expect((await row(id)).chainStatus).toBe('confirmed');

    // The console's chain page: the node answers, the hot wallet's T… address and balances.
    const chain = await call(t.app, 'GET', 'admin/chain', {}, auth(admin));
    const [tron] = chain.body.message.networks;
    expect(tron).toMatchObject({
      network: 'TRC20',
      confirmations: CONFIRMATIONS,
      watcher: { error: null, head: expect.any(Number) },
      hot_wallet: { address: hot },
    });
    const held = Object.fromEntries(
      (tron.hot_wallet.balances as { coin: string; amount: string }[]).map((b) => [
        b.coin,
        b.amount,
      ]),
    );
    expect(held.USDT).toBe('900'); // 1,000 less the 100 paid in the first test
    expect(Number(held.TRX)).toBeGreaterThan(0);
    await expectBalanced(t.app, admin);
  });
});
