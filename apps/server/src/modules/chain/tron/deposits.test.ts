import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@hx/money';
import { call } from '../../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  seedUser,
  type MoneyApp,
} from '../../wallet/test-kit.ts';
import { deployToken, FUNDED, startAnvil, type Anvil } from '../anvil.test-kit.ts';
import { creditsOf, depositRecords, depositRow } from '../chain.test-kit.ts';
import { ChainWatcher } from '../watcher.ts';
import { TronAdapter } from './adapter.ts';
import { txidOf } from './address.ts';
import {
  CONFIRMATIONS,
  sendTrc20,
  sendTrx,
  TOKEN_HEX,
  tronAddressOf,
  tronApp,
  tronNetwork,
} from './tron.test-kit.ts';

let anvil: Anvil;
let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  anvil = await startAnvil();
  await deployToken(anvil, TOKEN_HEX, { [FUNDED]: 1_000_000_000_000n });
  t = await tronApp(tronNetwork(anvil));
  admin = await adminToken(t);
  await t.app.chain.runOnce(); // the first round starts the cursor at the head
  // anvil and a server: slow on a loaded machine.
}, 120_000);
afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

const watcher = () => t.app.chain.watchers[0]!;
const USDT = 3;
const TRX = 9;
const available = async (token: string, coin: number) =>
  new Decimal((await balances(t.app, token, coin)).currency!.available);

describe('TRC20 deposits', () => {
  it('shows a T… address, and credits a USDT deposit to it once after N, across a restart and a second watcher', async () => {
    const user = await seedUser(t);
    const where = await call(
      t.app,
      'POST',
      'wallet/get_in_address',
      { currency_id: String(USDT), network: 'TRC20' },
      auth(user.token),
    );
    const address = tronAddressOf(user.id);
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(where.body.message).toMatchObject({
      address,
      automatic: true,
      confirmations: CONFIRMATIONS,
    });

    const hash = await sendTrc20(anvil, address, 120_250_000n); // 120.25 USDT
    const txid = txidOf(hash);
    expect((await watcher().runOnce()).seen).toBe(1);
    const [record] = await depositRecords(t, user.token);
    expect(record).toMatchObject({
      status: 'confirming',
      tx_hash: txid,
      explorer_url: `https://tronscan.example/#/transaction/${txid}`,
      confirmations: 1,
      confirmations_required: CONFIRMATIONS,
    });
    // The console's deposit queue lists it under `confirming`, with its explorer link.
    const queue = await call(t.app, 'GET', 'admin/deposits', { status: 'confirming' }, auth(admin));
    expect(queue.body.message.list).toEqual([
      expect.objectContaining({ status: 'confirming', user_id: user.id, network: 'TRC20' }),
    ]);
    const row = await depositRow(t, txid);
    expect([row!.address, row!.fromAddress]).toEqual([address, expect.stringMatching(/^T/)]);

    const network = watcher().config;
    const restarted = new ChainWatcher(t.app, network, new TronAdapter(network));
    expect((await restarted.runOnce()).seen).toBe(0);
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    const other = new ChainWatcher(t.app, network, new TronAdapter(network));
    const rounds = await Promise.all([restarted.runOnce(), other.runOnce()]);
    expect(rounds[0].credited + rounds[1].credited).toBe(1);
    expect(await creditsOf(t, row!.id)).toBe(1);
    expect((await available(user.token, USDT)).equals('120.25')).toBe(true);
    await expectBalanced(t.app, admin);
  });

  it('credits a TRX deposit (6 decimals) and drops one a reorg replaced before N', async () => {
    const user = await seedUser(t);
    const address = tronAddressOf(user.id);
    const kept = txidOf(await sendTrx(anvil, address, 3_500_000n)); // 3.5 TRX
    await watcher().runOnce();
    const snapshot = await anvil.client.snapshot();
    const lost = txidOf(await sendTrx(anvil, address, 2_000_000n));
    await watcher().runOnce();
    expect((await depositRow(t, lost))!.status).toBe('confirming');

    await anvil.client.revert({ id: snapshot });
    await anvil.client.mine({ blocks: CONFIRMATIONS + 2 });
    const round = await watcher().runOnce();
    expect(round.dropped).toBe(1);
    expect((await depositRow(t, lost))!.status).toBe('dropped');
    const credited = await depositRow(t, kept);
    expect(credited).toMatchObject({ status: 'passed', amount: '3.500000000000000000' });
    expect(await creditsOf(t, credited!.id)).toBe(1);
    expect((await available(user.token, TRX)).equals('3.5')).toBe(true);
    await expectBalanced(t.app, admin);
  });
});
