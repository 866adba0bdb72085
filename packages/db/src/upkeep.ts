import { sql } from 'drizzle-orm';
import { isEmbedded, rowsOf, type Db } from './client.ts';

/** What one step of upkeep did, to which table, and how long the database was busy with it. */
export interface UpkeepStep {
  table: string;
  work: 'vacuum' | 'analyze';
  /** Why: dead rows, rows added since the last vacuum, changes since the last statistics, or the
   * age of its oldest unfrozen transaction id. */
  reason: 'dead rows' | 'inserts' | 'changes' | 'wraparound';
  ms: number;
}

/**
 * The tables autovacuum would take now, most pressing first: its own rules, with the database's
 * own `autovacuum_*` settings (a table is due past its line, `threshold + scale × its rows`), the
 * age of its transaction ids before anything else, then the table furthest past its line. Every
 * schema's tables (a table's TOAST goes with it): the database's oldest id is the oldest of every
 * table's.
 */
const DUE = sql`
  with t as (
    select format('%I.%I', t.schemaname, t.relname) as "table",
           age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::float8 as old,
           t.n_dead_tup as dead, t.n_ins_since_vacuum as inserted,
           -- ANALYZE skips the statistics' own table, so its changes never count down.
           case when c.oid <> 'pg_catalog.pg_statistic'::regclass then t.n_mod_since_analyze
                else 0 end as changed,
           current_setting('autovacuum_vacuum_threshold')::float8
             + current_setting('autovacuum_vacuum_scale_factor')::float8 * r.rows as dead_line,
           current_setting('autovacuum_vacuum_insert_threshold')::float8
             + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * r.rows
             as inserted_line,
           current_setting('autovacuum_analyze_threshold')::float8
             + current_setting('autovacuum_analyze_scale_factor')::float8 * r.rows as changed_line
    from pg_stat_all_tables t join pg_class c on c.oid = t.relid
      -- Never analyzed: -1.
      cross join lateral (select greatest(c.reltuples, 0) as rows) r
    where t.schemaname <> 'pg_toast' and c.relkind in ('r', 'm')
  )
  select "table",
         case when old then 'wraparound' when dead > dead_line then 'dead rows'
              when inserted > inserted_line then 'inserts' else 'changes' end as reason
  from t
  where old or dead > dead_line or inserted > inserted_line or changed > changed_line
  order by old desc, greatest(dead / greatest(dead_line, 1), inserted / greatest(inserted_line, 1),
                              changed / greatest(changed_line, 1)) desc`;

/**
 * The embedded database's autovacuum, one table per call. PGlite runs PostgreSQL in single-user
 * mode, where the autovacuum daemon never starts: without this, updated tables keep every dead
 * row, the planner has no statistics, and after ~2 billion write transactions old rows would
 * turn invisible (transaction id wraparound; single-user mode does not stop before it). Does
 * nothing on PostgreSQL, which runs its own. The database is busy for the step's `ms`: a table
 * at a time keeps each pause short.
 */
export async function upkeepStep(db: Db): Promise<UpkeepStep | null> {
  if (!isEmbedded(db)) return null;
  // The counts reach the statistics a second after the statement that made them, at the earliest.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const [due] = rowsOf<{ table: string; reason: UpkeepStep['reason'] }>(await db.execute(DUE));
  if (!due) return null;
  const work = due.reason === 'changes' ? 'analyze' : 'vacuum';
  const started = performance.now();
  // `table` comes from the catalog, quoted by format('%I'): not user input.
  await db.execute(
    sql.raw(work === 'vacuum' ? `vacuum (analyze) ${due.table}` : `analyze ${due.table}`),
  );
  return { table: due.table, work, reason: due.reason, ms: performance.now() - started };
}
