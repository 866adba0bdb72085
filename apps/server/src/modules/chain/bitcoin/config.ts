import { HDKey } from '@scure/bip32';
import { bitcoinChainOf, type BitcoinChain } from '../../address/bitcoin-network.ts';
import { p2wpkhOn } from '../../deposit/xpub.ts';
import { explorer, lowBalance, whole } from '../env.ts';

/**
 * Bitcoin's settings (`BTC_*`; docs/operations.md, "Bitcoin"). The network keeps the platform's
 * name OMNI (the coin's key is `BTC:OMNI`); its node is an Esplora server.
 */
export const BITCOIN_NETWORK = 'OMNI';

export interface BitcoinSettings {
  chain: BitcoinChain;
  /** The hot wallet's account xpub (public): receive `/0/0`, change `/1/n`; null: paid by hand. */
  hotXpub: string | null;
  /** Blocks within which a payout should confirm: the `/fee-estimates` target. */
  feeTarget: number;
  /** Operator bounds on the fee rate, sat/vB. */
  minFeeRate: number;
  maxFeeRate: number;
  /** A payout unconfirmed this long is replaced once with a higher fee (RBF). */
  rbfAfterS: number;
}

/** The hot wallet's receive address: P2WPKH of `<account xpub>/0/0`. */
export function hotAddress(xpub: string, chain: BitcoinChain, branch = 0, index = 0): string {
  const key = HDKey.fromExtendedKey(xpub).deriveChild(branch).deriveChild(index).publicKey;
  if (!key) throw new Error('hot wallet key has no public key');
  return p2wpkhOn(chain)(key);
}

function hotXpub(value: string | undefined): string | null {
  if (!value) return null;
  if (/^[a-z]prv/i.test(value))
    throw new Error(
      'BTC_HOT_WALLET_XPUB is a PRIVATE extended key. Refusing to start: the server takes the hot wallet’s xpub only; its seed belongs in the signer’s keystore (treat this key as exposed)',
    );
  try {
    if (HDKey.fromExtendedKey(value).privateKey) throw new Error('private');
  } catch {
    throw new Error(
      'BTC_HOT_WALLET_XPUB is not an xpub (npm run signer -- bitcoin-xpub prints it)',
    );
  }
  return value;
}

/** Bitcoin's part of the watched networks; null without `BTC_ESPLORA_URL`. */
export function readBitcoinNetwork(env: NodeJS.ProcessEnv) {
  const rpcUrl = env.BTC_ESPLORA_URL;
  if (!rpcUrl) return null;
  if (!/^https?:\/\/\S+$/.test(rpcUrl)) throw new Error('BTC_ESPLORA_URL must be an http(s) URL');
  const chain = bitcoinChainOf(env.BTC_NETWORK);
  const xpub = hotXpub(env.BTC_HOT_WALLET_XPUB);
  const minFeeRate = whole('BTC_FEE_MIN_SAT_VB', env.BTC_FEE_MIN_SAT_VB, 1, 1, 10_000);
  const maxFeeRate = whole('BTC_FEE_MAX_SAT_VB', env.BTC_FEE_MAX_SAT_VB, 200, 1, 10_000);
  if (maxFeeRate < minFeeRate)
    throw new Error('BTC_FEE_MAX_SAT_VB must not be below BTC_FEE_MIN_SAT_VB');
  const bitcoin: BitcoinSettings = {
    chain,
    hotXpub: xpub,
    feeTarget: whole('BTC_FEE_TARGET', env.BTC_FEE_TARGET, 6, 1, 1008),
    minFeeRate,
    maxFeeRate,
    rbfAfterS: whole('BTC_RBF_AFTER_S', env.BTC_RBF_AFTER_S, 3600, 1, 30 * 86_400),
  };
  return {
    network: BITCOIN_NETWORK,
    rpcUrl: rpcUrl.replace(/\/+$/, ''),
    confirmations: whole('BTC_CONFIRMATIONS', env.BTC_CONFIRMATIONS, 2, 1, 1000),
    explorerTx: explorer(env.BTC_EXPLORER_URL, 'BTC_EXPLORER_URL'),
    hotWallet: xpub ? hotAddress(xpub, chain) : null,
    lowBalance: lowBalance(env.BTC_HOT_WALLET_LOW, 'BTC_HOT_WALLET_LOW'),
    pollMs: whole('BTC_POLL_MS', env.BTC_POLL_MS, 30_000, 100, 600_000),
    bitcoin,
  };
}
