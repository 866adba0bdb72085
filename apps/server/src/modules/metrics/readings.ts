import { and, eq, inArray, min, or, count, type SQL } from 'drizzle-orm';
import { chainCursors, deposits, kycSubmissions, withdrawals } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { jobRuns } from '../../lib/periodic.ts';

/**
 * What /metrics and the alert rules look at, read when asked (on a scrape, on an evaluation)
 * rather than counted in the hot paths.
 */
export interface Waiting {
  kind: 'deposit' | 'withdrawal' | 'kyc';
  count: number;
  /** When the oldest of them was made (ms), or null when none waits. */
  oldestAt: number | null;
}

const QUEUES: {
  kind: Waiting['kind'];
  table: typeof deposits | typeof withdrawals | typeof kycSubmissions;
  where: SQL;
}[] = [
  { kind: 'deposit', table: deposits, where: inArray(deposits.status, ['review', 'confirming']) },
  {
    kind: 'withdrawal',
    table: withdrawals,
    // In review, or passed and not yet confirmed on chain.
    where: or(
      eq(withdrawals.status, 'review'),
      and(eq(withdrawals.status, 'passed'), inArray(withdrawals.chainStatus, ['queued', 'sent'])),
    )!,
  },
  { kind: 'kyc', table: kycSubmissions, where: eq(kycSubmissions.status, 'review') },
];

/** Deposits, withdrawals and KYC submissions waiting, and the oldest of each. */
export async function waiting(app: Pick<ServerDeps, 'db'>): Promise<Waiting[]> {
  return Promise.all(
    QUEUES.map(async ({ kind, table, where }) => {
      const [row] = await app.db
        .select({ n: count(), oldest: min(table.createdAt) })
        .from(table)
        .where(where);
      return {
        kind,
        count: row?.n ?? 0,
        oldestAt: row?.oldest ? new Date(row.oldest).getTime() : null,
      };
    }),
  );
}

export interface WatcherReading {
  network: string;
  height: number | null;
  /** The node's head, or null when it did not answer in time. */
  head: number | null;
  /** When the watcher last moved its cursor (ms). */
  updatedAt: number | null;
  hotWallet: { coin: string; amount: number | null; low: number | null }[];
}

const NODE_TIMEOUT_MS = 2000;

function inTime<T>(promise: Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), NODE_TIMEOUT_MS);
  });
  return Promise.race([promise.catch(() => null), late]).finally(() => clearTimeout(timer));
}

/** Per watched network: the watcher's cursor, the node's head, the hot wallet's balances. */
export async function watchers(app: Pick<ServerDeps, 'chain' | 'db'>): Promise<WatcherReading[]> {
  const cursors = await app.db.select().from(chainCursors);
  return Promise.all(
    app.chain.watchers.map(async ({ config, adapter }) => {
      const cursor = cursors.find((c) => c.network === config.network);
      const hotWallet = [];
      if (config.hotWallet)
        for (const asset of config.assets) {
          const units = await inTime(adapter.balance(config.hotWallet, asset));
          const low = config.lowBalance.get(asset.coin);
          hotWallet.push({
            coin: asset.coin,
            // A gauge is a float: fine for a balance shown on a graph (money stays decimal).
            amount: units === null ? null : Number(units) / 10 ** asset.decimals,
            low: low === undefined ? null : Number(low),
          });
        }
      return {
        network: config.network,
        height: cursor?.height ?? null,
        head: await inTime(adapter.head()),
        updatedAt: cursor?.updatedAt.getTime() ?? null,
        hotWallet,
      };
    }),
  );
}

export interface IndexReading {
  symbol: string;
  stale: boolean;
  sources: { venue: string; time: number | null; used: boolean }[];
}

/** The price index's sources per symbol; empty while no index is decorated (`app.priceIndex`). */
export function indexReadings(
  app: Pick<ServerDeps, 'market' | 'priceIndex'> & { hasDecorator(name: string): boolean },
): IndexReading[] {
  if (!app.hasDecorator('priceIndex')) return [];
  const index = app.priceIndex;
  return app.market.specs.map(({ symbol }) => {
    const quote = index.get(symbol);
    return {
      symbol,
      stale: quote.stale,
      sources: quote.sources.map(({ venue, time, used }) => ({ venue, time, used })),
    };
  });
}

export interface JobReading {
  job: string;
  startedAt: number | null;
  succeededAt: number | null;
  failures: number;
  intervalMs: number;
  since: number;
}

export function jobs(): JobReading[] {
  return [...jobRuns].map(([job, run]) => ({ job, ...run }));
}
