import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { bankCardBody, bankCardItem, created, idBody, pageOf, pageQuery } from '@hx/contracts';
import { bankCards } from '@hx/db';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';

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

const live = (userId: number, id?: number) =>
  and(
    eq(bankCards.userId, userId),
    isNull(bankCards.deletedAt),
    id === undefined ? undefined : eq(bankCards.id, id),
  );

export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/cash_save',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Bind a bank card (every field required); with `id`, update that card',
        body: bankCardBody,
        response: { 200: okSchema(created) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const { id, ...fields } = request.body;
      const values = {
        name: fields.name,
        cardNumber: fields.card_number,
        depositaryBank: fields.depositary_bank,
        branch: fields.branch,
        bankName: fields.bank_name,
        bankAddress: fields.bank_address,
        swiftCode: fields.swift_code,
        payeeAddress: fields.payee_address,
        zipCode: fields.zip_code,
      };
      if (id) {
        const updated = await app.db
          .update(bankCards)
          .set(values)
          .where(live(userId, id))
          .returning({ id: bankCards.id });
        if (!updated[0]) throw new AppError('NOT_FOUND');
        return ok({ id: updated[0].id });
      }
      const [row] = await app.db
        .insert(bankCards)
        .values({ userId, ...values, createdAt: app.clock.now() })
        .returning({ id: bankCards.id });
      return ok({ id: row!.id });
    },
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
        .where(live(userId))
        .orderBy(desc(bankCards.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await app.db.select({ n: count() }).from(bankCards).where(live(userId));
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
        .where(live(userOf(request).id, request.body.id))
        .returning({ id: bankCards.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND');
      return ok({});
    },
  );
};
