import { spotOperatorRoutes } from './operator.ts';
import { spotRoutes } from './routes.ts';
import { SpotService, TRADED } from './service.ts';
import { serverModule } from '../../lib/module.ts';
import { hearOthers } from '../../lib/bus.ts';
import type { Fill } from '../market/trade-bars.ts';

declare module 'fastify' {
  interface FastifyInstance {
    spot: SpotService;
  }
}

/**
 * Spot trading: decorates `app.spot`, rebuilds the books from the open orders, plugs the books
 * into the market's `currency/deal` and socket channels, and serves the coin/* routes.
 */
export const spotModule = serverModule({
  name: 'spot',
  dependencies: ['coins', 'market', 'notifications', 'operator-core'],
  async setup(app) {
    const spot = new SpotService({
      db: app.db,
      clock: app.clock,
      hub: app.hub,
      market: app.market,
      log: app.log.child({ module: 'spot' }),
      bus: app.bus,
      ownership: app.ownership,
    });
    await spot.start();
    // Pairs edited in the console on another process: the books here follow the table.
    if (app.bus.clustered)
      hearOthers(app.bus, 'hx.spot.pairs', () => {
        spot.reloadPairs().catch((err: unknown) => app.log.error({ err }, 'reloading pairs'));
      });
    // Fills of pairs another process owns: this process's quotes and bars follow them.
    if (app.bus.clustered)
      hearOthers(app.bus, TRADED, (text) => {
        const { symbol, fills } = JSON.parse(text) as { symbol: string; fills: Fill[] };
        app.market.trades.traded(symbol, fills, false);
      });
    app.decorate('spot', spot);
    app.roster.books = () => spot.states.list(spot.writers);
    app.market.book = { deal: (symbol) => spot.dealAnywhere(symbol) };
    app.addHook('onClose', async () => spot.stop());
  },
  routes: spotRoutes,
  operatorRoutes: spotOperatorRoutes,
});
