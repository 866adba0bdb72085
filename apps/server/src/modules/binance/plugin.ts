import { serverModule } from '../../lib/module.ts';
import { binanceAuthenticator } from './request.ts';
import { binanceRoutes } from './routes.ts';
import { listenKeyRoutes } from './stream/listen-keys.ts';
import { binanceStreams } from './stream/plugin.ts';
import { binanceWsApi } from './ws-api/plugin.ts';
import { OrderCounter } from './order-counts.ts';
import { WeightMeter } from './weights.ts';

/**
 * The Binance-compatible API (docs/binance-api.md): Binance's spot REST paths under /api/v3 on
 * our spot orders, books and ledger, signed with our API keys (HMAC or Ed25519), with Binance's
 * errors and weights. Its keyed requests are identified by an authenticator registered with
 * plugins/auth.ts, so the keys' own rate limits count them as they count X-API-KEY requests.
 */
export const binanceModule = serverModule({
  name: 'binance',
  dependencies: ['api-keys', 'market', 'spot'],
  setup(app) {
    app.decorate('binanceWeights', new WeightMeter(() => app.clock.now().getTime()));
    app.decorate('binanceOrderCounts', new OrderCounter(() => app.clock.now().getTime()));
    app.addAuthenticator(binanceAuthenticator(app));
    // The streams at /stream and the user data streams (stream/plugin.ts), beside /ws.
    app.decorate('binanceStreams', binanceStreams(app));
    binanceWsApi(app); // /ws-api/v3
  },
  routes: binanceRoutes((api) => listenKeyRoutes(api)),
});
