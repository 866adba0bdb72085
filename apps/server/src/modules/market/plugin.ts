import { serverModule } from '../../lib/module.ts';
import { SYMBOLS, type Period } from '@hx/market';
import type { PriceBook } from '../wallet/prices.ts';
import { socket, type SocketOptions } from '../../ws/socket.ts';
import { favoriteRoutes } from './favorites.ts';
import { Market } from './live.ts';
import { marketRoutes } from './routes.ts';

export interface MarketOptions {
  /** Symbols served (default: the whole catalogue); tests pick a few. */
  symbols?: readonly string[];
  /** History depth per period on first start, in days. */
  backfillDays?: Partial<Record<Period, number>>;
  pumpMs?: number;
  tickersMs?: number;
  /** The live socket's limits. */
  socket?: SocketOptions;
}

export interface MarketPluginOptions {
  market?: MarketOptions;
  /** Replaces the market as the wallet's price book (tests of valuations). */
  prices?: PriceBook;
}

/**
 * Market data and the live socket: decorates `app.hub`, `app.market` and `app.prices` (the
 * market's last recorded prices), serves `/ws` and the market routes under /api.
 */
export const marketModule = serverModule<MarketPluginOptions>({
  name: 'market',
  async setup(app, options) {
    const opts = options.market ?? {};
    await app.register(socket, opts.socket ?? {});
    const wanted = opts.symbols && new Set(opts.symbols);
    const market = new Market(
      {
        db: app.db,
        clock: app.clock,
        hub: app.hub,
        log: app.log.child({ module: 'market' }),
        seed: app.config.marketSeed,
        symbols: wanted ? SYMBOLS.filter((s) => wanted.has(s.symbol)) : SYMBOLS,
      },
      {
        source: app.config.marketSource,
        binanceUrl: app.config.binanceWsUrl,
        retentionDays: app.config.tickRetentionDays,
        backfillDays: opts.backfillDays,
        pumpMs: opts.pumpMs,
        tickersMs: opts.tickersMs,
      },
    );
    await market.init();
    app.decorate('market', market);
    app.decorate('prices', options.prices ?? market);
    app.addHook('onClose', async () => market.stop());
  },
  routes: async (api) => {
    await api.register(marketRoutes);
    await api.register(favoriteRoutes);
  },
});
