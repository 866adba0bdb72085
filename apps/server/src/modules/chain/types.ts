import type { ChainAdapter } from './adapter.ts';
import type { ChainNetworkConfig } from './config.ts';

/** What one round of a watcher did (watcher.ts). */
export interface RoundResult {
  height: number;
  head: number;
  /** Deposits recorded (or seen again after a reorg) this round. */
  seen: number;
  dropped: number;
  credited: number;
}

/** One network's watcher as the module and the console see it (ChainWatcher in watcher.ts). */
export interface NetworkWatcher {
  readonly network: string;
  readonly config: ChainNetworkConfig;
  readonly adapter: ChainAdapter;
  runOnce(): Promise<RoundResult>;
}

/** `app.chain`, decorated by plugin.ts. */
export interface ChainModule {
  networks: readonly ChainNetworkConfig[];
  watchers: readonly NetworkWatcher[];
  /** The watched network's settings, if `network` is one. */
  find(network: string): ChainNetworkConfig | undefined;
  /** The explorer's page of a transaction on `network`, if it has one configured. */
  explorer(network: string, txHash: string | null): string | null;
  /**
   * Whether withdrawals of `coin` on `network` are paid by the signer (a hot wallet is
   * configured and the coin is one of the network's assets: USDT on OMNI is paid by hand).
   */
  paysOnChain(network: string, coin: string): boolean;
  /** One round of every watcher, then failed payouts go back to review and users are told; for tests. */
  runOnce(): Promise<void>;
  start(): void;
}
