import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import type { z } from 'zod';
import { bankCardBody, bankCardItem, created, idBody, pageOf, pageQuery } from '@hx/protocol';
import { bankCards } from '@hx/db';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { liveCards, saveCard } from './service.ts';

const tags = ['bank cards'];
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
  app.post(
    '/user/cash_save',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Bind a bank card (every field required); with `id`, update that card. Fund password, an 'address' code, and `totp` with 2FA on",
        body: bankCardBody,
        response: { 200: okSchema(created) },
      },
    },
    async (request) => ok(await saveCard(app, userOf(request), request.body)),
  );

  app.post(
    '/user/cash_info',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Your bank cards, newest first',
        body: pageQuery,
        response: { 200: okSchema(pageOf(bankCardItem)) },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/user/cash_del',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Delete one of your bank cards',
        body: idBody,
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      const deleted = await app.db
        .update(bankCards)
        .set({ deletedAt: app.clock.now() })
        .where(liveCards(userOf(request).id, request.body.id))
        .returning({ id: bankCards.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND');
      return ok({});
    },
  );
};
