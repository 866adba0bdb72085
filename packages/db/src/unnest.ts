import { getTableColumns, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

export type Cell = string | number | null;

/**
 * `unnest($1::t1[], $2::t2[], …) as v(c1, c2, …)`: many rows as one parameter per column, so a
 * batch of any size is one statement with the same text (prepared once where the caller can).
 */
export function unnest(rows: Cell[][], columns: [name: string, type: string][]): SQL {
  const arrays = columns.map(
    ([, type], i) => sql`${sql.param(rows.map((r) => r[i] ?? null))}::${sql.raw(type)}[]`,
  );
  const names = columns.map(([name]) => name).join(', ');
  return sql`unnest(${sql.join(arrays, sql`, `)}) as v(${sql.raw(names)})`;
}

/** `with a as (…), b as (…) select 1`: data-modifying CTEs run as one atomic statement. */
export function withCtes(ctes: { name: string; body: SQL }[]): SQL {
  return sql`with ${sql.join(
    ctes.map((c) => sql`${sql.raw(c.name)} as (${c.body})`),
    sql`, `,
  )} select 1`;
}

const SERIALS: Record<string, string> = {
  smallserial: 'smallint',
  serial: 'integer',
  bigserial: 'bigint',
};
/** A column's type as `unnest` casts its array to (a serial as its integer type). */
export const castOf = (column: PgColumn) => SERIALS[column.getSQLType()] ?? column.getSQLType();

/** `value` as `column` sends it to the database, as one cell of `unnest`. */
export function cellOf(column: PgColumn, value: unknown): Cell {
  const driver: unknown =
    value === null || value === undefined ? null : column.mapToDriverValue(value);
  return driver === null || typeof driver === 'number' ? driver : String(driver);
}

interface Lookup {
  column: PgColumn;
  key: PgColumn;
  value: unknown;
}
/** What `lookup` reads from where, kept beside the sub-select it returns. */
const lookups = new WeakMap<SQL, Lookup>();

/** The sub-select of a lookup, its key's value given by `by` (a parameter, or unnest's column). */
const readBy = ({ column, key }: Lookup, by: unknown) =>
  sql`(select ${column} from ${key.table} where ${key} = ${by})`;

/**
 * `(select column from its table where key = value)`, `key` unique: a value an insert reads in
 * its own statement (a fee's inviter as the user's at that moment). It is SQL wherever SQL goes;
 * `unnestInsert` sends every row's `value` as one array and reads the lookup per row, so its
 * statement keeps one text whatever the rows.
 */
export function lookup(column: PgColumn, key: PgColumn, value: unknown): SQL {
  const found = { column, key, value };
  const query = readBy(found, value);
  lookups.set(query, found);
  return query;
}

/**
 * Rows of one table as `insert … select … from unnest(…)`: one parameter per column, where
 * drizzle's multi-row insert makes one per cell (a tenth of a transfer's CPU building its SQL).
 * Null when that cannot express them: rows naming different columns, or a value that is SQL
 * other than the same `lookup` in every row.
 */
export function unnestInsert(table: PgTable, rows: Record<string, unknown>[]): SQL | null {
  const columns = getTableColumns(table);
  const first = rows[0] ?? {};
  const keys = Object.keys(first).filter((key) => first[key] !== undefined);
  const same = (row: Record<string, unknown>) =>
    Object.keys(row).filter((key) => row[key] !== undefined).length === keys.length;
  if (keys.length === 0 || keys.some((key) => !columns[key]) || !rows.every(same)) return null;
  // A column whose first value is a lookup takes the same lookup in every row: its key's value.
  const looked = keys.map((key) => (is(first[key], SQL) ? lookups.get(first[key] as SQL) : null));
  const cells: Cell[][] = [];
  for (const row of rows) {
    const cellsOfRow: Cell[] = [];
    for (const [i, key] of keys.entries()) {
      const value = row[key];
      const found = looked[i];
      if (found) {
        const mine = is(value, SQL) ? lookups.get(value as SQL) : undefined;
        if (mine?.column !== found.column || mine.key !== found.key) return null;
        cellsOfRow.push(cellOf(found.key, mine.value));
      } else if (value === undefined || is(value, SQL)) return null;
      else cellsOfRow.push(cellOf(columns[key]!, value));
    }
    cells.push(cellsOfRow);
  }
  const names = keys.map((key) => `"${columns[key]!.name}"`).join(', ');
  const typed = keys.map((key, i): [string, string] => [
    `c${i}`,
    castOf(looked[i]?.key ?? columns[key]!),
  ]);
  const values = keys.map((_, i) => {
    const cell = sql.raw(`v.c${i}`);
    return looked[i] ? readBy(looked[i], cell) : cell;
  });
  return sql`insert into ${table} (${sql.raw(names)}) select ${sql.join(values, sql`, `)} from ${unnest(cells, typed)}`;
}
