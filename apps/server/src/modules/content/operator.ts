import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  endpoints,
  imageParams,
  type AdminContentItem,
  type Endpoint,
  type idParams,
  type pageQuery,
} from '@hx/protocol';
import {
  banners,
  feedback,
  feedbackReplies,
  helpArticles,
  helpCategories,
  notices,
  type Db,
} from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { adminOf, allow, ROLES } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';
import { findUpload, publicIdOf, readUpload } from '../upload/store.ts';
import { adminFeedbackItem, feedbackQueue, findFeedback } from './feedback.ts';
import { allTextsFor, deleteTexts, saveTexts, textsRecord, type ContentKind } from './texts.ts';

const tags = ['operator'];
const security = [{ token: [] }];

type Fields = AdminContentItem['fields'];

/**
 * An editable kind of content: its endpoints in the table (`@hx/protocol`; the create and
 * replace forms are its input schema), its table and how a body becomes columns.
 */
interface Resource<S extends z.ZodType> {
  endpoints: {
    list: Endpoint & { query: typeof pageQuery };
    create: Endpoint & { body: S };
    update: Endpoint & { params: typeof idParams; body: S };
    remove: Endpoint & { params: typeof idParams };
  };
  kind: ContentKind;
  table: typeof notices | typeof banners | typeof helpCategories | typeof helpArticles;
  columns: (body: z.output<S>, now: Date) => Record<string, unknown>;
  /** Refuses a body that points at what does not exist. */
  check?: (tx: Db, body: z.output<S>) => Promise<void>;
  /** Refuses a delete that would leave something dangling. */
  canDelete?: (tx: Db, id: number) => Promise<void>;
  order: 'sort' | 'newest';
}
const resource = <S extends z.ZodType>(r: Resource<S>) => r;

const RESOURCES = [
  resource({
    endpoints: {
      list: endpoints.operatorNotices,
      create: endpoints.operatorNoticeCreate,
      update: endpoints.operatorNoticeUpdate,
      remove: endpoints.operatorNoticeDelete,
    },
    kind: 'notice',
    table: notices,
    columns: (b, now) => ({ pinned: b.pinned, published: b.published, updatedAt: now }),
    order: 'newest',
  }),
  resource({
    endpoints: {
      list: endpoints.operatorBanners,
      create: endpoints.operatorBannerCreate,
      update: endpoints.operatorBannerUpdate,
      remove: endpoints.operatorBannerDelete,
    },
    kind: 'banner',
    table: banners,
    columns: (b, now) => ({
      link: b.link ?? null,
      image: b.image ?? null,
      sort: b.sort,
      enabled: b.enabled,
      updatedAt: now,
    }),
    order: 'sort',
  }),
  resource({
    endpoints: {
      list: endpoints.operatorHelpCategories,
      create: endpoints.operatorHelpCategoryCreate,
      update: endpoints.operatorHelpCategoryUpdate,
      remove: endpoints.operatorHelpCategoryDelete,
    },
    kind: 'help_category',
    table: helpCategories,
    columns: (b) => ({ icon: b.icon, sort: b.sort, enabled: b.enabled }),
    canDelete: async (tx, id) => {
      const [row] = await tx
        .select({ n: count() })
        .from(helpArticles)
        .where(eq(helpArticles.categoryId, id));
      if ((row?.n ?? 0) > 0) throw new AppError('HELP_CATEGORY_NOT_EMPTY');
    },
    order: 'sort',
  }),
  resource({
    endpoints: {
      list: endpoints.operatorHelpArticles,
      create: endpoints.operatorHelpArticleCreate,
      update: endpoints.operatorHelpArticleUpdate,
      remove: endpoints.operatorHelpArticleDelete,
    },
    kind: 'help_article',
    table: helpArticles,
    columns: (b, now) => ({
      categoryId: b.category_id,
      sort: b.sort,
      published: b.published,
      updatedAt: now,
    }),
    check: async (tx, b) => {
      const [row] = await tx
        .select({ id: helpCategories.id })
        .from(helpCategories)
        .where(eq(helpCategories.id, b.category_id));
      if (!row) throw new AppError('HELP_CATEGORY_INVALID');
    },
    order: 'sort',
  }),
];

/** Columns as the operator API shows them: snake_case, dates as epoch ms. */
function fieldsOf(row: Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'id') continue;
    const name = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    out[name] =
      value instanceof Date
        ? value.getTime()
        : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
          ? value
          : null;
  }
  return out;
}

async function itemsOf(db: Db, kind: ContentKind, rows: Record<string, unknown>[]) {
  const texts = await allTextsFor(
    db,
    kind,
    rows.map((r) => r.id as number),
  );
  return rows.map((r) => ({
    id: r.id as number,
    fields: fieldsOf(r),
    texts: textsRecord(texts.get(r.id as number)),
  }));
}

type OperatorApp = Parameters<FastifyPluginAsyncZod>[0];
type Guard = ReturnType<typeof allow>;

/** One content kind's list, create, update and delete, each change audited with before and after. */
function resourceRoutes(app: OperatorApp, guard: Guard, r: (typeof RESOURCES)[number]) {
  // Drizzle cannot type a query over "one of these tables"; the resource table fixes it.
  const table = r.table as typeof notices;
  const one = async (tx: Db, id: number) => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    return (await itemsOf(tx, r.kind, [row]))[0]!;
  };
  const audit = (
    tx: Db,
    request: Parameters<typeof adminOf>[0],
    action: string,
    id: number,
    before: unknown,
    after: unknown,
  ) =>
    writeAudit(tx, {
      adminId: adminOf(request).id,
      action: `${r.kind}.${action}`,
      targetType: r.kind,
      targetId: id,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
      reason: null,
      at: app.clock.now(),
    });

  app.route({
    ...routeOf(r.endpoints.list, { security, under: '/admin' }),
    onRequest: guard,
    handler: async (request) => {
      const { page, limit } = request.query;
      const rows = await app.db
        .select()
        .from(table)
        .orderBy(
          ...(r.order === 'newest'
            ? [desc(table.id)]
            : [asc((table as unknown as typeof banners).sort), asc(table.id)]),
        )
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await app.db.select({ n: count() }).from(table);
      return ok({ list: await itemsOf(app.db, r.kind, rows), total: total?.n ?? 0, page });
    },
  });

  app.route({
    ...routeOf(r.endpoints.create, { security, under: '/admin' }),
    onRequest: guard,
    handler: async (request) => {
      const body = request.body as z.output<typeof r.endpoints.create.body>;
      const now = app.clock.now();
      return ok(
        await app.db.transaction(async (tx) => {
          await r.check?.(tx, body as never);
          const values = { ...r.columns(body as never, now) };
          if (r.kind === 'notice') Object.assign(values, { publishedAt: now });
          const [row] = await tx
            .insert(table)
            .values(values as never)
            .returning({ id: table.id });
          await saveTexts(tx, r.kind, row!.id, body.texts);
          const item = await one(tx, row!.id);
          await audit(tx, request, 'create', row!.id, null, item);
          return item;
        }),
      );
    },
  });

  app.route({
    ...routeOf(r.endpoints.update, { security, under: '/admin' }),
    onRequest: guard,
    handler: async (request) => {
      const body = request.body as z.output<typeof r.endpoints.create.body>;
      const id = request.params.id;
      return ok(
        await app.db.transaction(async (tx) => {
          const before = await one(tx, id);
          await r.check?.(tx, body as never);
          await tx
            .update(table)
            .set(r.columns(body as never, app.clock.now()) as never)
            .where(eq(table.id, id));
          await saveTexts(tx, r.kind, id, body.texts);
          const after = await one(tx, id);
          await audit(tx, request, 'update', id, before, after);
          return after;
        }),
      );
    },
  });

  app.route({
    ...routeOf(r.endpoints.remove, { security, under: '/admin' }),
    onRequest: guard,
    handler: async (request) => {
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const before = await one(tx, id);
        await r.canDelete?.(tx, id);
        await deleteTexts(tx, r.kind, id);
        await tx.delete(table).where(eq(table.id, id));
        await audit(tx, request, 'delete', id, before, null);
      });
      return ok({});
    },
  });
}

/**
 * The content editor and the feedback desk of the operator API (roles support and admin).
 * Every change is written to the audit log in its own transaction, with the item before and
 * after.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = allow(app, ROLES.support);

  for (const r of RESOURCES) resourceRoutes(app, guard, r);

  app.route({
    ...routeOf(endpoints.operatorFeedback, { security, under: '/admin' }),
    onRequest: guard,
    handler: async (request) => {
      const { status, page, limit } = request.query;
      return ok(await feedbackQueue(app, status, page, limit));
    },
  });

  app.route({
    ...routeOf(endpoints.operatorFeedbackReply, { security, under: '/admin' }),
    onRequest: guard,
    handler: async (request) => {
      const admin = adminOf(request);
      const id = request.params.id;
      const now = app.clock.now();
      const status = request.body.close ? 'closed' : 'replied';
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
        if (!row) throw new AppError('NOT_FOUND');
        await tx
          .insert(feedbackReplies)
          .values({ feedbackId: id, adminId: admin.id, body: request.body.body, createdAt: now });
        await tx.update(feedback).set({ status, updatedAt: now }).where(eq(feedback.id, id));
        await writeAudit(tx, {
          adminId: admin.id,
          action: 'feedback.reply',
          targetType: 'feedback',
          targetId: id,
          before: row.status,
          after: status,
          reason: request.body.body,
          at: now,
        });
      });
      return ok(await adminFeedbackItem(app, id));
    },
  });

  app.get(
    '/feedback/:id/images/:n',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: "A feedback's n-th image (support reads these, not other private uploads)",
        params: imageParams,
      },
    },
    async (request, reply) => {
      const row = await findFeedback(app, request.params.id);
      const url = row.images[request.params.n];
      const publicId = url ? publicIdOf(url) : null;
      const upload = publicId ? await findUpload(app.db, publicId) : undefined;
      if (!upload || upload.userId !== row.userId) throw new AppError('NOT_FOUND');
      return reply
        .type(upload.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(await readUpload(app, upload));
    },
  );
};
