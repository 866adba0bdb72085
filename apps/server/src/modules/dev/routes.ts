import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { outbox } from '@hx/db';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { isLoopback } from '../../lib/loopback.ts';
import { findAdmin } from '../operator/auth.ts';
import { mailOf } from '../auth/senders.ts';
import { antiPhishingOf } from '../security/anti-phishing.ts';

const message = z.object({
  to: z.string(),
  scene: z.string(),
  code: z.string(),
  at: z.number(),
  text: z
    .string()
    .optional()
    .describe("a mail's text as it reads now (with the recipient's anti-phishing code)"),
});

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
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['demo'],
        summary: 'Latest codes sent to an address (demo mode only; this machine or an operator)',
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
  );
};
