import {
  Mutex,
  parse as results,
  protocol,
  type messages,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  name: string;
  /** The parameters' type ids, as the database described them at parse time. */
  types: number[];
  /** The columns of its rows, described at parse time too: not asked again at each run. */
  fields: Field[];
}

type Field = { name: string; dataTypeID: number };

/** After a table's columns change, PostgreSQL refuses a statement planned before. */
const STALE_PLAN = /cached plan must not change result type/;

/**
 * The statements one embedded database has parsed, by text, each a named prepared statement.
 * PGlite's `query()` parses, describes and plans every statement again and talks to the database
 * six times for it; here a statement seen before is bound, described and executed in ONE call,
 * its plan kept. The least recently used are closed past `limit`.
 */
class StatementCache {
  private readonly byText = new Map<string, Prepared>();
  /** Evicted statements, closed in front of the next call. */
  private closing: string[] = [];
  private count = 0;

  constructor(
    private readonly client: PGlite,
    private readonly limit: number,
  ) {}

  /** Runs one statement; the caller holds PGlite's query lock (`runExclusive`). */
  async run(text: string, params: unknown[], options?: QueryOptions): Promise<Results> {
    try {
      return await this.runOnce(text, params, options);
    } catch (err) {
      if (!STALE_PLAN.test(String((err as Error)?.message))) throw err;
      this.forget(text);
      return this.runOnce(text, params, options);
    }
  }

  private async runOnce(text: string, params: unknown[], options?: QueryOptions) {
    const statement = this.byText.get(text) ?? (await this.prepare(text, options));
    // Most recently used last: the first in the map is the next to close.
    this.byText.delete(text);
    this.byText.set(text, statement);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[i]!;
      const serializer = options?.serializers?.[type] ?? this.client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.call(
      [
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ],
      text,
      params,
      options,
    );
    return resultOf(messages, statement.fields, this.client.parsers, options);
  }

  private async prepare(text: string, options?: QueryOptions): Promise<Prepared> {
    const name = `hx_s${++this.count}`;
    let described: BackendMessage[];
    try {
      described = await this.call(
        [
          serialize.parse({ name, text, types: options?.paramTypes }),
          serialize.describe({ type: 'S', name }),
        ],
        text,
        [],
        options,
      );
    } catch (err) {
      // As PGlite does: the database skips everything up to a Sync after an error.
      await this.client.execProtocolStream(serialize.sync(), { syncToFs: false });
      throw err;
    }
    const columns = described.find((m): m is RowDescription => m.name === 'rowDescription');
    const prepared = {
      name,
      types: results.parseDescribeStatementResults(described),
      fields: (columns?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    this.byText.set(text, prepared);
    if (this.byText.size > this.limit) this.forget(this.byText.keys().next().value!);
    return prepared;
  }

  private forget(text: string): void {
    const prepared = this.byText.get(text);
    if (!prepared) return;
    this.byText.delete(text);
    this.closing.push(prepared.name);
  }

  private async call(
    messages: Uint8Array[],
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<BackendMessage[]> {
    const closes = this.closing.map((name) => serialize.close({ type: 'S', name }));
    this.closing = [];
    try {
      return await this.client.execProtocolStream(Buffer.concat([...closes, ...messages]), {
        syncToFs: false,
        onNotice: options?.onNotice,
      });
    } catch (err) {
      // What PGlite's query() adds to its errors.
      Object.assign(err as object, { query: text, params, queryOptions: options });
      throw err;
    }
  }
}

/** Queries with a blob (COPY to or from /dev/blob) keep PGlite's own path. */
const withBlob = (text: string, options?: QueryOptions) =>
  options?.blob !== undefined || text.includes('/dev/blob');

/**
 * The embedded database as drizzle's PGlite driver uses it (`query`, `transaction`), every
 * statement kept prepared. Built on PGlite's public API: the protocol (`execProtocolStream`)
 * under its query lock (`runExclusive`), plus a lock of ours that a transaction begun here holds
 * while it lasts, so a statement from outside it waits instead of running inside it (as PGlite's
 * own `query()` waits). The PGlite instance is `pglite`: a transaction begun on it directly would
 * not be waited for.
 */
export class EmbeddedClient {
  private readonly cache: StatementCache;
  /** Held by a transaction while it lasts, and by a statement outside one while it runs. */
  private readonly turns = new Mutex();

  constructor(
    readonly pglite: PGlite,
    limit = 256,
  ) {
    this.cache = new StatementCache(pglite, limit);
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (withBlob(text, options)) return this.pglite.query<T>(text, params, options);
    if (!this.pglite.ready || this.pglite.closed)
      return this.ready().then(() => this.query<T>(text, params, options));
    return this.turns.runExclusive(async () => {
      const result = await this.pglite.runExclusive(() => this.cache.run(text, params, options));
      // No transaction is open here: written through as PGlite's query() does.
      await this.pglite.syncToFs();
      return result as Results<T>;
    });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.ready();
    return this.turns.runExclusive(() =>
      this.pglite.transaction((tx) => callback(this.prepared(tx))),
    );
  }

  /**
   * The database's files as a gzipped tar (PGlite's `dumpDataDir`), taken between transactions
   * after a checkpoint: every commit acknowledged before it is in, nothing half-done.
   */
  backup(): Promise<Blob> {
    return this.turns.runExclusive(async () => {
      await this.pglite.exec('CHECKPOINT');
      return this.pglite.dumpDataDir('gzip');
    });
  }

  /** Several statements at once, PGlite's own way (it waits for an open transaction itself). */
  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.pglite.exec(text, options);
  }

  close(): Promise<void> {
    return this.pglite.close();
  }

  private async ready(): Promise<void> {
    if (this.pglite.closed) throw new Error('PGlite is closed');
    await this.pglite.waitReady;
  }

  /** `tx` with its statements kept prepared too. */
  private prepared(tx: Transaction): Transaction {
    const { cache, pglite } = this;
    return {
      query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
        if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
        if (withBlob(text, options)) return tx.query<T>(text, params, options);
        return pglite.runExclusive(() => cache.run(text, params, options)) as Promise<Results<T>>;
      },
      sql: (strings, ...params) => tx.sql(strings, ...params),
      exec: (text, options) => tx.exec(text, options),
      rollback: () => tx.rollback(),
      listen: (channel, callback) => tx.listen(channel, callback),
      get closed() {
        return tx.closed;
      },
    };
  }
}

/** An embedded database client whose statements stay prepared (`limit` of them at most). */
export const cacheStatements = (client: PGlite, limit = 256) => new EmbeddedClient(client, limit);

/**
 * Drizzle on `client`. Drizzle's PGlite driver calls only a client's `query` and `transaction`
 * (and a transaction's `query`), which this client answers; its type asks for a PGlite.
 */
export function drizzleEmbedded<S extends Record<string, unknown>>(
  client: EmbeddedClient,
  schema?: S,
): PgliteDatabase<S> {
  return drizzle(client as unknown as PGlite, { schema });
}

type Parser = (value: string, type: number) => unknown;

/**
 * The result of one statement, as PGlite's `parseResults` makes it, its columns as described when
 * it was prepared, without copying every parser the database knows into a new object for each
 * query (drizzle passes parsers of its own).
 */
function resultOf(
  messages: BackendMessage[],
  fields: Field[],
  own: Record<number, Parser>,
  options?: QueryOptions,
): Results {
  const extra = options?.parsers as Record<number, Parser> | undefined;
  const parsers = fields.map((f) => extra?.[f.dataTypeID] ?? own[f.dataTypeID]);
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as DataRow).fields.map((value, i) =>
        value === null ? null : parsers[i] ? parsers[i](value, fields[i]!.dataTypeID) : value,
      );
      if (options?.rowMode === 'array') rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        fields.forEach((f, i) => (row[f.name] = values[i]));
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      const words = (message as CommandComplete).text.split(' ');
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      const counted = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
      return {
        rows,
        fields,
        command,
        affectedRows: counted && !Number.isNaN(count) ? count : 0,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      } as Results;
    }
  }
  return { affectedRows: 0, rows: [], fields: [] };
}

type RowDescription = messages.RowDescriptionMessage;
type DataRow = messages.DataRowMessage;
type CommandComplete = messages.CommandCompleteMessage;
