import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@hx/db';

export interface Page {
  page: number;
  limit: number;
}

/** How many rows the pages before `page` hold: the query's offset. */
export const rowsBefore = (page: Page) => (page.page - 1) * page.limit;

/** How many rows of `table` match `where`: a list's `total`. */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}
