import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, parseEther, type Hex } from 'viem';
import { Decimal } from '@hx/money';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  seedUser,
  upload,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { deployToken, FUNDED, mined, sendEth, startAnvil, type Anvil } from './anvil.test-kit.ts';
import {
  addressOf,
  anvilNetwork,
  chainApp,
  CONFIRMATIONS,
  creditsOf,
  depositRecords,
  depositRow,
  TOKEN,
} from './chain.test-kit.ts';
import { EvmAdapter } from './evm.ts';
import { ChainWatcher } from './watcher.ts';

let anvil: Anvil;
let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  anvil = await startAnvil();
  await deployToken(anvil, TOKEN, { [FUNDED]: 1_000_000_000_000n });
  t = await chainApp(anvilNetwork(anvil));
  admin = await adminToken(t);
  await t.app.chain.runOnce(); // the first round starts the cursor at the head
});
afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

const watcher = () => t.app.chain.watchers[0]!;
const sendUsdt = async (to: Hex, units: bigint) =>
  mined(
    anvil,
    await anvil.client.wallet.writeContract({
      account: FUNDED,
      chain: null,
      address: TOKEN,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, units],
    }),
  );
const available = async (token: string, coin: number) =>
  new Decimal((await balances(t.app, token, coin)).currency!.available);

describe('deposits found on chain', () => {
  it('records a native deposit at once, counts confirmations and credits it once after N', async () => {
    const user = await seedUser(t);
    const tx = await sendEth(anvil, addressOf(user.id), '1.5');
    expect((await watcher().runOnce()).seen).toBe(1);

    let [record] = await depositRecords(t, user.token);
    expect(record).toMatchObject({
      status: 'confirming',
      number: '1.500000',
      tx_hash: tx,
      explorer_url: `https://explorer.example/tx/${tx}`,
      confirmations: 1,
      confirmations_required: CONFIRMATIONS,
    });
    expect((await available(user.token, 2)).isZero()).toBe(true);
    // The asset records say it too: the line with its confirmations, the detail with its hash.
    const lines = await call(t.app, 'GET', 'wallet/records', { type: 'deposit' }, auth(user.token));
    expect(lines.body.message.list[0]).toMatchObject({
      kind: 'deposit',
      state: 'confirming',
      confirmations: { seen: 1, required: CONFIRMATIONS },
    });
    const detail = await call(
      t.app,
      'GET',
      'wallet/record',
      { kind: 'deposit', id: String(record!.id) },
      auth(user.token),
    );
    expect(detail.body.message).toMatchObject({
      tx_hash: tx,
      explorer_url: `https://explorer.example/tx/${tx}`,
      chain_confirmations: { seen: 1, required: CONFIRMATIONS },
    });

    for (let n = 2; n < CONFIRMATIONS; n++) {
      await anvil.client.mine({ blocks: 1 });
      expect((await watcher().runOnce()).credited).toBe(0);
      [record] = await depositRecords(t, user.token);
      expect([record!.status, record!.confirmations]).toEqual(['confirming', n]);
    }
    await anvil.client.mine({ blocks: 1 });
    expect((await watcher().runOnce()).credited).toBe(1);
    [record] = await depositRecords(t, user.token);
    expect([record!.status, record!.confirmations]).toEqual(['passed', CONFIRMATIONS]);
    expect((await available(user.token, 2)).equals('1.5')).toBe(true);
    expect(await creditsOf(t, record!.id)).toBe(1);

    const told = await call(t.app, 'GET', 'notifications', { limit: '5' }, auth(user.token));
    expect(told.body.message.list[0]).toMatchObject({ kind: 'deposit_credited' });

    await anvil.client.mine({ blocks: 5 });
    await watcher().runOnce();
    expect(await creditsOf(t, record!.id)).toBe(1);
    await expectBalanced(t.app, admin);
  });

  it('credits a token deposit after N blocks, exactly once across a restart and a second watcher', async () => {
    const user = await seedUser(t);
    const tx = await sendUsdt(addressOf(user.id), 250_500_000n); // 250.5 USDT (6 decimals)
    expect((await watcher().runOnce()).seen).toBe(1);
    const row = await depositRow(t, tx);
    expect(row).toMatchObject({ status: 'confirming', amount: '250.500000000000000000' });
    expect(row!.logIndex).toBeGreaterThanOrEqual(0);

    // The server restarts: a new watcher knows only what the database keeps.
    const network = watcher().config;
    const restarted = new ChainWatcher(t.app, network, new EvmAdapter(network));
    expect((await restarted.runOnce()).seen).toBe(0);
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    // Two processes on the same database, at the same time.
    const other = new ChainWatcher(t.app, network, new EvmAdapter(network));
    const rounds = await Promise.all([restarted.runOnce(), other.runOnce()]);
    expect(rounds[0].credited + rounds[1].credited).toBe(1);
    expect(await creditsOf(t, row!.id)).toBe(1);
    expect((await available(user.token, 3)).equals('250.5')).toBe(true);
    expect((await depositRow(t, tx))!.status).toBe('passed');
    await expectBalanced(t.app, admin);
  });

  it('drops a deposit whose block a reorg replaced before its confirmations, and never credits it', async () => {
    const user = await seedUser(t);
    const snapshot = await anvil.client.snapshot();
    const tx = await sendEth(anvil, addressOf(user.id), '2');
    await anvil.client.mine({ blocks: 1 });
    await watcher().runOnce();
    expect((await depositRow(t, tx))!.status).toBe('confirming');

    // The two blocks are replaced by others without the transaction.
    await anvil.client.revert({ id: snapshot });
    await anvil.client.mine({ blocks: 3 });
    const round = await watcher().runOnce();
    expect(round.dropped).toBe(1);
    const [record] = await depositRecords(t, user.token);
    expect([record!.status, record!.tx_hash]).toEqual(['dropped', tx]);

    await anvil.client.mine({ blocks: CONFIRMATIONS + 1 });
    await watcher().runOnce();
    expect((await depositRow(t, tx))!.status).toBe('dropped');
    expect(await creditsOf(t, record!.id)).toBe(0);
    expect((await available(user.token, 2)).isZero()).toBe(true);
    await expectBalanced(t.app, admin);
  });

  it('confirms again a dropped deposit mined again in a later block, and credits it once', async () => {
    const user = await seedUser(t);
    const nonce = await anvil.client.getTransactionCount({ address: FUNDED });
    const send = async () =>
      mined(
        anvil,
        await anvil.client.wallet.sendTransaction({
          account: FUNDED,
          chain: null,
          to: addressOf(user.id),
          value: parseEther('0.25'),
          nonce,
          gas: 21_000n,
          maxFeePerGas: 50_000_000_000n,
          maxPriorityFeePerGas: 1_000_000_000n,
        }),
      );
    const snapshot = await anvil.client.snapshot();
    const tx = await send();
    await watcher().runOnce();
    await anvil.client.revert({ id: snapshot });
    await anvil.client.mine({ blocks: 2 });
    await watcher().runOnce();
    expect((await depositRow(t, tx))!.status).toBe('dropped');

    expect(await send()).toBe(tx); // the same signed transaction, in a new block
    await watcher().runOnce();
    expect((await depositRow(t, tx))!.status).toBe('confirming');
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    await watcher().runOnce();
    const row = await depositRow(t, tx);
    expect(row!.status).toBe('passed');
    expect(await creditsOf(t, row!.id)).toBe(1);
    expect((await available(user.token, 2)).equals('0.25')).toBe(true);
    await expectBalanced(t.app, admin);
  });

  it('ignores transfers to addresses that are no user’s, under the minimum, and reverted ones', async () => {
    const user = await seedUser(t);
    await sendEth(anvil, '0x000000000000000000000000000000000000dEaD', '1');
    await sendEth(anvil, addressOf(user.id), '0.0009'); // under the minimum of 0.001 ETH
    // More than the sender holds: the token reverts, and logs nothing.
    const reverted = await sendUsdt(addressOf(user.id), 10n ** 30n);
    expect((await anvil.client.getTransactionReceipt({ hash: reverted })).status).toBe('reverted');
    expect((await watcher().runOnce()).seen).toBe(0);
    expect(await depositRecords(t, user.token)).toEqual([]);
  });
});

describe('what the app is told', () => {
  it('says an automatic network needs no voucher, and refuses one there; other networks keep the voucher', async () => {
    const user = await seedUser(t);
    const where = await call(
      t.app,
      'POST',
      'wallet/get_in_address',
      { currency_id: '3', network: 'ERC20' },
      auth(user.token),
    );
    expect(where.body.message).toMatchObject({
      address: addressOf(user.id),
      automatic: true,
      confirmations: CONFIRMATIONS,
    });
    const voucher = await upload(t.app, user.token);
    const fields = { currency_id: '3', number: '50', voucher };
    const refused = await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { ...fields, network: 'ERC20' },
      auth(user.token, { lang: 'esp' }),
    );
    expect([refused.status, refused.body.code]).toEqual([409, 'DEPOSIT_AUTOMATIC']);
    expect(refused.body.message).toContain('ERC20');
    const trc = await call(
      t.app,
      'POST',
      'wallet/get_in_address',
      { currency_id: '3', network: 'TRC20' },
      auth(user.token),
    );
    expect(trc.body.message).toMatchObject({ automatic: false, confirmations: null });
    const reported = await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { ...fields, network: 'TRC20' },
      auth(user.token),
    );
    expect(reported.body.message.status).toBe('review');
  });
});
