import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';

/** Each table's sequence, by table: found once (per row, the lookup cost twice the nextval). */
const sequenceOf = new Map<string, Promise<string>>();

function sequence(db: Pick<Db, 'execute'>, table: string): Promise<string> {
  let name = sequenceOf.get(table);
  if (!name) {
    name = db
      .execute(sql`select pg_get_serial_sequence(${table}, 'id') as name`)
      .then((result) => rowsOf<{ name: string }>(result)[0]!.name);
    sequenceOf.set(table, name);
    name.catch(() => sequenceOf.delete(table));
  }
  return name;
}

/** `n` fresh ids of a table's serial `id`, in increasing order, in one query. */
export async function nextIds(
  db: Pick<Db, 'execute'>,
  table: string,
  n: number,
): Promise<number[]> {
  const result = await db.execute(
    sql`select nextval(${await sequence(db, table)}::regclass)::int as id
        from generate_series(1, ${n}::int)`,
  );
  return rowsOf<{ id: number }>(result)
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
}

/**
 * Ids of a table taken a block at a time (one query per `block` ids instead of one per batch),
 * for writers that name their rows before writing them. Ids stay increasing in the order they
 * are handed out; a block left unused at a restart only leaves a gap.
 */
export class SequenceIds {
  private next: number[] = [];
  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly block = 256,
  ) {}

  /** `via`: the transaction to ask in when the caller holds one (PGlite has one connection). */
  async take(n: number, via: Pick<Db, 'execute'> = this.db): Promise<number[]> {
    if (this.next.length < n)
      this.next.push(...(await nextIds(via, this.table, Math.max(n, this.block))));
    return this.next.splice(0, n);
  }
}
