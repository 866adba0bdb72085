import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { BANK_NETWORK, isPrivateExtendedKey } from '@hx/protocol';
import { coinNetworks, coins, type Db } from '@hx/db';
import { AppError } from '../../lib/errors.ts';
import { isValidAddress, normalizeAddress } from '../address/formats.ts';
import { bitcoinChainOf, type BitcoinChain } from '../address/bitcoin-network.ts';
import {
  depositSettings,
  networkKey,
  type DepositSettings,
  type StoredNetwork,
} from './settings.ts';
import { parseXpub, XpubError, type XpubChain } from './xpub.ts';

/** Other processes pick up a console change within this time; this one at once. */
const REFRESH_MS = 10_000;

type Log = { error(object: object, message: string): void };

/**
 * The `coin_networks` table in memory, over the environment's deposit settings. The console
 * route calls `reload()` after every edit, so a change applies at once without a restart;
 * `current()` reloads what is older than REFRESH_MS, so several processes agree soon too.
 */
export class CoinNetworkSettings {
  private stored = new Map<string, StoredNetwork>();
  private loadedAt = 0;
  private started = 0;
  private applied = 0;
  private refreshing: Promise<void> | null = null;
  private readonly bitcoinChain: BitcoinChain;
  /** The settings every deposit and withdrawal reads; always the latest loaded table. */
  readonly settings: DepositSettings;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    mode: 'demo' | 'production',
    env: NodeJS.ProcessEnv,
  ) {
    this.bitcoinChain = bitcoinChainOf(env.BTC_NETWORK);
    this.settings = depositSettings(mode, env, (key) => this.stored.get(key));
  }

  /** Reads the table now. A load that started earlier never overwrites a later one. */
  async reload(): Promise<void> {
    const seq = ++this.started;
    const at = performance.now();
    const rows = await this.db
      .select({ n: coinNetworks, coin: coins.name })
      .from(coinNetworks)
      .innerJoin(coins, eq(coins.id, coinNetworks.coinId));
    if (seq < this.applied) return;
    const next = new Map<string, StoredNetwork>();
    for (const { n, coin } of rows) {
      const key = networkKey(coin, n.network);
      let chain: XpubChain | null = null;
      if (n.depositXpub) {
        try {
          chain = parseXpub(key, n.network, n.depositXpub, this.bitcoinChain);
        } catch (error) {
          // Checked when saved, so this needs a code change to happen; no address meanwhile.
          this.log.error({ err: error, network: key }, 'stored deposit xpub does not parse');
        }
      }
      next.set(key, {
        depositAddress: n.depositAddress,
        depositXpub: n.depositXpub,
        chain,
        depositEnabled: n.depositEnabled,
        withdrawEnabled: n.withdrawEnabled,
        withdrawMax: n.withdrawMax,
        withdrawDailyAmount: n.withdrawDailyAmount,
        updatedAt: n.updatedAt,
      });
    }
    this.stored = next;
    this.applied = seq;
    this.loadedAt = at;
  }

  /** The settings, reloaded first when the last load is older than REFRESH_MS. */
  async current(): Promise<DepositSettings> {
    if (performance.now() - this.loadedAt > REFRESH_MS) {
      this.refreshing ??= this.reload().finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
    }
    return this.settings;
  }

  /** What the console saved for a coin on a network, if anything. */
  storedFor(coin: string, network: string): StoredNetwork | undefined {
    return this.stored.get(networkKey(coin, network));
  }
}

/**
 * Checks a deposit address or xpub an operator entered for `network`; answers the form to
 * store. An address must pass the network's format check (ADDRESS_INVALID); an xpub must parse
 * and derive on the network (XPUB_INVALID, XPUB_NETWORK), and a private key is refused
 * (XPUB_PRIVATE) without being repeated anywhere. Only one of the two, and neither on BANK.
 */
export function checkDepositTarget(
  coin: string,
  network: string,
  input: { address: string | null; xpub: string | null },
  bitcoinChain: BitcoinChain = 'mainnet',
): { address: string | null; xpub: string | null } {
  const { address, xpub } = input;
  if (xpub !== null && isPrivateExtendedKey(xpub)) throw new AppError('XPUB_PRIVATE');
  if (address !== null && xpub !== null)
    throw new AppError('CONFIG_INVALID', { field: 'deposit_address, deposit_xpub: only one' });
  if (network === BANK_NETWORK && (address !== null || xpub !== null))
    throw new AppError('CONFIG_INVALID', { field: 'BANK has no chain address' });
  if (address !== null) {
    if (!isValidAddress(network, address, bitcoinChain))
      throw new AppError('ADDRESS_INVALID', { network });
    return { address: normalizeAddress(network, address), xpub: null };
  }
  if (xpub !== null) {
    try {
      parseXpub(networkKey(coin, network), network, xpub, bitcoinChain);
    } catch (error) {
      const reason = error instanceof XpubError ? error.reason : 'invalid';
      if (reason === 'private') throw new AppError('XPUB_PRIVATE');
      if (reason === 'network') throw new AppError('XPUB_NETWORK', { network });
      throw new AppError('XPUB_INVALID');
    }
    return { address: null, xpub };
  }
  return { address: null, xpub: null };
}

/**
 * Decorates `app.coinNetworks`, loaded before any route runs. The environment's part
 * (DEPOSIT_ADDRESSES, DEPOSIT_XPUBS, PLATFORM_BANK_*) is checked here: a bad entry stops the
 * start, as before.
 */
export const coinNetworkSettings = fp(async (app) => {
  const networks = new CoinNetworkSettings(
    app.db,
    app.log.child({ module: 'coin-networks' }),
    app.config.mode,
    {
      ...process.env,
      DEPOSIT_ADDRESSES: app.config.depositAddresses,
      DEPOSIT_XPUBS: app.config.depositXpubs,
      BTC_NETWORK: app.config.bitcoinChain,
    },
  );
  await networks.reload();
  app.decorate('coinNetworks', networks);
});
