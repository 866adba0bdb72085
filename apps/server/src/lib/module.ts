import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

/** A server module: one domain, registered by app.ts's list of modules. */
export interface ModuleSpec<Options = object> {
  /** How other modules name it in `dependencies`. */
  name: string;
  /** Modules whose decorations it uses, registered before it (Fastify refuses otherwise). */
  dependencies?: string[];
  /** Demo mode only (its routes and setup are absent in production). */
  demoOnly?: boolean;
  /** What it decorates, starts and stops, before its routes. */
  setup?: (app: FastifyInstance, options: Options) => Promise<void> | void;
  /** Its routes, under /api: a route plugin, or one that registers several. */
  routes?: FastifyPluginAsyncZod;
  /** Its operator routes, under /api/admin. */
  operatorRoutes?: FastifyPluginAsyncZod;
}

/**
 * A module as a Fastify plugin named after it: its setup on the app itself (decorations are
 * shared), its routes in a scope of their own under its prefix.
 */
export function serverModule<Options extends object = object>(spec: ModuleSpec<Options>) {
  return fp<Options>(
    async (app, options) => {
      if (spec.demoOnly && app.config.mode !== 'demo') return;
      await spec.setup?.(app, options);
      const { routes, operatorRoutes } = spec;
      if (!routes && !operatorRoutes) return;
      await app.register(
        async (api) => {
          const typed = api.withTypeProvider<ZodTypeProvider>();
          if (routes) await typed.register(routes);
          if (operatorRoutes) await typed.register(operatorRoutes, { prefix: '/admin' });
        },
        { prefix: '/api' },
      );
    },
    { name: spec.name, dependencies: spec.dependencies },
  );
}
