import { readBitcoinNetwork, type BitcoinSettings } from './bitcoin/config.ts';
import { coinName, explorer, lowBalance, whole } from './env.ts';
import { readTronNetwork } from './tron/config.ts';

/**
 * The settings of one watched chain network, from the environment (`EVM_*`; docs/operations.md,
 * "Chain networks"). Every value is checked here, so a bad one stops the start with its name.
 */
export interface ChainAsset {
  /** The platform's coin name (ETH, USDT). */
  coin: string;
  /** The token contract (0x…, lower case), or null for the chain's own coin. */
  contract: string | null;
  /** Decimals of the on-chain amount (18 for ETH; a token's own). */
  decimals: number;
}

export interface ChainNetworkConfig {
  kind: 'evm' | 'bitcoin' | 'tron';
  /** The platform's network name deposits and withdrawals carry (ERC20). */
  network: string;
  rpcUrl: string;
  confirmations: number;
  assets: ChainAsset[];
  /** Transaction page: `{tx}` replaced by the hash. */
  explorerTx: string | null;
  /** The signer's address (public): withdrawals on this network are paid by the signer. */
  hotWallet: string | null;
  /** Per coin, the hot wallet balance under which the console warns. */
  lowBalance: Map<string, string>;
  pollMs: number;
  /** Where a first start begins; null: the chain's head at that moment. */
  startBlock: number | null;
  /** Bitcoin's own settings (kind 'bitcoin'; `rpcUrl` is then the Esplora server). */
  bitcoin?: BitcoinSettings;
  /** TRON's HTTP API (`TRON_API_URL`) and a payout's fee limit in sun (tron/config.ts). */
  tron?: { apiUrl: string | null; feeLimit: number };
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

/** `EVM_TOKENS` as `COIN:0xcontract:decimals,...`. */
function tokens(value: string | undefined): ChainAsset[] {
  const list: ChainAsset[] = [];
  for (const entry of (value ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const [coin, contract, decimals, extra] = trimmed.split(':');
    if (!coin || !contract || decimals === undefined || extra !== undefined)
      throw new Error(`EVM_TOKENS: '${trimmed}' is not COIN:0xcontract:decimals`);
    if (!ADDRESS.test(contract))
      throw new Error(`EVM_TOKENS: '${contract}' is not a contract address (0x and 40 hex digits)`);
    list.push({
      coin: coinName('EVM_TOKENS', coin),
      contract: contract.toLowerCase(),
      // Amounts are stored with 18 decimals at most (numeric(36,18)).
      decimals: whole(`EVM_TOKENS (${coin})`, decimals, 0, 0, 18),
    });
  }
  return list;
}

function hotWallet(value: string | undefined): string | null {
  if (!value) return null;
  if (PRIVATE_KEY.test(value))
    throw new Error(
      'EVM_HOT_WALLET looks like a PRIVATE KEY. Refusing to start: the server takes the hot wallet’s address only; the key belongs in the signer’s keystore (treat this key as exposed)',
    );
  if (!ADDRESS.test(value)) throw new Error(`EVM_HOT_WALLET: '${value}' is not an address`);
  return value.toLowerCase();
}

/** Names the API server refuses: a signing secret never belongs in its environment. */
const SIGNER_SECRETS = [
  'SIGNER_PASSPHRASE',
  'SIGNER_PASSPHRASE_FILE',
  'EVM_PRIVATE_KEY',
  'BTC_HOT_WALLET_XPRV',
];

/**
 * The API server's watched networks (none without `EVM_RPC_URL`). It refuses to start with a
 * signing secret in its environment.
 */
export function chainNetworks(env: NodeJS.ProcessEnv): ChainNetworkConfig[] {
  for (const name of SIGNER_SECRETS)
    if (env[name])
      throw new Error(
        `${name} is set. Refusing to start: the API server never holds a signing key or its passphrase; they belong to the signer process alone (npm run signer)`,
      );
  return readChainNetworks(env);
}

/** The networks as the environment describes them (the signer reads the same settings). */
export function readChainNetworks(env: NodeJS.ProcessEnv): ChainNetworkConfig[] {
  const bitcoin = readBitcoinNetwork(env);
  const list = [...readEvmNetworks(env), ...readTronNetwork(env)];
  if (bitcoin)
    list.push({
      kind: 'bitcoin',
      ...bitcoin,
      assets: [{ coin: 'BTC', contract: null, decimals: 8 }],
      startBlock: null,
    });
  return list;
}

function readEvmNetworks(env: NodeJS.ProcessEnv): ChainNetworkConfig[] {
  const rpcUrl = env.EVM_RPC_URL;
  if (!rpcUrl) return [];
  if (!/^https?:\/\/\S+$/.test(rpcUrl)) throw new Error('EVM_RPC_URL must be an http(s) URL');
  const network = (env.EVM_NETWORK || 'ERC20').toUpperCase();
  if (!['ERC20', 'BEP20'].includes(network))
    throw new Error(`EVM_NETWORK must be ERC20 or BEP20; got '${network}'`);
  const nativeCoin = env.EVM_NATIVE_COIN || (network === 'BEP20' ? 'BNB' : 'ETH');
  const assets = tokens(env.EVM_TOKENS);
  if (nativeCoin.toLowerCase() !== 'none')
    assets.unshift({
      coin: coinName('EVM_NATIVE_COIN', nativeCoin),
      contract: null,
      decimals: 18,
    });
  const coins = assets.map((a) => a.coin);
  const twice = coins.find((c, i) => coins.indexOf(c) !== i);
  if (twice) throw new Error(`EVM_TOKENS: ${twice} is given more than once`);
  return [
    {
      kind: 'evm',
      network,
      rpcUrl,
      confirmations: whole('EVM_CONFIRMATIONS', env.EVM_CONFIRMATIONS, 12, 1, 1000),
      assets,
      explorerTx: explorer(env.EVM_EXPLORER_URL),
      hotWallet: hotWallet(env.EVM_HOT_WALLET),
      lowBalance: lowBalance(env.EVM_HOT_WALLET_LOW),
      pollMs: whole('EVM_POLL_MS', env.EVM_POLL_MS, 4000, 100, 600_000),
      startBlock: env.EVM_START_BLOCK ? whole('EVM_START_BLOCK', env.EVM_START_BLOCK, 0, 0) : null,
    },
  ];
}

/** The explorer's page of a transaction, when the network has one configured. */
export const explorerLink = (network: ChainNetworkConfig | undefined, txHash: string | null) =>
  network?.explorerTx && txHash ? network.explorerTx.replace('{tx}', txHash) : null;
