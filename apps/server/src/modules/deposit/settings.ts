import { BANK_NETWORK, type DepositSource } from '@hx/protocol';
import { demoAddress, isValidAddress } from '../address/formats.ts';
import { bitcoinChainOf } from '../address/bitcoin-network.ts';
import { deriveAddress, parseDepositXpubs, type XpubChain } from './xpub.ts';

/** The platform's bank account for bank deposits (and the coin such deposits are credited in). */
export interface PlatformBank {
  currency: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  branch: string;
  swift_code: string;
  bank_address: string;
}

/** What the console saved for one coin on one network: a `coin_networks` row, parsed. */
export interface StoredNetwork {
  depositAddress: string | null;
  depositXpub: string | null;
  /** The parsed xpub; null without one, or when a stored one no longer parses (no address). */
  chain: XpubChain | null;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawMax: string | null;
  withdrawDailyAmount: string | null;
  updatedAt: Date | null;
}

/** Where the deposit address of a coin on a network comes from, and what it is. */
export interface ResolvedDeposit {
  source: DepositSource;
  kind: 'address' | 'xpub' | null;
  /** The shared address (null with an xpub, or none). */
  address: string | null;
  /** The xpub users' addresses derive from (null with a shared address, or none). */
  xpub: string | null;
  chain: XpubChain | null;
}

/** Whether a network is open, and its withdrawal limits (null: none). */
export interface NetworkTerms {
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawMax: string | null;
  withdrawDailyAmount: string | null;
}

export interface DepositSettings {
  /**
   * The shared deposit address of a coin on a network (configured, or a demo one in demo
   * mode), or null when there is none or the network derives one address per user.
   */
  address(coin: string, network: string): string | null;
  /**
   * The address user `userId` deposits a coin to on a network: derived from the network's xpub
   * when there is one (the same user always gets the same address), otherwise the shared
   * `address`.
   */
  userAddress(coin: string, network: string, userId: number): string | null;
  /**
   * The deposit source of a coin on a network. A value saved in the console (`table`) wins;
   * then `DEPOSIT_XPUBS`, then `DEPOSIT_ADDRESSES` (`env`); then a demo address in demo mode.
   */
  resolve(coin: string, network: string): ResolvedDeposit;
  /** Open or suspended, and the withdrawal limits: from the console, else open and unlimited. */
  terms(coin: string, network: string): NetworkTerms;
  bank: PlatformBank | null;
}

/** `COIN:NETWORK` in upper case: the key of every per-network setting. */
export const networkKey = (coin: string, network: string) =>
  `${coin.toUpperCase()}:${network.toUpperCase()}`;

const NONE: ResolvedDeposit = {
  source: 'none',
  kind: null,
  address: null,
  xpub: null,
  chain: null,
};
const OPEN: NetworkTerms = {
  depositEnabled: true,
  withdrawEnabled: true,
  withdrawMax: null,
  withdrawDailyAmount: null,
};

const DEMO_BANK: PlatformBank = {
  currency: 'USDT',
  bank_name: 'Demo Bank (no real account)',
  account_name: 'Honest Exchange Demo Ltd',
  account_number: 'DEMO-0000-0000-0000',
  branch: 'Demo Branch',
  swift_code: 'DEMOXXXX',
  bank_address: '1 Example Street, Demo City',
};

/**
 * `DEPOSIT_ADDRESSES` as `COIN:NETWORK=address,...`, every address checked against its network's
 * format (a bad one stops the start). Demo mode fills the gaps with valid-format demo addresses;
 * production shows only configured ones, never an invented address.
 */
export function parseDepositAddresses(value: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of (value ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const match = /^([A-Za-z0-9]+):([A-Za-z0-9_-]+)=(\S+)$/.exec(trimmed);
    if (!match) throw new Error(`DEPOSIT_ADDRESSES: '${trimmed}' is not COIN:NETWORK=address`);
    const [, coin, network, address] = match as unknown as [string, string, string, string];
    if (!isValidAddress(network, address))
      throw new Error(
        `DEPOSIT_ADDRESSES: '${address}' is not a valid ${network.toUpperCase()} address`,
      );
    map.set(`${coin.toUpperCase()}:${network.toUpperCase()}`, address);
  }
  return map;
}

/** The platform bank from `PLATFORM_BANK_*`; demo details in demo mode when unset. */
export function platformBank(env: NodeJS.ProcessEnv, demo: boolean): PlatformBank | null {
  if (!env.PLATFORM_BANK_ACCOUNT_NUMBER) return demo ? DEMO_BANK : null;
  return {
    currency: (env.PLATFORM_BANK_CURRENCY || 'USDT').toUpperCase(),
    bank_name: env.PLATFORM_BANK_NAME ?? '',
    account_name: env.PLATFORM_BANK_ACCOUNT_NAME ?? '',
    account_number: env.PLATFORM_BANK_ACCOUNT_NUMBER,
    branch: env.PLATFORM_BANK_BRANCH ?? '',
    swift_code: env.PLATFORM_BANK_SWIFT ?? '',
    bank_address: env.PLATFORM_BANK_ADDRESS ?? '',
  };
}

/**
 * The deposit settings: what the console saved (`stored`, keyed `COIN:NETWORK`), over the
 * environment: `DEPOSIT_XPUBS` (an xpub takes precedence over a shared address for its coin and
 * network), `DEPOSIT_ADDRESSES` and `PLATFORM_BANK_*`; demo addresses fill the gaps in demo
 * mode. Any bad environment entry throws, which stops the start.
 */
export function depositSettings(
  mode: 'demo' | 'production',
  env: NodeJS.ProcessEnv = process.env,
  stored: (key: string) => StoredNetwork | undefined = () => undefined,
): DepositSettings {
  const configured = parseDepositAddresses(env.DEPOSIT_ADDRESSES);
  const xpubs = parseDepositXpubs(env.DEPOSIT_XPUBS, bitcoinChainOf(env.BTC_NETWORK));
  const demo = mode === 'demo';
  const resolve = (coin: string, network: string): ResolvedDeposit => {
    if (network.toUpperCase() === BANK_NETWORK) return NONE;
    const key = networkKey(coin, network);
    const row = stored(key);
    if (row?.depositXpub)
      return { ...NONE, source: 'table', kind: 'xpub', xpub: row.depositXpub, chain: row.chain };
    if (row?.depositAddress)
      return { ...NONE, source: 'table', kind: 'address', address: row.depositAddress };
    const xpub = xpubs.get(key);
    if (xpub) return { ...NONE, source: 'env', kind: 'xpub', xpub: xpub.key, chain: xpub };
    const address = configured.get(key);
    if (address) return { ...NONE, source: 'env', kind: 'address', address };
    const made = demo ? demoAddress(network, `honest-exchange demo ${key}`) : null;
    return made ? { ...NONE, source: 'demo', kind: 'address', address: made } : NONE;
  };
  return {
    address: (coin, network) => resolve(coin, network).address,
    userAddress(coin, network, userId) {
      const found = resolve(coin, network);
      if (found.kind !== 'xpub') return found.address;
      return found.chain ? deriveAddress(found.chain, userId) : null;
    },
    resolve,
    terms(coin, network) {
      const row = stored(networkKey(coin, network));
      if (!row) return OPEN;
      const { depositEnabled, withdrawEnabled, withdrawMax, withdrawDailyAmount } = row;
      return { depositEnabled, withdrawEnabled, withdrawMax, withdrawDailyAmount };
    },
    bank: platformBank(env, demo),
  };
}
