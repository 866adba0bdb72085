import { coins } from '@hx/db';
import { Periodic } from '../../lib/periodic.ts';
import { explorerLink } from './config.ts';
import { chainOperatorRoutes } from './operator.ts';
import { tellPayouts } from './payout-notices.ts';
import { returnFailedWithdrawals } from './payouts.ts';
import type { ChainModule, NetworkWatcher } from './types.ts';
import { serverModule } from '../../lib/module.ts';

/**
 * The chain watchers of the configured networks (`EVM_*`, `TRON_*`), one job each, and their status in the
 * console (operator.ts). Coins named in the settings must exist and carry the network, or the
 * start stops.
 */
export const chainModule = serverModule({
  name: 'chain',
  dependencies: ['address', 'deposit', 'notifications', 'operator-core'],
  async setup(app) {
    const networks = app.config.chains;
    const known = await app.db.select({ name: coins.name, networks: coins.networks }).from(coins);
    for (const n of networks)
      for (const asset of n.assets) {
        const coin = known.find((c) => c.name === asset.coin);
        if (!coin || !coin.networks.includes(n.network))
          throw new Error(
            `${n.network}: coin ${asset.coin} is not listed on ${n.network} (add it in the console or fix EVM_TOKENS / EVM_NATIVE_COIN / TRON_TOKENS / TRON_NATIVE_COIN)`,
          );
      }
    // The chain client (viem) loads only when a network is configured: most installs and tests
    // have none, and it is a large import.
    const watchers: NetworkWatcher[] = [];
    if (networks.length > 0) {
      const [{ EvmAdapter }, { TronAdapter }, { ChainWatcher }] = await Promise.all([
        import('./evm.ts'),
        import('./tron/adapter.ts'),
        import('./watcher.ts'),
      ]);
      for (const n of networks) {
        if (n.kind === 'bitcoin') {
          const { BitcoinWatcher } = await import('./bitcoin/watcher.ts');
          watchers.push(new BitcoinWatcher(app, n));
          continue;
        }
        const adapter = n.kind === 'tron' ? new TronAdapter(n) : new EvmAdapter(n);
        watchers.push(new ChainWatcher(app, n, adapter));
      }
    }
    const jobs: Periodic[] = [];
    // Failed payouts go back to review, then users hear of every payout's news (all networks).
    const returnFailed = async () => {
      await returnFailedWithdrawals(app);
      await tellPayouts(app);
    };
    app.decorate('chain', {
      networks,
      watchers,
      find: (network) => networks.find((n) => n.network === network),
      explorer: (network, txHash) =>
        explorerLink(
          networks.find((n) => n.network === network),
          txHash,
        ),
      paysOnChain: (network, coin) => {
        const n = networks.find((c) => c.network === network);
        return !!n?.hotWallet && n.assets.some((a) => a.coin === coin);
      },
      async runOnce() {
        for (const w of watchers) await w.runOnce();
        await returnFailed();
      },
      start() {
        for (const w of watchers) {
          const job = new Periodic(
            async () => {
              await w.runOnce();
              await returnFailed();
            },
            (err) => app.log.error({ err, network: w.network }, 'chain watcher round failed'),
            `chain_watcher_${w.network}`,
          );
          job.start(w.config.pollMs, { immediately: true, unref: true });
          jobs.push(job);
        }
      },
    } satisfies ChainModule);
    app.addHook('onClose', async () => {
      await Promise.all(jobs.map((j) => j.stop()));
    });
  },
  operatorRoutes: chainOperatorRoutes,
});
