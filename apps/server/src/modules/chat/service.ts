import { and, count, desc, eq, gt, inArray, isNull, lt, lte, max, sql } from 'drizzle-orm';
import type { ChatConversation, ChatEvent, ChatMessage, ChatSender } from '@hx/protocol';
import { chatMessages, users } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { Hub } from '../../ws/hub.ts';
import { ownUpload } from '../upload/store.ts';

type Row = typeof chatMessages.$inferSelect;

/** The user's private channel and the operators' channel of the socket. */
export const USER_CHANNEL = 'chat';
export const INBOX_CHANNEL = 'chat.inbox';

/** Messages a user may send in a minute. */
export const USER_MESSAGES_PER_MINUTE = 20;

export const messageOf = (row: Row): ChatMessage => ({
  id: row.id,
  sender: row.sender,
  kind: row.kind,
  body: row.body,
  client_id: row.clientId,
  created_at: row.createdAt.getTime(),
  delivered_at: row.deliveredAt?.getTime() ?? null,
  read_at: row.readAt?.getTime() ?? null,
});

const other = (side: ChatSender): ChatSender => (side === 'user' ? 'operator' : 'user');

/** Is the receiving side listening right now (so a message published now is delivered)? */
function listening(app: Pick<ServerDeps, 'hub'>, userId: number, to: ChatSender): boolean {
  return to === 'user' ? app.hub.has(Hub.key(USER_CHANNEL, userId)) : app.hub.has(INBOX_CHANNEL);
}

/** Every event of a conversation goes to the user's devices and to the operators' inbox. */
function publish(app: Pick<ServerDeps, 'hub'>, event: ChatEvent): void {
  app.hub.publishToUser(event.user_id, USER_CHANNEL, event);
  app.hub.publish(INBOX_CHANNEL, event);
}

export interface Outgoing {
  userId: number;
  sender: ChatSender;
  adminId: number | null;
  body?: string | undefined;
  image?: string | undefined;
  clientId: string;
}

/**
 * Stores a message and pushes it to both sides. Idempotent by (user, client_id): sending the
 * same client_id again (a retry after a lost answer or a reconnect) returns the stored message
 * and adds nothing.
 */
export async function sendMessage(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub'>,
  out: Outgoing,
): Promise<ChatMessage> {
  const [known] = await app.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, out.userId), eq(chatMessages.clientId, out.clientId)));
  if (known) return messageOf(known);

  const now = app.clock.now();
  let kind: Row['kind'] = 'text';
  let body = out.body ?? '';
  if (out.image) {
    // An image is one of the conversation's own uploads (the user's, or one an operator
    // uploaded into this conversation), in its canonical url.
    kind = 'image';
    body = await ownUpload(app.db, out.userId, out.image);
  } else if (!body) throw new AppError('CHAT_MESSAGE_REQUIRED');

  if (out.sender === 'user') {
    const [recent] = await app.db
      .select({ n: count() })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, out.userId),
          eq(chatMessages.sender, 'user'),
          gt(chatMessages.createdAt, new Date(now.getTime() - 60_000)),
        ),
      );
    if ((recent?.n ?? 0) >= USER_MESSAGES_PER_MINUTE) throw new AppError('RATE_LIMITED');
  }

  const delivered = listening(app, out.userId, other(out.sender));
  const [row] = await app.db
    .insert(chatMessages)
    .values({
      userId: out.userId,
      sender: out.sender,
      adminId: out.adminId,
      kind,
      body,
      clientId: out.clientId,
      createdAt: now,
      deliveredAt: delivered ? now : null,
    })
    .onConflictDoNothing({ target: [chatMessages.userId, chatMessages.clientId] })
    .returning();
  if (!row) {
    // The same client_id raced in from another request: answer with the stored one.
    const [stored] = await app.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, out.userId), eq(chatMessages.clientId, out.clientId)));
    return messageOf(stored!);
  }
  const message = messageOf(row);
  publish(app, { type: 'message', user_id: out.userId, message });
  return message;
}

export interface HistoryQuery {
  before_id?: number | undefined;
  after_id?: number | undefined;
  limit: number;
}

/**
 * A page of one conversation, oldest first: the newest `limit` (before `before_id`), or the
 * oldest `limit` after `after_id` (catching up after a reconnect). The other side's messages in
 * it count as delivered to `viewer`; their sender hears so.
 */
export async function history(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub'>,
  userId: number,
  viewer: ChatSender,
  q: HistoryQuery,
) {
  const forward = q.after_id !== undefined;
  const rows = await app.db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, userId),
        q.after_id !== undefined ? gt(chatMessages.id, q.after_id) : undefined,
        q.before_id !== undefined ? lt(chatMessages.id, q.before_id) : undefined,
      ),
    )
    .orderBy(forward ? chatMessages.id : desc(chatMessages.id))
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  if (!forward) page.reverse();

  const from = other(viewer);
  const undelivered = page.filter((r) => r.sender === from && r.deliveredAt === null);
  if (undelivered.length > 0) {
    const now = app.clock.now();
    await app.db
      .update(chatMessages)
      .set({ deliveredAt: now })
      .where(
        and(
          inArray(
            chatMessages.id,
            undelivered.map((r) => r.id),
          ),
          isNull(chatMessages.deliveredAt),
        ),
      );
    for (const r of undelivered) r.deliveredAt = now;
    publish(app, {
      type: 'receipt',
      user_id: userId,
      sender: from,
      state: 'delivered',
      up_to_id: undelivered.at(-1)!.id,
      at: now.getTime(),
    });
  }
  return { list: page.map(messageOf), more };
}

/** `reader` has read the other side's messages up to `upToId`; returns how many were new. */
export async function markRead(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub'>,
  userId: number,
  reader: ChatSender,
  upToId: number,
): Promise<number> {
  const now = app.clock.now();
  const from = other(reader);
  const rows = await app.db
    .update(chatMessages)
    .set({ readAt: now, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${now})` })
    .where(
      and(
        eq(chatMessages.userId, userId),
        eq(chatMessages.sender, from),
        lte(chatMessages.id, upToId),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  if (rows.length > 0) {
    publish(app, {
      type: 'receipt',
      user_id: userId,
      sender: from,
      state: 'read',
      up_to_id: Math.max(...rows.map((r) => r.id)),
      at: now.getTime(),
    });
  }
  return rows.length;
}

/** Operator messages the user has not read (the menu badge). */
export async function unreadForUser(app: Pick<ServerDeps, 'db'>, userId: number): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, userId),
        eq(chatMessages.sender, 'operator'),
        isNull(chatMessages.readAt),
      ),
    );
  return row?.n ?? 0;
}

/** The operators' inbox: conversations by their latest message, newest first. */
export async function conversations(app: Pick<ServerDeps, 'db'>, page: number, limit: number) {
  const lastId = max(chatMessages.id);
  const groups = await app.db
    .select({
      userId: chatMessages.userId,
      lastId,
      unread: sql<number>`cast(count(*) filter (where ${chatMessages.sender} = 'user' and ${chatMessages.readAt} is null) as int)`,
    })
    .from(chatMessages)
    .groupBy(chatMessages.userId)
    .orderBy(desc(lastId))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await app.db
    .select({ n: sql<number>`cast(count(distinct ${chatMessages.userId}) as int)` })
    .from(chatMessages);
  const ids = groups.map((g) => g.lastId!);
  const lasts = ids.length
    ? await app.db.select().from(chatMessages).where(inArray(chatMessages.id, ids))
    : [];
  const people = groups.length
    ? await app.db
        .select()
        .from(users)
        .where(
          inArray(
            users.id,
            groups.map((g) => g.userId),
          ),
        )
    : [];
  const list: ChatConversation[] = groups.map((g) => {
    const user = people.find((u) => u.id === g.userId)!;
    return {
      user_id: g.userId,
      account: user.email ?? `+${user.areaCode ?? ''} ${user.phone ?? ''}`.trim(),
      nickname: user.nickname,
      last: messageOf(lasts.find((m) => m.id === g.lastId)!),
      unread: Number(g.unread),
    };
  });
  return { list, total: Number(total?.n ?? 0), page };
}

export async function userExists(app: Pick<ServerDeps, 'db'>, userId: number): Promise<boolean> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

/** Is this upload part of some conversation (operators of any support role may see it)? */
export async function inChat(app: Pick<ServerDeps, 'db'>, url: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.kind, 'image'), eq(chatMessages.body, url)))
    .limit(1);
  return Boolean(row);
}
