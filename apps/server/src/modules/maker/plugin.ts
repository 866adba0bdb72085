import { serverModule } from '../../lib/module.ts';
import { Hedger } from './hedger.ts';
import { makerOperatorRoutes } from './operator.ts';
import { MakerService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    maker: MakerService;
  }
}

/**
 * The operator's market maker (docs/operations.md, "Going live"): decorates `app.maker`, whose
 * rounds main.ts starts; its console routes under /api/admin/maker.
 */
export const makerModule = serverModule({
  name: 'maker',
  dependencies: ['operator-core', 'spot'],
  setup(app) {
    const { hedge } = app.config;
    const maker = new MakerService({
      db: app.db,
      clock: app.clock,
      priceIndex: app.priceIndex,
      log: app.log.child({ module: 'maker' }),
      spot: app.spot,
      hedger: hedge && new Hedger(hedge, () => app.clock.now().getTime()),
    });
    app.decorate('maker', maker);
    app.addHook('onClose', async () => maker.stop());
  },
  operatorRoutes: makerOperatorRoutes,
});
