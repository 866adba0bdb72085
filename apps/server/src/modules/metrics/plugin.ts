import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { serverModule } from '../../lib/module.ts';
import { metricsAccess } from './access.ts';
import { health, type Health } from './health.ts';
import { domainSeries, processSeries } from './series.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus series (GET /metrics). */
    metrics: Registry;
    /** Readiness for load balancers (/api/health/ready), and draining on stop. */
    health: Health;
  }
}

/** Outside the endpoint table and the API docs: plain text or JSON for machines, no envelope. */
const HIDDEN = { schema: { hide: true } };

/**
 * Metrics in Prometheus' text format at /metrics (loopback, METRICS_ALLOW, or METRICS_TOKEN),
 * and the health a load balancer asks at /api/health/live and /api/health/ready. Registered
 * first, so every route after it is timed.
 */
export const metricsModule = serverModule({
  name: 'metrics',
  setup(app) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'hx_' });
    const requests = new Histogram({
      name: 'hx_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status, and how long they took.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The pattern (/api/order/:id), never the URL: one series per route, not per id.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    processSeries(registry, app);
    domainSeries(registry, app);
    app.decorate('metrics', registry);
    app.decorate('health', health(app));

    const allowed = metricsAccess(app.config);
    app.get('/metrics', HIDDEN, async (request, reply) => {
      const status = allowed(request.ip, request.headers.authorization);
      if (status !== 200)
        return reply
          .code(status)
          .type('text/plain')
          .send(status === 401 ? 'bad token\n' : 'forbidden\n');
      return reply.type(registry.contentType).send(await registry.metrics());
    });
    app.get('/api/health/live', HIDDEN, async () => ({ status: 'live' }));
    app.get('/api/health/ready', HIDDEN, async (_request, reply) => {
      const reasons = await app.health.reasons();
      if (reasons.length) return reply.code(503).send({ status: 'not ready', reasons });
      return { status: 'ready', reasons };
    });
  },
});
