import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { erc20Abi, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { chainTxs, withdrawAddresses, withdrawals } from '@hx/db';
import { Decimal } from '@hx/money';
import { call } from '../../test/harness.ts';
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
} from '../wallet/test-kit.ts';
import { deployToken, FUNDED, sendEth, startAnvil, type Anvil } from './anvil.test-kit.ts';
import { addressOf, anvilNetwork, chainApp, CONFIRMATIONS, TOKEN } from './chain.test-kit.ts';
import type { ChainNetworkConfig } from './config.ts';
import { evmClient } from './evm.ts';
import { decryptKeystore, encryptKeystore } from './signer/keystore.ts';
import { Payer, type PayerOptions } from './signer/payer.ts';

let anvil: Anvil;
let t: MoneyApp;
let admin: string;
let second: string;
let network: ChainNetworkConfig;
const key = generatePrivateKey();
const hot = privateKeyToAccount(key);
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  anvil = await startAnvil();
  await deployToken(anvil, TOKEN, { [hot.address]: 1_000_000_000n, [FUNDED]: 10n ** 15n }); // 1,000 USDT
  await anvil.client.setBalance({ address: hot.address, value: parseEther('5') });
  network = anvilNetwork(anvil, {
    EVM_HOT_WALLET: hot.address,
    EVM_HOT_WALLET_LOW: 'ETH:100,USDT:1',
  });
  t = await chainApp(network);
  admin = await adminToken(t);
  second = await adminToken(t, 'reviewer');
  await t.app.chain.runOnce();
});
afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

/** The signer, as `npm run signer` builds it: the key from its keystore. */
function signer(options: Partial<PayerOptions> = {}) {
  const store = JSON.stringify(encryptKeystore(key, 'a long passphrase', 2 ** 10));
  const account = privateKeyToAccount(decryptKeystore(store, 'a long passphrase'));
  return new Payer(t.db, network, evmClient(anvil.url), account, 31337, {
    stuckMs: 60_000,
    now: () => t.clock.now(),
    log: quiet,
    ...options,
  });
}

const destination = () => privateKeyToAccount(generatePrivateKey()).address;
const tokenBalance = (address: Hex) =>
  anvil.client.readContract({
    address: TOKEN,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });

/** A withdrawal of `number` of coin `coin` to `to` on ERC20, passed by the operator(s). */
async function passedWithdrawal(user: TestUser, coin: number, number: string, to: Hex) {
  const [address] = await t.db
    .insert(withdrawAddresses)
    .values({ userId: user.id, coinId: coin, network: 'ERC20', address: to })
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
  for (const operator of [admin, second]) {
    const passed = await call(t.app, 'POST', `admin/withdrawals/${id}/pass`, {}, auth(operator));
    expect(passed.status).toBe(200);
    if (passed.body.message.status === 'passed') break;
  }
  return id;
}

const row = async (id: number) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const log3 = async (user: TestUser) =>
  (await call(t.app, 'GET', 'charge_mention/log3', {}, auth(user.token))).body.message.list;

describe('withdrawals paid by the signer', () => {
  it('pays a passed USDT withdrawal on chain; the record shows its hash and confirmations', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    await deposit(t.app, user, admin, '300');
    const to = destination();
    const id = await passedWithdrawal(user, 3, '101', to); // fee 1: 100 arrive
    expect(await row(id)).toMatchObject({ status: 'passed', chainStatus: 'queued', txHash: null });
    // The user is told it is approved and its transaction is on its way, not that it was sent.
    const told = await call(t.app, 'GET', 'notifications', { limit: '100' }, auth(user.token));
    const approved = (told.body.message.list as { kind: string; body: string }[]).find(
      (n) => n.kind === 'withdrawal_passed',
    );
    expect(approved?.body).toMatch(
      /has been approved\. Its transaction is being sent to the network; the withdrawal’s details show it once sent\.$/,
    );

    const payer = signer();
    expect((await payer.runOnce()).sent).toBe(1);
    const sent = await row(id);
    expect(sent.chainStatus).toBe('sent');
    // The node mines on its own time after answering the broadcast: read once it is in a block.
    await anvil.client.waitForTransactionReceipt({ hash: sent.txHash as Hex });
    expect(await tokenBalance(to)).toBe(100_000_000n); // 100 USDT, 6 decimals
    const [record] = await log3(user);
    expect(record).toMatchObject({
      chain_status: 'sent',
      tx_hash: sent.txHash,
      explorer_url: `https://explorer.example/tx/${sent.txHash}`,
    });

    await payer.runOnce();
    expect((await row(id)).confirmations).toBe(1);
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    expect((await payer.runOnce()).confirmed).toBe(1);
    expect(await row(id)).toMatchObject({ chainStatus: 'confirmed', confirmations: CONFIRMATIONS });
    expect((await payer.runOnce()).sent).toBe(0); // nothing is paid twice
    expect(await tokenBalance(to)).toBe(100_000_000n);
    const [shown] = await log3(user);
    expect(shown).toMatchObject({ chain_status: 'confirmed', confirmations: CONFIRMATIONS });
    await expectBalanced(t.app, admin);
  });

  it('pays ETH credited from a chain deposit; a crash after signing sends the same bytes, once', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    await sendEth(anvil, addressOf(user.id), '1');
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    await t.app.chain.runOnce();
    const to = destination();
    const id = await passedWithdrawal(user, 2, '0.505', to); // fee 0.005: 0.5 arrive

    // The connection drops as it broadcasts: recorded, not sent.
    const lost = signer({
      broadcast: () => Promise.reject(new Error('socket hang up')),
    });
    await expect(lost.runOnce()).resolves.toMatchObject({ failed: 1 });
    expect((await row(id)).chainStatus).toBe('failed');
    // A lost connection is not the node's answer: the next payout is recorded and retried.
    await t.app.chain.runOnce(); // back to review: pass it again
    for (const operator of [admin, second]) {
      const passed = await call(t.app, 'POST', `admin/withdrawals/${id}/pass`, {}, auth(operator));
      if (passed.body.message.status === 'passed') break;
    }
    const { HttpRequestError } = await import('viem');
    const dropped = signer({
      broadcast: () => Promise.reject(new HttpRequestError({ url: anvil.url })),
    });
    expect((await dropped.runOnce()).sent).toBe(1);
    const recorded = await row(id);
    expect(recorded.chainStatus).toBe('sent');
    expect(await anvil.client.getBalance({ address: to })).toBe(0n);

    // The signer restarts: the same signed transaction, once.
    await signer().runOnce();
    await anvil.client.waitForTransactionReceipt({ hash: recorded.txHash as Hex });
    expect(await anvil.client.getBalance({ address: to })).toBe(parseEther('0.5'));
    await signer().runOnce();
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    await signer().runOnce();
    expect(await row(id)).toMatchObject({ chainStatus: 'confirmed', txHash: recorded.txHash });
    expect(await anvil.client.getBalance({ address: to })).toBe(parseEther('0.5'));
    const txs = await t.db.select().from(chainTxs).where(eq(chainTxs.withdrawalId, id));
    expect(new Set(txs.map((x) => x.nonce)).size).toBe(1);
    await expectBalanced(t.app, admin);
  });

  it('returns a withdrawal the node refuses to the operator with the reason; a reject gives it back', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    await deposit(t.app, user, admin, '5000');
    const before = await balances(t.app, user.token, 3);
    const id = await passedWithdrawal(user, 3, '2001', destination()); // more than the hot wallet
    expect((await signer().runOnce()).failed).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'passed', chainStatus: 'failed' });

    await t.app.chain.runOnce(); // the server returns it
    const back = await row(id);
    expect(back).toMatchObject({ status: 'review', chainStatus: 'failed', reviewedBy: null });
    expect(back.chainError).toBeTruthy();
    const queue = await call(t.app, 'GET', 'admin/withdrawals', { status: 'review' }, auth(admin));
    expect(queue.body.message.list.find((w: { id: number }) => w.id === id)).toMatchObject({
      chain_status: 'failed',
      chain_error: back.chainError,
    });
    const frozen = await balances(t.app, user.token, 3);
    expect(new Decimal(frozen.currency!.frozen).equals('2001')).toBe(true);
    await t.app.chain.runOnce(); // once only
    await expectBalanced(t.app, admin);

    const rejected = await call(
      t.app,
      'POST',
      `admin/withdrawals/${id}/reject`,
      { reason: 'hot wallet short' },
      auth(admin),
    );
    expect(rejected.status).toBe(200);
    expect(await balances(t.app, user.token, 3)).toEqual(before);
    await expectBalanced(t.app, admin);
  });

  it('replaces a transaction stuck unmined with the same nonce and higher fees', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    await deposit(t.app, user, admin, '100');
    const to = destination();
    const id = await passedWithdrawal(user, 3, '21', to);
    await anvil.client.setAutomine(false);
    try {
      const payer = signer({ stuckMs: 0 });
      await payer.runOnce();
      const first = await row(id);
      expect((await payer.runOnce()).replaced).toBe(1);
      const second = await row(id);
      expect(second.txHash).not.toBe(first.txHash);
      const txs = await t.db.select().from(chainTxs).where(eq(chainTxs.withdrawalId, id));
      expect(new Set(txs.map((x) => x.nonce)).size).toBe(1);
      expect(BigInt(txs[1]!.maxFeePerGas)).toBeGreaterThan(BigInt(txs[0]!.maxFeePerGas));
      await anvil.client.mine({ blocks: CONFIRMATIONS });
    } finally {
      await anvil.client.setAutomine(true);
    }
    await signer().runOnce();
    expect(await tokenBalance(to)).toBe(20_000_000n);
    const done = await row(id);
    expect(done.chainStatus).toBe('confirmed');
    await expectBalanced(t.app, admin);
  });

  it('shows operators each network: watcher height and lag, hot wallet balances, what is in flight', async () => {
    const user = await seedUser(t, { kyc: true, pay: true });
    await deposit(t.app, user, admin, '50');
    const id = await passedWithdrawal(user, 3, '11', destination());
    await sendEth(anvil, addressOf(user.id), '0.1');
    await t.app.chain.runOnce();
    await anvil.client.mine({ blocks: 2 });
    const support = await adminToken(t, 'support');
    const refused = await call(t.app, 'GET', 'admin/chain', {}, auth(support));
    expect(refused.status).toBe(403);

    const { status, body } = await call(t.app, 'GET', 'admin/chain', {}, auth(admin));
    expect(status).toBe(200);
    const [erc20] = body.message.networks;
    expect(erc20.network).toBe('ERC20');
    expect(erc20.watcher.lag).toBe(2);
    expect(erc20.watcher.head).toBe(erc20.watcher.height + 2);
    expect(erc20.hot_wallet.address).toBe(hot.address.toLowerCase());
    const eth = erc20.hot_wallet.balances.find((b: { coin: string }) => b.coin === 'ETH');
    expect(eth).toMatchObject({ low: '100', warning: true });
    const usdt = erc20.hot_wallet.balances.find((b: { coin: string }) => b.coin === 'USDT');
    expect(usdt.warning).toBe(false);
    expect(erc20.withdrawals.list.map((w: { id: number }) => w.id)).toContain(id);
    expect(erc20.deposits.count).toBe(1);
    expect(erc20.deposits.list[0]).toMatchObject({ user_id: user.id, state: 'confirming' });
    await expectBalanced(t.app, admin);
  });
});
