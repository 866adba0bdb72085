import { serverModule } from '../../lib/module.ts';
import { Monitor } from './monitor.ts';
import { monitoringOperatorRoutes } from './operator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alert rules: `runOnce()` for tests, `start()` from main.ts. */
    monitoring: Monitor;
  }
}

/**
 * Alerts: rules over the platform (evaluated by the owner of `monitoring`) and over each process,
 * told to ALERT_WEBHOOK_URL and to the operators who opted in; shown in the console.
 */
export const monitoringModule = serverModule({
  name: 'monitoring',
  dependencies: ['metrics', 'operator-core'],
  setup(app) {
    const monitor = new Monitor(app);
    app.decorate('monitoring', monitor);
    app.addHook('onClose', () => monitor.stop());
  },
  operatorRoutes: monitoringOperatorRoutes,
});
