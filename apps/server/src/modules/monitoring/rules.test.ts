import { describe, expect, it } from 'vitest';
import { platformFirings, processFirings, type PlatformFacts, type Thresholds } from './rules.ts';

const T: Thresholds = {
  withdrawalWaitMinutes: 60,
  depositWaitMinutes: 60,
  watcherStallSeconds: 300,
  indexStaleSeconds: 60,
  diskFreeMinPercent: 10,
  jobLateIntervals: 3,
  repeatMinutes: 60,
};
const NOW = 1_800_000_000_000;
const quiet: PlatformFacts = {
  now: NOW,
  waiting: [],
  watchers: [],
  index: [],
  booksBalanced: true,
  diskFreePercent: 50,
};
const rules = (facts: Partial<PlatformFacts>) =>
  platformFirings({ ...quiet, ...facts }, T).map((f) => `${f.rule} ${f.subject}`);

/** The rules over stand-ins of what the watchers, the index and the disk report. */
describe('alert rules', () => {
  it('fire nothing on a quiet platform', () => {
    expect(rules({})).toEqual([]);
  });

  it('find a stalled watcher, a silent node and a drained hot wallet', () => {
    const watcher = {
      network: 'ERC20',
      height: 100,
      head: 120,
      updatedAt: NOW - 301_000,
      hotWallet: [{ coin: 'USDT', amount: 40, low: 50 }],
    };
    expect(rules({ watchers: [watcher] })).toEqual([
      'watcher_stalled ERC20',
      'hot_wallet_low ERC20:USDT',
    ]);
    // Moving, and caught up with a quiet chain: neither is stalled.
    expect(rules({ watchers: [{ ...watcher, updatedAt: NOW - 10_000, hotWallet: [] }] })).toEqual(
      [],
    );
    expect(rules({ watchers: [{ ...watcher, head: 100, hotWallet: [] }] })).toEqual([]);
    expect(rules({ watchers: [{ ...watcher, head: null, hotWallet: [] }] })).toEqual([
      'watcher_stalled ERC20',
    ]);
  });

  it('find a stale index past its bound, failed books and a nearly full disk', () => {
    const source = { venue: 'binance', time: NOW - 61_000, used: false };
    expect(
      rules({
        index: [
          { symbol: 'BTCUSDT', stale: true, sources: [source] },
          { symbol: 'ETHUSDT', stale: true, sources: [{ ...source, time: NOW - 5_000 }] },
          { symbol: 'SOLUSDT', stale: false, sources: [source] },
        ],
        booksBalanced: false,
        diskFreePercent: 9.5,
      }),
    ).toEqual(['index_stale BTCUSDT', 'books_unbalanced ledger', 'disk_nearly_full data']);
  });

  it('find a job without a success for its intervals and a long NATS cut', () => {
    const job = {
      job: 'por_snapshot',
      startedAt: null,
      succeededAt: NOW - 31_000,
      failures: 2,
      intervalMs: 10_000,
      since: 0,
    };
    const firing = processFirings({ now: NOW, natsCutSince: NOW - 6_000, jobs: [job] }, T);
    expect(firing.map((f) => `${f.rule} ${f.subject}`)).toEqual([
      'nats_lost nats',
      'job_late por_snapshot',
    ]);
    expect(
      processFirings(
        { now: NOW, natsCutSince: NOW - 1_000, jobs: [{ ...job, succeededAt: NOW - 29_000 }] },
        T,
      ),
    ).toEqual([]);
  });

  it('find a code that could not be delivered lately, per process in a cluster', () => {
    const failing = (mail: number | null, sms: number | null, processTag?: string) =>
      processFirings(
        { now: NOW, natsCutSince: null, jobs: [], deliveryFailedAt: { mail, sms }, processTag },
        T,
      ).map((f) => `${f.rule} ${f.subject} ${f.severity}`);
    expect(failing(null, NOW - 60_000)).toEqual(['code_delivery_failing sms critical']);
    expect(failing(NOW - 1_000, null, 'p1')).toEqual(['code_delivery_failing mail@p1 critical']);
    // Resolved 15 minutes after the last failure.
    expect(failing(null, NOW - 15 * 60_000 - 1)).toEqual([]);
  });
});
