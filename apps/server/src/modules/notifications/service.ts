import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { isNotificationKind, type Locale, type NotificationList } from '@hx/protocol';
import { notifications, type Db } from '@hx/db';
import { DATA_KEYS, type Facts } from './notify.ts';
import { dataOf, render } from './render.ts';

/** The user's unread notifications. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** A page of the user's notifications, newest first, written in `lang`. */
export async function listNotifications(
  db: Db,
  userId: number,
  lang: Locale,
  page: { page: number; limit: number },
): Promise<NotificationList> {
  const mine = eq(notifications.userId, userId);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(notifications).where(mine),
    unreadCount(db, userId),
  ]);
  return {
    list: rows.flatMap((row) => {
      // A kind this version no longer writes is left out rather than failing the page.
      if (!isNotificationKind(row.kind)) return [];
      const facts = row.params as Facts;
      return [
        {
          id: row.id,
          kind: row.kind,
          ...render(row.kind, facts, lang),
          at: row.createdAt.getTime(),
          read: row.readAt !== null,
          data: dataOf(DATA_KEYS[row.kind], facts),
        },
      ];
    }),
    total: total?.n ?? 0,
    page: page.page,
    unread,
  };
}

/**
 * Marks the user's notifications read: those of `ids` (others' ids are ignored), or all of them
 * when `ids` is empty. Returns what is left unread.
 */
export async function markRead(
  db: Db,
  userId: number,
  ids: number[],
  at: Date,
): Promise<{ unread: number }> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids.length > 0 ? inArray(notifications.id, ids) : undefined,
      ),
    );
  return { unread: await unreadCount(db, userId) };
}
