import {
  parse as results,
  protocol,
  type messages,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** PGlite's own locks and codecs, which its `query()` uses and this file keeps using. */
interface PgliteInner {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, type: number) => unknown>;
}

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

  /** Runs one statement; the caller holds PGlite's query lock. */
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
    const inner = this.client as unknown as PgliteInner;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[i]!;
      const serializer = options?.serializers?.[type] ?? inner.serializers[type];
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
    return resultOf(messages, statement.fields, inner.parsers, options);
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

/**
 * Makes `client.query()` (and a transaction's) run through a statement cache. Queries with a
 * blob (COPY to or from /dev/blob) keep PGlite's own path. Returns the client.
 */
export function cacheStatements(client: PGlite, limit = 256): PGlite {
  const cache = new StatementCache(client, limit);
  const inner = client as unknown as PgliteInner;
  const ownQuery = client.query.bind(client);
  const ownTransaction = client.transaction.bind(client);
  const blob = (text: string, options?: QueryOptions) =>
    options?.blob !== undefined || text.includes('/dev/blob');

  client.query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (blob(text, options)) return ownQuery(text, params, options);
    await inner._checkReady();
    return inner._runExclusiveTransaction(async () => {
      const result = await inner._runExclusiveQuery(() => cache.run(text, params, options));
      // No transaction is open here (one holds this lock while it lasts): as PGlite's query().
      await client.syncToFs();
      return result;
    });
  }) as PGlite['query'];

  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    ownTransaction((tx) => {
      const fast: Transaction = Object.create(tx);
      fast.query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        if (blob(text, options)) return tx.query(text, params, options);
        return inner._runExclusiveQuery(() => cache.run(text, params, options));
      }) as Transaction['query'];
      return callback(fast);
    })) as PGlite['transaction'];
  return client;
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
