import { Counter, Gauge, type Registry } from 'prom-client';
import { poolStatsOf } from '@hx/db';
import { deliveryFailures } from '../../lib/deliveries.ts';
import type { FastifyInstance } from 'fastify';
import {
  indexReadings,
  jobs,
  waiting,
  watchers,
  type JobReading,
  type WatcherReading,
} from './readings.ts';

type Deps = Pick<
  FastifyInstance,
  | 'ledger'
  | 'hub'
  | 'db'
  | 'bus'
  | 'ownership'
  | 'chain'
  | 'market'
  | 'clock'
  | 'spot'
  | 'priceIndex'
  | 'hasDecorator'
>;

/**
 * One read shared by the series a scrape collects at once (prom-client collects them all
 * together): the database and the nodes are asked once per scrape, not once per series.
 */
function shared<T>(read: () => Promise<T>, ms = 500): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > ms) last = { at: now, value: read() };
    return last.value;
  };
}

/** A counter whose value is read from a running total when scraped. */
function total(registry: Registry, name: string, help: string, read: () => number) {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** The ledger's group commit, the live socket, the database pool, the bus and what is owned. */
export function processSeries(registry: Registry, app: Deps): void {
  const { stats } = app.ledger;
  total(registry, 'hx_ledger_batches_total', 'Ledger batches committed.', () => stats.batches);
  total(
    registry,
    'hx_ledger_batch_jobs_total',
    'Jobs in committed ledger batches.',
    () => stats.jobs,
  );
  total(
    registry,
    'hx_ledger_batch_seconds_total',
    'Seconds spent writing ledger batches.',
    () => stats.seconds,
  );

  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('hx_ws_connections', 'Open sockets on /ws.', () => app.hub.stats().connections);
  gauge(
    'hx_ws_subscriptions',
    'Channel subscriptions of the open sockets.',
    () => app.hub.stats().subscriptions,
  );
  gauge(
    'hx_ws_lagging_connections',
    'Sockets holding messages back (slow clients).',
    () => app.hub.stats().lagging,
  );
  total(
    registry,
    'hx_ws_messages_sent_total',
    'Messages handed to sockets.',
    () => app.hub.stats().sent,
  );

  new Gauge({
    name: 'hx_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on the embedded database).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const pool = poolStatsOf(app.db);
      if (!pool) return;
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'busy' }, pool.total - pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
      this.set({ state: 'max' }, pool.max);
    },
  });
  gauge('hx_nats_connected', '1 while connected to NATS (or alone), 0 while cut off.', () =>
    app.bus.cutSince() === null ? 1 : 0,
  );
  gauge('hx_cluster_clustered', '1 when several processes share the work over NATS.', () =>
    app.bus.clustered ? 1 : 0,
  );
  new Gauge({
    name: 'hx_owned_resources',
    help: "What this process owns (a spot pair, the market source, a symbol's triggers): 1 each.",
    labelNames: ['resource'],
    registers: [registry],
    collect() {
      this.reset();
      for (const resource of app.ownership.owned()) this.set({ resource }, 1);
    },
  });
  spotSeries(registry, app);
}

/** Commands, fills and engine time per spot pair this process writes. */
function spotSeries(registry: Registry, app: Deps) {
  const writers = (): [string, PairStats][] =>
    app.hasDecorator('spot') ? [...app.spot.writers].map(([pair, w]) => [pair, w.stats]) : [];
  const perPair = (name: string, help: string, pick: (s: PairStats) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['pair'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [pair, stats] of writers()) this.inc({ pair }, pick(stats));
      },
    });
  perPair(
    'hx_spot_commands_total',
    'Spot commands (place, cancel) written per pair.',
    (s) => s.commands,
  );
  perPair('hx_spot_fills_total', 'Spot trades per pair.', (s) => s.fills);
  perPair('hx_spot_batches_total', 'Spot engine batches per pair.', (s) => s.batches);
  perPair(
    'hx_spot_engine_seconds_total',
    'Seconds the spot engine spent matching and writing batches.',
    (s) => s.seconds,
  );
}

interface PairStats {
  commands: number;
  fills: number;
  batches: number;
  seconds: number;
}

const seconds = (ms: number) => ms / 1000;

/** Queues, chain watchers, the price index and jobs: read from the database and the decorations. */
export function domainSeries(registry: Registry, app: Deps): void {
  const queues = shared(() => waiting(app));
  new Gauge({
    name: 'hx_pending_items',
    help: 'Deposits, withdrawals and KYC submissions waiting.',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      for (const w of await queues()) this.set({ kind: w.kind }, w.count);
    },
  });
  new Gauge({
    name: 'hx_pending_oldest_age_seconds',
    help: 'Age of the oldest waiting item (0 when none waits).',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const now = app.clock.now().getTime();
      for (const w of await queues())
        this.set(
          { kind: w.kind },
          w.oldestAt === null ? 0 : seconds(Math.max(0, now - w.oldestAt)),
        );
    },
  });
  chainSeries(registry, app);
  indexSeries(registry, app);
  jobSeries(registry);
  deliverySeries(registry);
}

function chainSeries(registry: Registry, app: Deps) {
  const read = shared(() => watchers(app));
  const perNetwork = (name: string, help: string, pick: (w: WatcherReading) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['network'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const w of await read()) {
          const value = pick(w);
          if (value !== null) this.set({ network: w.network }, value);
        }
      },
    });
  perNetwork('hx_chain_watcher_height', 'Last block the watcher processed.', (w) => w.height);
  perNetwork(
    'hx_chain_head_height',
    'Newest block the node knows (absent when it does not answer).',
    (w) => w.head,
  );
  perNetwork(
    'hx_chain_watcher_lag_blocks',
    "Blocks between the node's head and the watcher.",
    (w) => (w.head !== null && w.height !== null ? Math.max(0, w.head - w.height) : null),
  );
  perNetwork(
    'hx_chain_watcher_updated_timestamp_seconds',
    'When the watcher last moved its cursor.',
    (w) => (w.updatedAt === null ? null : seconds(w.updatedAt)),
  );
  new Gauge({
    name: 'hx_chain_hot_wallet_balance',
    help: 'Hot wallet balance per coin, in whole coins.',
    labelNames: ['network', 'coin'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const w of await read())
        for (const b of w.hotWallet)
          if (b.amount !== null) this.set({ network: w.network, coin: b.coin }, b.amount);
    },
  });
}

function indexSeries(registry: Registry, app: Deps) {
  new Gauge({
    name: 'hx_index_source_age_seconds',
    help: "Age of a venue's last price in the index.",
    labelNames: ['symbol', 'venue'],
    registers: [registry],
    collect() {
      this.reset();
      const now = app.clock.now().getTime();
      for (const q of indexReadings(app))
        for (const s of q.sources)
          if (s.time !== null)
            this.set({ symbol: q.symbol, venue: s.venue }, seconds(Math.max(0, now - s.time)));
    },
  });
  new Gauge({
    name: 'hx_index_stale',
    help: "1 while a symbol's index has too few fresh sources.",
    labelNames: ['symbol'],
    registers: [registry],
    collect() {
      this.reset();
      for (const q of indexReadings(app)) this.set({ symbol: q.symbol }, q.stale ? 1 : 0);
    },
  });
}

/** A gauge per job, each value read from the job's last runs. */
function perJob(
  registry: Registry,
  name: string,
  help: string,
  pick: (j: JobReading) => number | null,
) {
  new Gauge({
    name,
    help,
    labelNames: ['job'],
    registers: [registry],
    collect() {
      this.reset();
      for (const j of jobs()) {
        const value = pick(j);
        if (value !== null) this.set({ job: j.job }, value);
      }
    },
  });
}

function jobSeries(registry: Registry) {
  perJob(registry, 'hx_job_last_run_timestamp_seconds', 'When a job last started.', (j) =>
    j.startedAt === null ? null : seconds(j.startedAt),
  );
  perJob(registry, 'hx_job_last_success_timestamp_seconds', 'When a job last succeeded.', (j) =>
    j.succeededAt === null ? null : seconds(j.succeededAt),
  );
  new Counter({
    name: 'hx_job_failures_total',
    help: 'Failed runs of a job.',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      this.reset();
      for (const j of jobs()) this.inc({ job: j.job }, j.failures);
    },
  });
}

/** Codes a configured mail or text sender failed to deliver (after its own retries). */
function deliverySeries(registry: Registry) {
  new Counter({
    name: 'hx_code_delivery_failures_total',
    help: 'Verification codes a configured sender failed to deliver, by channel.',
    labelNames: ['channel'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [channel, n] of Object.entries(deliveryFailures)) this.inc({ channel }, n);
    },
  });
}
