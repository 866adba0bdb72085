import type { MoneyApp } from '../../wallet/test-kit.ts';
import { moneyApp } from '../../wallet/test-kit.ts';
import { deriveAddress, p2pkhOn, parseXpub } from '../../deposit/xpub.ts';
import { XPUB } from '../chain.test-kit.ts';
import { chainNetworks, type ChainNetworkConfig } from '../config.ts';
import type { EsploraStandIn } from './esplora.test-kit.ts';

export const BTC_CONFIRMATIONS = 2;

/** Bitcoin's settings as the environment would give them, pointed at the stand-in. */
export function bitcoinNetwork(
  esplora: EsploraStandIn,
  extra: NodeJS.ProcessEnv = {},
): ChainNetworkConfig {
  return chainNetworks({
    BTC_ESPLORA_URL: esplora.url,
    BTC_NETWORK: 'regtest',
    BTC_CONFIRMATIONS: String(BTC_CONFIRMATIONS),
    BTC_EXPLORER_URL: 'https://mempool.example/tx/{tx}',
    ...extra,
  })[0]!;
}

/** A server on regtest watching the stand-in, BTC on OMNI at per-user addresses. */
export function bitcoinApp(network: ChainNetworkConfig): Promise<MoneyApp> {
  return moneyApp({
    chains: [network],
    bitcoinChain: 'regtest',
    depositXpubs: `BTC:OMNI=${XPUB}`,
  });
}

const chain = parseXpub('BTC:OMNI', 'OMNI', XPUB, 'regtest');
/** User `id`'s deposit address (bcrt1q…). */
export const btcAddressOf = (id: number) => deriveAddress(chain, id);
/** User `id`'s P2PKH address of the same key, as shown before SegWit. */
export const legacyAddressOf = (id: number) =>
  p2pkhOn('regtest')(chain.chain.deriveChild(id).publicKey!);
