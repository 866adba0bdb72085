import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { endpoints } from '@hx/protocol';
import { outbox } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { isLoopback } from '../../lib/loopback.ts';
import { findAdmin } from '../operator-core/auth.ts';
import { mailOf } from '../mail/senders.ts';
import { antiPhishingOf } from '../mail/anti-phishing.ts';

/**
 * Demo mode only: the codes "sent", so people and tests can register without a mailbox. Only
 * for this machine (request.ip honours X-Forwarded-For from TRUST_PROXY only) or an operator:
 * elsewhere the outbox would hand anyone the code of any address.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (isLoopback(request.ip) || (await findAdmin(app, request))) return;
    throw new AppError('FORBIDDEN');
  });
  app.route({
    ...routeOf(endpoints.demoOutbox),
    handler: async (request) => {
      const to = request.query.to.replace(/^\+/, '').toLowerCase();
      const rows = await app.db
        .select()
        .from(outbox)
        .where(eq(outbox.destination, to))
        .orderBy(desc(outbox.id))
        .limit(20);
      // The outbox keeps codes only, so a mail's text is written again, as it would read now.
      const phrase = rows.some((r) => r.channel === 'mail')
        ? await antiPhishingOf(app.db, to)
        : null;
      return ok({
        list: rows.map((r) => ({
          to: r.destination,
          scene: r.scene,
          code: r.code,
          at: r.createdAt.getTime(),
          text:
            r.channel === 'mail'
              ? mailOf({ code: r.code, lang: request.lang, antiPhishing: phrase }).text
              : undefined,
        })),
      });
    },
  });
};
