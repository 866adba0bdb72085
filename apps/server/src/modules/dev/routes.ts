import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { outbox } from '@hx/db';
import { ok, okSchema } from '../../plugins/envelope.ts';

const message = z.object({ to: z.string(), scene: z.string(), code: z.string(), at: z.number() });

/** Demo mode only: the codes "sent", so people and tests can register without a mailbox. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['demo'],
        summary: 'Latest codes sent to an address (demo mode only)',
        querystring: z.object({ to: z.string().trim().min(1, { error: 'ACCOUNT_REQUIRED' }) }),
        response: { 200: okSchema(z.object({ list: z.array(message) })) },
      },
    },
    async (request) => {
      const to = request.query.to.replace(/^\+/, '').toLowerCase();
      const rows = await app.db
        .select()
        .from(outbox)
        .where(eq(outbox.destination, to))
        .orderBy(desc(outbox.id))
        .limit(20);
      return ok({
        list: rows.map((r) => ({
          to: r.destination,
          scene: r.scene,
          code: r.code,
          at: r.createdAt.getTime(),
        })),
      });
    },
  );
};
