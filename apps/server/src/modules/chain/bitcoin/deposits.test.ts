import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@hx/money';
import {
  adminToken,
  balances,
  expectBalanced,
  seedUser,
  type MoneyApp,
} from '../../wallet/test-kit.ts';
import { creditsOf, depositRecords, depositRow } from '../chain.test-kit.ts';
import type { ChainNetworkConfig } from '../config.ts';
import {
  bitcoinApp,
  bitcoinNetwork,
  BTC_CONFIRMATIONS,
  btcAddressOf,
  legacyAddressOf,
} from './bitcoin.test-kit.ts';
import { startEsplora, type EsploraStandIn } from './esplora.test-kit.ts';
import { BitcoinWatcher } from './watcher.ts';

let esplora: EsploraStandIn;
let network: ChainNetworkConfig;
let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  esplora = await startEsplora();
  esplora.mine(5);
  network = bitcoinNetwork(esplora);
  t = await bitcoinApp(network);
  admin = await adminToken(t);
  await t.app.chain.runOnce();
});
afterAll(async () => {
  await t?.close();
  await esplora?.stop();
});

const btc = async (token: string) =>
  new Decimal((await balances(t.app, token, 1)).currency!.available);

describe('Bitcoin deposits found through Esplora', () => {
  it('credits a deposit to a bcrt1q address once after N confirmations, across two watchers and a restart', async () => {
    const user = await seedUser(t);
    expect(btcAddressOf(user.id)).toMatch(/^bcrt1q/);
    const txid = esplora.fund(btcAddressOf(user.id), 150_000_000);
    const legacy = esplora.fund(legacyAddressOf(user.id), 20_000_000);
    const first = t.app.chain.watchers[0]!;
    // Unconfirmed: nothing yet.
    expect((await first.runOnce()).seen).toBe(0);
    esplora.mine();
    const second = new BitcoinWatcher(t.app, network);
    const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(a.seen + b.seen).toBe(2);
    const [record] = (await depositRecords(t, user.token)).filter((r) => r.tx_hash === txid);
    expect(record).toMatchObject({
      status: 'confirming',
      number: '1.50000000',
      explorer_url: `https://mempool.example/tx/${txid}`,
      confirmations: 1,
      confirmations_required: BTC_CONFIRMATIONS,
    });
    expect((await btc(user.token)).isZero()).toBe(true);

    esplora.mine();
    const restarted = new BitcoinWatcher(t.app, network);
    const rounds = await Promise.all([first.runOnce(), restarted.runOnce()]);
    expect(rounds[0].credited + rounds[1].credited).toBe(2);
    await restarted.runOnce();
    expect((await btc(user.token)).toFixed()).toBe('1.7');
    const row = (await depositRow(t, txid))!;
    expect(row).toMatchObject({ status: 'passed', confirmations: BTC_CONFIRMATIONS });
    expect(await creditsOf(t, row.id)).toBe(1);
    expect((await depositRow(t, legacy))!.status).toBe('passed');
    await expectBalanced(t.app, admin);
  });

  it('drops a deposit whose block a reorg replaced before N, and credits it when mined again', async () => {
    const user = await seedUser(t);
    const watcher = t.app.chain.watchers[0]!;
    const txid = esplora.fund(btcAddressOf(user.id), 50_000_000);
    esplora.mine();
    expect((await watcher.runOnce()).seen).toBe(1);
    esplora.reorg(1); // back to the mempool
    expect((await watcher.runOnce()).dropped).toBe(1);
    expect((await depositRow(t, txid))!.status).toBe('dropped');
    expect((await btc(user.token)).isZero()).toBe(true);

    esplora.mine();
    expect((await watcher.runOnce()).seen).toBe(1);
    expect((await depositRow(t, txid))!.status).toBe('confirming');
    esplora.mine();
    expect((await watcher.runOnce()).credited).toBe(1);
    expect((await btc(user.token)).toFixed()).toBe('0.5');

    // Replaced for good (a double spend won): dropped and never credited.
    const gone = esplora.fund(btcAddressOf(user.id), 30_000_000);
    esplora.mine();
    await watcher.runOnce();
    esplora.reorg(1, [gone]);
    esplora.mine(3);
    await watcher.runOnce();
    expect((await depositRow(t, gone))!.status).toBe('dropped');
    expect((await btc(user.token)).toFixed()).toBe('0.5');
    await expectBalanced(t.app, admin);
  });
});
