import { coinName, explorer, lowBalance, whole } from '../env.ts';
import { tronToHex } from './address.ts';

/**
 * The TRC20 network's settings (`TRON_*`; docs/operations.md, "TRON"). Contracts and the hot
 * wallet are given as `T…`; token contracts are kept in the `0x…` form the node's JSON-RPC logs
 * carry, the hot wallet as given.
 */

/** A coin on TRON (config.ts's ChainAsset: the contract in its `0x…` form, null for TRX). */
interface TronAsset {
  coin: string;
  contract: string | null;
  decimals: number;
}

const URL_PATTERN = /^https?:\/\/\S+$/;
const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

function tronAddress(name: string, value: string): string {
  try {
    tronToHex(value);
  } catch {
    throw new Error(`${name}: '${value}' is not a TRON address (T… with a valid checksum)`);
  }
  return value;
}

/** `TRON_TOKENS` as `COIN:Tcontract:decimals,...`. */
function tokens(value: string | undefined): TronAsset[] {
  const list: TronAsset[] = [];
  for (const entry of (value ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const [coin, contract, decimals, extra] = trimmed.split(':');
    if (!coin || !contract || decimals === undefined || extra !== undefined)
      throw new Error(`TRON_TOKENS: '${trimmed}' is not COIN:Tcontract:decimals`);
    list.push({
      coin: coinName('TRON_TOKENS', coin),
      contract: tronToHex(tronAddress('TRON_TOKENS', contract)),
      decimals: whole(`TRON_TOKENS (${coin})`, decimals, 0, 0, 18),
    });
  }
  return list;
}

function hotWallet(value: string | undefined): string | null {
  if (!value) return null;
  if (PRIVATE_KEY.test(value))
    throw new Error(
      'TRON_HOT_WALLET looks like a PRIVATE KEY. Refusing to start: the server takes the hot wallet’s address only; the key belongs in the signer’s keystore (treat this key as exposed)',
    );
  return tronAddress('TRON_HOT_WALLET', value);
}

/**
 * The TRC20 network, when `TRON_RPC_URL` is set (TRX and the `TRON_TOKENS`); config.ts makes it
 * one of the chain networks.
 */
export function readTronNetwork(env: NodeJS.ProcessEnv) {
  const rpcUrl = env.TRON_RPC_URL;
  if (!rpcUrl) return [];
  if (!URL_PATTERN.test(rpcUrl)) throw new Error('TRON_RPC_URL must be an http(s) URL');
  const apiUrl = env.TRON_API_URL || null;
  if (apiUrl && !URL_PATTERN.test(apiUrl)) throw new Error('TRON_API_URL must be an http(s) URL');
  const wallet = hotWallet(env.TRON_HOT_WALLET);
  if (wallet && !apiUrl)
    throw new Error('TRON_HOT_WALLET is set without TRON_API_URL: payouts go through the HTTP API');
  const nativeCoin = env.TRON_NATIVE_COIN || 'TRX';
  const assets = tokens(env.TRON_TOKENS);
  if (nativeCoin.toLowerCase() !== 'none')
    assets.unshift({ coin: coinName('TRON_NATIVE_COIN', nativeCoin), contract: null, decimals: 6 });
  const coins = assets.map((a) => a.coin);
  const twice = coins.find((c, i) => coins.indexOf(c) !== i);
  if (twice) throw new Error(`TRON_TOKENS: ${twice} is given more than once`);
  return [
    {
      kind: 'tron' as const,
      network: 'TRC20',
      rpcUrl,
      // 19: TRON's solidified depth, after which a block cannot be replaced.
      confirmations: whole('TRON_CONFIRMATIONS', env.TRON_CONFIRMATIONS, 19, 1, 1000),
      assets,
      explorerTx: explorer(env.TRON_EXPLORER_URL, 'TRON_EXPLORER_URL'),
      hotWallet: wallet,
      lowBalance: lowBalance(env.TRON_HOT_WALLET_LOW, 'TRON_HOT_WALLET_LOW'),
      pollMs: whole('TRON_POLL_MS', env.TRON_POLL_MS, 3000, 100, 600_000),
      startBlock: env.TRON_START_BLOCK
        ? whole('TRON_START_BLOCK', env.TRON_START_BLOCK, 0, 0)
        : null,
      tron: {
        apiUrl,
        // 30 TRX: a USDT transfer to a new holder burns about 14 TRX without staked energy.
        feeLimit: whole('TRON_FEE_LIMIT', env.TRON_FEE_LIMIT, 30_000_000, 1, 15_000_000_000),
      },
    },
  ];
}
