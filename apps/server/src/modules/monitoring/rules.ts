import type { IndexReading, JobReading, Waiting, WatcherReading } from '../metrics/readings.ts';

/** The thresholds the console edits (monitor_settings). */
export interface Thresholds {
  withdrawalWaitMinutes: number;
  depositWaitMinutes: number;
  watcherStallSeconds: number;
  indexStaleSeconds: number;
  diskFreeMinPercent: number;
  jobLateIntervals: number;
  repeatMinutes: number;
}

export type RuleName =
  | 'watcher_stalled'
  | 'hot_wallet_low'
  | 'books_unbalanced'
  | 'withdrawal_waiting'
  | 'deposit_waiting'
  | 'index_stale'
  | 'disk_nearly_full'
  | 'nats_lost'
  | 'postgres_lost'
  | 'job_late'
  | 'code_delivery_failing';

/** Rules the elected evaluator looks at (they read the whole platform). */
export const PLATFORM_RULES: RuleName[] = [
  'watcher_stalled',
  'hot_wallet_low',
  'books_unbalanced',
  'withdrawal_waiting',
  'deposit_waiting',
  'index_stale',
  'disk_nearly_full',
];
/** Rules every process looks at for itself: its own link to NATS and its own jobs. */
export const PROCESS_RULES: RuleName[] = ['nats_lost', 'job_late', 'code_delivery_failing'];

export interface Firing {
  rule: RuleName;
  /** What it is about (a network, a symbol, a job): one alert per rule and subject. */
  subject: string;
  severity: 'critical' | 'warning';
  summary: string;
}

/** What the platform-wide rules look at. */
export interface PlatformFacts {
  now: number;
  waiting: Waiting[];
  watchers: WatcherReading[];
  index: IndexReading[];
  /** The books check: null when it was not run this time (it keeps its last answer). */
  booksBalanced: boolean | null;
  /** Free space of the embedded database's disk in percent, null on PostgreSQL. */
  diskFreePercent: number | null;
}

const minutes = (ms: number) => Math.floor(ms / 60_000);

function queueRules(facts: PlatformFacts, t: Thresholds): Firing[] {
  const out: Firing[] = [];
  const bound = { withdrawal: t.withdrawalWaitMinutes, deposit: t.depositWaitMinutes } as const;
  for (const w of facts.waiting) {
    if (w.kind === 'kyc' || w.oldestAt === null) continue;
    const waited = facts.now - w.oldestAt;
    if (waited <= bound[w.kind] * 60_000) continue;
    out.push({
      rule: w.kind === 'withdrawal' ? 'withdrawal_waiting' : 'deposit_waiting',
      subject: w.kind,
      severity: 'warning',
      summary: `${w.count} ${w.kind}(s) waiting, the oldest for ${minutes(waited)} min (bound ${bound[w.kind]} min)`,
    });
  }
  return out;
}

function chainRules(facts: PlatformFacts, t: Thresholds): Firing[] {
  const out: Firing[] = [];
  for (const w of facts.watchers) {
    const behind = w.head === null || (w.height !== null && w.head > w.height);
    const still = w.updatedAt === null ? Infinity : facts.now - w.updatedAt;
    if (behind && still > t.watcherStallSeconds * 1000)
      out.push({
        rule: 'watcher_stalled',
        subject: w.network,
        severity: 'critical',
        summary:
          w.head === null
            ? `${w.network}: the node does not answer and the watcher has not moved for ${Math.round(still / 1000)} s`
            : `${w.network}: watcher at ${w.height}, node at ${w.head}, not moved for ${Math.round(still / 1000)} s`,
      });
    for (const b of w.hotWallet)
      if (b.amount !== null && b.low !== null && b.amount < b.low)
        out.push({
          rule: 'hot_wallet_low',
          subject: `${w.network}:${b.coin}`,
          severity: 'warning',
          summary: `${w.network} hot wallet holds ${b.amount} ${b.coin}, under its threshold ${b.low}`,
        });
  }
  return out;
}

function indexRules(facts: PlatformFacts, t: Thresholds): Firing[] {
  const out: Firing[] = [];
  for (const q of facts.index) {
    const times = q.sources.map((s) => s.time).filter((x): x is number => x !== null);
    const newest = times.length ? Math.max(...times) : null;
    const age = newest === null ? Infinity : facts.now - newest;
    if (q.stale && age > t.indexStaleSeconds * 1000)
      out.push({
        rule: 'index_stale',
        subject: q.symbol,
        severity: 'critical',
        summary:
          newest === null
            ? `${q.symbol} index has no price from any source`
            : `${q.symbol} index stale: newest source price ${Math.round(age / 1000)} s old`,
      });
  }
  return out;
}

/** The platform-wide rules that fire now. */
export function platformFirings(facts: PlatformFacts, t: Thresholds): Firing[] {
  const out = [...queueRules(facts, t), ...chainRules(facts, t), ...indexRules(facts, t)];
  if (facts.booksBalanced === false)
    out.push({
      rule: 'books_unbalanced',
      subject: 'ledger',
      severity: 'critical',
      summary:
        'The books check failed: postings do not sum to zero or a balance differs from its postings',
    });
  if (facts.diskFreePercent !== null && facts.diskFreePercent < t.diskFreeMinPercent)
    out.push({
      rule: 'disk_nearly_full',
      subject: 'data',
      severity: 'critical',
      summary: `The embedded database's disk has ${facts.diskFreePercent.toFixed(1)}% free (bound ${t.diskFreeMinPercent}%)`,
    });
  return out;
}

export interface ProcessFacts {
  now: number;
  /** Since when this process is cut off from NATS, or null (always null alone). */
  natsCutSince: number | null;
  jobs: JobReading[];
  /** When this process last failed to deliver a code, per channel (lib/deliveries.ts). */
  deliveryFailedAt?: { mail: number | null; sms: number | null };
  /** Added to a delivery alert's subject in a cluster: each process answers for its own. */
  processTag?: string;
}

/** How long a failed code delivery keeps its alert firing after the last failure. */
export const DELIVERY_ALERT_MS = 15 * 60_000;

/** Grace before a NATS cut is an alert: a restart of NATS reconnects within it. */
const NATS_GRACE_MS = 5000;

/** The rules this process answers for itself. */
export function processFirings(facts: ProcessFacts, t: Thresholds): Firing[] {
  const out: Firing[] = [];
  if (facts.natsCutSince !== null && facts.now - facts.natsCutSince > NATS_GRACE_MS)
    out.push({
      rule: 'nats_lost',
      subject: 'nats',
      severity: 'critical',
      summary: `Cut off from NATS for ${Math.round((facts.now - facts.natsCutSince) / 1000)} s`,
    });
  for (const [channel, at] of Object.entries(facts.deliveryFailedAt ?? {})) {
    if (at === null || facts.now - at > DELIVERY_ALERT_MS) continue;
    out.push({
      rule: 'code_delivery_failing',
      subject: facts.processTag ? `${channel}@${facts.processTag}` : channel,
      severity: 'critical',
      summary: `A verification code by ${channel === 'sms' ? 'text message' : 'mail'} could not be delivered ${Math.round((facts.now - at) / 60_000)} min ago: users cannot register, log in with a code or recover their accounts`,
    });
  }
  for (const j of facts.jobs) {
    const last = j.succeededAt ?? j.since;
    if (facts.now - last > t.jobLateIntervals * j.intervalMs)
      out.push({
        rule: 'job_late',
        subject: j.job,
        severity: 'warning',
        summary: `Job ${j.job} has not succeeded for ${Math.round((facts.now - last) / 1000)} s (${j.failures} failed runs)`,
      });
  }
  return out;
}
