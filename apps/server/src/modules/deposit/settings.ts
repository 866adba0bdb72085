import { demoAddress, isValidAddress } from '../address/formats.ts';
import { deriveAddress, parseDepositXpubs } from './xpub.ts';

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

export interface DepositSettings {
  /**
   * The shared deposit address of a coin on a network (configured, or a demo one in demo
   * mode), or null when there is none.
   */
  address(coin: string, network: string): string | null;
  /**
   * The address user `userId` deposits a coin to on a network: derived from the network's xpub
   * when `DEPOSIT_XPUBS` has one (the same user always gets the same address), otherwise the
   * shared `address`.
   */
  userAddress(coin: string, network: string, userId: number): string | null;
  bank: PlatformBank | null;
}

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
 * The deposit settings from the environment: `DEPOSIT_ADDRESSES`, `DEPOSIT_XPUBS` (an xpub
 * takes precedence over a shared address for its coin and network) and `PLATFORM_BANK_*`. Any
 * bad entry throws, which stops the start.
 */
export function depositSettings(
  mode: 'demo' | 'production',
  env: NodeJS.ProcessEnv = process.env,
): DepositSettings {
  const configured = parseDepositAddresses(env.DEPOSIT_ADDRESSES);
  const xpubs = parseDepositXpubs(env.DEPOSIT_XPUBS);
  const demo = mode === 'demo';
  const shared = (coin: string, network: string) => {
    const key = `${coin.toUpperCase()}:${network.toUpperCase()}`;
    return (
      configured.get(key) ?? (demo ? demoAddress(network, `honest-exchange demo ${key}`) : null)
    );
  };
  return {
    address: shared,
    userAddress(coin, network, userId) {
      const xpub = xpubs.get(`${coin.toUpperCase()}:${network.toUpperCase()}`);
      return xpub ? deriveAddress(xpub, userId) : shared(coin, network);
    },
    bank: platformBank(env, demo),
  };
}
