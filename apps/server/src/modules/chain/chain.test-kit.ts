import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deposits, journalEntries } from '@hx/db';
import type { Hex } from 'viem';
import { call } from '../../test/harness.ts';
import { auth, moneyApp, type MoneyApp } from '../wallet/test-kit.ts';
import { deriveAddress, parseXpub } from '../deposit/xpub.ts';
import { chainNetworks, type ChainNetworkConfig } from './config.ts';
import type { Anvil } from './anvil.test-kit.ts';

/** A public test vector xpub (BIP-32 vector 1): users' ERC20 addresses derive from it. */
export const XPUB =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
export const TOKEN = '0x00000000000000000000000000000000000c0de1' as Hex;
export const CONFIRMATIONS = 3;

/** The network's settings as the environment would give them, pointed at `anvil`. */
export function anvilNetwork(anvil: Anvil, extra: NodeJS.ProcessEnv = {}): ChainNetworkConfig {
  return chainNetworks({
    EVM_RPC_URL: anvil.url,
    EVM_CONFIRMATIONS: String(CONFIRMATIONS),
    EVM_TOKENS: `USDT:${TOKEN}:6`,
    EVM_EXPLORER_URL: 'https://explorer.example/tx/{tx}',
    ...extra,
  })[0]!;
}

/** A server watching `anvil`, with ETH and USDT on ERC20 at per-user addresses. */
export function chainApp(network: ChainNetworkConfig): Promise<MoneyApp> {
  return moneyApp({
    chains: [network],
    depositXpubs: `ETH:ERC20=${XPUB},USDT:ERC20=${XPUB}`,
  });
}

const chain = parseXpub('ETH:ERC20', 'ERC20', XPUB);
/** User `id`'s deposit address on ERC20. */
export const addressOf = (id: number) => deriveAddress(chain, id) as Hex;

/** The user's deposit records, newest first, as the app reads them. */
export async function depositRecords(t: MoneyApp, token: string) {
  const { body } = await call(t.app, 'GET', 'charge_mention/log2', {}, auth(token));
  return body.message.list as Array<{
    id: number;
    status: string;
    number: string;
    tx_hash: string | null;
    explorer_url: string | null;
    confirmations: number | null;
    confirmations_required: number | null;
  }>;
}

/** How many ledger entries credited deposit `id` (exactly once means 1). */
export async function creditsOf(t: MoneyApp, id: number) {
  const rows = await t.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.refType, 'deposit'), eq(journalEntries.refId, id)));
  return rows.length;
}

export async function depositRow(t: MoneyApp, txHash: string) {
  const rows = await t.db.select().from(deposits).where(eq(deposits.txHash, txHash));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}
