import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type bankCardItem } from '@hx/protocol';
import { bankCards } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { liveCards, saveCard } from './service.ts';

const security = [{ token: [] }];

type Card = typeof bankCards.$inferSelect;
const view = (c: Card): z.infer<typeof bankCardItem> => ({
  id: c.id,
  name: c.name,
  card_number: c.cardNumber,
  depositary_bank: c.depositaryBank,
  branch: c.branch,
  bank_name: c.bankName,
  bank_address: c.bankAddress,
  swift_code: c.swiftCode,
  payee_address: c.payeeAddress,
  zip_code: c.zipCode,
  created_at: c.createdAt.getTime(),
});

export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.bankCardSave, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await saveCard(app, userOf(request), request.body)),
  });

  app.route({
    ...routeOf(endpoints.bankCardList, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const userId = userOf(request).id;
      const { page, limit } = request.body;
      const rows = await app.db
        .select()
        .from(bankCards)
        .where(liveCards(userId))
        .orderBy(desc(bankCards.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await app.db.select({ n: count() }).from(bankCards).where(liveCards(userId));
      return ok({ list: rows.map(view), total: total?.n ?? 0, page });
    },
  });

  app.route({
    ...routeOf(endpoints.bankCardDelete, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const deleted = await app.db
        .update(bankCards)
        .set({ deletedAt: app.clock.now() })
        .where(liveCards(userOf(request).id, request.body.id))
        .returning({ id: bankCards.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND');
      return ok({});
    },
  });
};
