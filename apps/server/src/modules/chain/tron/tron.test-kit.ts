import { erc20Abi, type Hex } from 'viem';
import { auth, moneyApp, type MoneyApp } from '../../wallet/test-kit.ts';
import { deriveAddress, parseXpub } from '../../deposit/xpub.ts';
import { chainNetworks, type ChainNetworkConfig } from '../config.ts';
import { FUNDED, mined, type Anvil } from '../anvil.test-kit.ts';
import { XPUB } from '../chain.test-kit.ts';
import { call } from '../../../test/harness.ts';
import { hexToTron, tronToHex } from './address.ts';

/**
 * The TRON tests' chain: anvil serves the JSON-RPC a TRON full node serves (the same methods,
 * a TRC20 `Transfer` log is an ERC-20 one), with the token at TOKEN_T; addresses are given to the
 * platform as `T…` and converted to send on anvil.
 */
export const TOKEN_HEX = '0x00000000000000000000000000000000000c0de2' as Hex;
export const TOKEN_T = hexToTron(TOKEN_HEX);
export const CONFIRMATIONS = 4;
export const EXPLORER = 'https://tronscan.example/#/transaction/{tx}';

export function tronNetwork(anvil: Anvil, extra: NodeJS.ProcessEnv = {}): ChainNetworkConfig {
  return chainNetworks({
    TRON_RPC_URL: anvil.url,
    TRON_CONFIRMATIONS: String(CONFIRMATIONS),
    TRON_TOKENS: `USDT:${TOKEN_T}:6`,
    TRON_EXPLORER_URL: EXPLORER,
    ...extra,
  })[0]!;
}

/** A server watching TRC20 on `anvil`, with TRX and USDT at per-user `T…` addresses. */
export function tronApp(network: ChainNetworkConfig): Promise<MoneyApp> {
  return moneyApp({
    chains: [network],
    depositXpubs: `TRX:TRC20=${XPUB},USDT:TRC20=${XPUB}`,
  });
}

const chain = parseXpub('USDT:TRC20', 'TRC20', XPUB);
/** User `id`'s deposit address on TRC20 (`T…`). */
export const tronAddressOf = (id: number) => deriveAddress(chain, id);

/** Sends `units` of the token (6 decimals) from the funded account to a `T…` address. */
export async function sendTrc20(anvil: Anvil, to: string, units: bigint): Promise<Hex> {
  const hash = await anvil.client.wallet.writeContract({
    account: FUNDED,
    chain: null,
    address: TOKEN_HEX,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [tronToHex(to), units],
  });
  return mined(anvil, hash);
}

/** Sends `sun` (TRX's smallest unit, 6 decimals) to a `T…` address. */
export async function sendTrx(anvil: Anvil, to: string, sun: bigint): Promise<Hex> {
  const hash = await anvil.client.wallet.sendTransaction({
    account: FUNDED,
    chain: null,
    to: tronToHex(to),
    value: sun,
  });
  return mined(anvil, hash);
}

/** The user's notifications, newest first. */
export async function noticesOf(t: MoneyApp, token: string) {
  const { body } = await call(t.app, 'GET', 'notifications', { limit: '20' }, auth(token));
  return body.message.list as Array<{ kind: string; title: string; body: string }>;
}
