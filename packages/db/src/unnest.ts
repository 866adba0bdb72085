import { sql, type SQL } from 'drizzle-orm';

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
