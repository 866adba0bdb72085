import { serverModule } from '../../lib/module.ts';
import type { MarketIndex } from '../../lib/price-index.ts';
import { SYMBOLS, type Period, type Tick } from '@hx/market';
import type { PriceBook } from '../coins/prices.ts';
import { favoriteRoutes } from './favorites-routes.ts';
import { indexOperatorRoutes, indexRoutes } from './index-routes.ts';
import { Market } from './live.ts';
import { SimulatedIndex, VenueIndex } from './price-index.ts';
import { marketRoutes } from './routes.ts';

export interface MarketOptions {
  /** Symbols served (default: the whole catalogue); tests pick a few. */
  symbols?: readonly string[];
  /** History depth per period on first start, in days. */
  backfillDays?: Partial<Record<Period, number>>;
  pumpMs?: number;
  tickersMs?: number;
}

export interface MarketPluginOptions {
  market?: MarketOptions;
  /** Replaces the market as the wallet's price book (tests of valuations). */
  prices?: PriceBook;
}

/**
 * Market data: decorates `app.market`, `app.prices` (the market's last recorded prices) and
 * `app.priceIndex` (what settles goes by), publishes on the socket's channels (`app.hub`,
 * ws/socket.ts) and serves the market routes.
 */
export const marketModule = serverModule<MarketPluginOptions>({
  name: 'market',
  dependencies: ['coins', 'operator-core'],
  async setup(app, options) {
    const opts = options.market ?? {};
    const wanted = opts.symbols && new Set(opts.symbols);
    const symbols = wanted ? SYMBOLS.filter((s) => wanted.has(s.symbol)) : SYMBOLS;
    const { config } = app;
    // The venues' index records its prices into the market (its only source then).
    const recorder = { specs: symbols, ingest: (ticks: readonly Tick[]) => market.ingest(ticks) };
    const venues =
      config.indexVenues.length > 0
        ? new VenueIndex(
            {
              db: app.db,
              clock: app.clock,
              hub: app.hub,
              log: app.log.child({ module: 'index' }),
              market: recorder,
            },
            {
              venues: config.indexVenues,
              urls: {
                binance: config.binanceWsUrl,
                okx: config.okxWsUrl,
                bybit: config.bybitWsUrl,
              },
              staleMs: config.indexStaleMs,
              maxDeviation: config.indexMaxDeviation,
              minSources: config.indexMinSources,
            },
          )
        : undefined;
    const market: Market = new Market(
      {
        db: app.db,
        clock: app.clock,
        hub: app.hub,
        log: app.log.child({ module: 'market' }),
        seed: config.marketSeed,
        symbols,
      },
      {
        source: venues ?? 'simulated',
        retentionDays: config.tickRetentionDays,
        backfillDays: opts.backfillDays ?? config.historyDays,
        pumpMs: opts.pumpMs,
        tickersMs: opts.tickersMs,
      },
    );
    await market.init();
    app.decorate('market', market);
    app.decorate('prices', options.prices ?? market);
    const priceIndex: MarketIndex = venues ?? new SimulatedIndex(market, app.hub);
    app.decorate('priceIndex', priceIndex);
    app.addHook('onClose', async () => market.stop());
  },
  routes: async (api) => {
    await api.register(marketRoutes);
    await api.register(favoriteRoutes);
    await api.register(indexRoutes);
  },
  operatorRoutes: indexOperatorRoutes,
});
