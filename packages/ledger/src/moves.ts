import { and, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { castOf, cellOf, unnest, type Cell, type Db } from '@hx/db';

/**
 * A domain row's change of state made with its job's batch: `update <table> set <set> where
 * id = <id> and <guard>` (a position closes only while it holds). The moves of a batch's jobs
 * are one statement per table and shape, run before the jobs; each job then learns the row as it
 * is after (`LedgerJob.moved`), or null when the guard no longer held (a trigger, a neighbour in
 * the batch or another process moved it first), and then posts nothing.
 */
export interface RowMove {
  table: PgTable;
  id: number;
  /** Columns (by field name) that must still hold these values. */
  guard: Record<string, unknown>;
  /** New values (by field name): plain values, no SQL. */
  set: Record<string, unknown>;
}

type Row = Record<string, unknown>;

/** Runs `moves`, one statement per table and shape; the rows after (null: not moved), in order. */
export async function moveRows(tx: Db, moves: RowMove[]): Promise<(Row | null)[]> {
  const out: (Row | null)[] = moves.map(() => null);
  const groups = new Map<string, number[]>();
  moves.forEach((move, i) => {
    const shape = [getTableName(move.table), Object.keys(move.guard), Object.keys(move.set)];
    const key = JSON.stringify(shape);
    const members = groups.get(key);
    if (members) members.push(i);
    else groups.set(key, [i]);
  });
  for (const members of groups.values()) {
    for (const { order, row } of await moveGroup(
      tx,
      members.map((i) => moves[i]!),
    )) {
      // Two moves of one row in a batch: the row is updated once, and one of them gets it.
      out[members[order]!] = row;
    }
  }
  return out;
}

async function moveGroup(tx: Db, moves: RowMove[]): Promise<{ order: number; row: Row }[]> {
  const { table } = moves[0]!;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const guards = Object.keys(moves[0]!.guard);
  const sets = Object.keys(moves[0]!.set);
  const cell = (key: string, value: unknown) => cellOf(columns[key]!, value);
  const cells = moves.map((m, order): Cell[] => [
    m.id,
    order,
    ...guards.map((k) => cell(k, m.guard[k])),
    ...sets.map((k) => cell(k, m.set[k])),
  ]);
  const v = unnest(cells, [
    ['id', castOf(columns.id!)],
    ['ord', 'integer'],
    ...guards.map((k, i): [string, string] => [`g${i}`, castOf(columns[k]!)]),
    ...sets.map((k, i): [string, string] => [`s${i}`, castOf(columns[k]!)]),
  ]);
  const set = Object.fromEntries(sets.map((k, i) => [k, sql.raw(`v.s${i}`)]));
  const where: SQL[] = [
    eq(columns.id!, sql`v.id`),
    ...guards.map((k, i) => eq(columns[k]!, sql.raw(`v.g${i}`))),
  ];
  const moved = (await tx
    .update(table)
    .set(set)
    .from(v)
    .where(and(...where))
    .returning({ ...columns, moveOrder: sql<number>`v.ord`.mapWith(Number) })) as (Row & {
    moveOrder: number;
  })[];
  return moved.map(({ moveOrder, ...row }) => ({ order: moveOrder, row }));
}
