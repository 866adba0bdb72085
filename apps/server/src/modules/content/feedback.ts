import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FeedbackItem, FeedbackState } from '@hx/protocol';
import { feedback, feedbackReplies, users } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ownUpload } from '../upload/store.ts';

type Row = typeof feedback.$inferSelect;
type Reply = typeof feedbackReplies.$inferSelect;

/** Feedback a user may send in 24 hours. */
export const FEEDBACK_PER_DAY = 10;

export async function sendFeedback(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  input: { body: string; images: string[] },
): Promise<FeedbackItem> {
  const now = app.clock.now();
  const [recent] = await app.db
    .select({ n: count() })
    .from(feedback)
    .where(
      and(
        eq(feedback.userId, userId),
        gt(feedback.createdAt, new Date(now.getTime() - 86_400_000)),
      ),
    );
  if ((recent?.n ?? 0) >= FEEDBACK_PER_DAY) throw new AppError('RATE_LIMITED');
  // Only the user's own uploads, in their canonical form.
  const images = await Promise.all(input.images.map((url) => ownUpload(app.db, userId, url)));
  const [row] = await app.db
    .insert(feedback)
    .values({ userId, body: input.body, images, createdAt: now, updatedAt: now })
    .returning();
  return view(row!, []);
}

async function repliesOf(
  app: Pick<ServerDeps, 'db'>,
  ids: number[],
): Promise<Map<number, Reply[]>> {
  const out = new Map<number, Reply[]>();
  if (ids.length === 0) return out;
  const rows = await app.db
    .select()
    .from(feedbackReplies)
    .where(inArray(feedbackReplies.feedbackId, ids))
    .orderBy(feedbackReplies.id);
  for (const r of rows) out.set(r.feedbackId, [...(out.get(r.feedbackId) ?? []), r]);
  return out;
}

function view(row: Row, replies: Reply[]): FeedbackItem {
  const last = replies.at(-1)?.createdAt;
  return {
    id: row.id,
    body: row.body,
    images: row.images,
    status: row.status as FeedbackState,
    created_at: row.createdAt.getTime(),
    replies: replies.map((r) => ({ id: r.id, body: r.body, created_at: r.createdAt.getTime() })),
    unread: Boolean(last && (!row.readAt || last > row.readAt)),
  };
}

/** The user's feedback, newest first, with support's replies; opening it marks them read. */
export async function myFeedback(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  page: number,
  limit: number,
) {
  const rows = await app.db
    .select()
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(desc(feedback.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await app.db
    .select({ n: count() })
    .from(feedback)
    .where(eq(feedback.userId, userId));
  const replies = await repliesOf(
    app,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => view(r, replies.get(r.id) ?? []));
  const unread = list.filter((f) => f.unread).map((f) => f.id);
  if (unread.length > 0)
    await app.db
      .update(feedback)
      .set({ readAt: app.clock.now() })
      .where(inArray(feedback.id, unread));
  return { list, total: total?.n ?? 0, page };
}

/** How many of the user's feedback have a reply they have not seen. */
export async function unreadFeedback(app: Pick<ServerDeps, 'db'>, userId: number): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(feedback)
    .where(
      and(
        eq(feedback.userId, userId),
        sql`exists (select 1 from ${feedbackReplies} r where r.feedback_id = ${feedback.id}
              and (${feedback.readAt} is null or r.created_at > ${feedback.readAt}))`,
      ),
    );
  return row?.n ?? 0;
}

/** The operators' queue: by status, oldest open first, with the user's account. */
export async function feedbackQueue(
  app: Pick<ServerDeps, 'db'>,
  status: FeedbackState | 'all',
  page: number,
  limit: number,
  id?: number,
) {
  const where: SQL | undefined = and(
    status === 'all' ? undefined : eq(feedback.status, status),
    id === undefined ? undefined : eq(feedback.id, id),
  );
  const rows = await app.db
    .select({ f: feedback, email: users.email, phone: users.phone })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(status === 'open' ? feedback.id : desc(feedback.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await app.db.select({ n: count() }).from(feedback).where(where);
  const replies = await repliesOf(
    app,
    rows.map((r) => r.f.id),
  );
  return {
    list: rows.map(({ f, email, phone }) => {
      const { unread: _unread, ...item } = view(f, replies.get(f.id) ?? []);
      return { ...item, user_id: f.userId, account: email ?? phone ?? '' };
    }),
    total: total?.n ?? 0,
    page,
  };
}

/** One feedback as operators see it. */
export async function adminFeedbackItem(app: Pick<ServerDeps, 'db'>, id: number) {
  const item = (await feedbackQueue(app, 'all', 1, 1, id)).list[0];
  if (!item) throw new AppError('NOT_FOUND');
  return item;
}

export async function findFeedback(app: Pick<ServerDeps, 'db'>, id: number): Promise<Row> {
  const [row] = await app.db.select().from(feedback).where(eq(feedback.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
