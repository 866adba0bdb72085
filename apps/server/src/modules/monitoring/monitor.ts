import { statfs } from 'node:fs/promises';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { monitorAlerts, monitorSettings } from '@hx/db';
import { checkLedger } from '@hx/ledger';
import type { FastifyInstance } from 'fastify';
import { Periodic } from '../../lib/periodic.ts';
import { lastDeliveryFailure } from '../../lib/deliveries.ts';
import { indexReadings, jobs, waiting, watchers } from '../metrics/readings.ts';
import { tell, type Notice } from './notify.ts';
import {
  platformFirings,
  processFirings,
  PLATFORM_RULES,
  PROCESS_RULES,
  type Firing,
  type RuleName,
  type Thresholds,
} from './rules.ts';

/** The resource whose owner evaluates the platform-wide rules (one process of a cluster). */
export const EVALUATOR = 'monitoring';
const EVERY_MS = 15_000;
const BOOKS_EVERY_MS = 10 * 60_000;
const DB_TIMEOUT_MS = 3000;

export type MonitorDeps = Pick<
  FastifyInstance,
  | 'config'
  | 'db'
  | 'dbKind'
  | 'clock'
  | 'log'
  | 'sender'
  | 'bus'
  | 'ownership'
  | 'chain'
  | 'market'
  | 'priceIndex'
  | 'hasDecorator'
>;

function inTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The alert rules, evaluated every 15 s: each process for itself (its NATS link, its jobs, its
 * database link), the owner of `monitoring` for the platform (queues, watchers, hot wallets,
 * the books, the index, the disk). An alert fires once (one open row per rule and subject),
 * is told again every `repeat_minutes` while it fires, and is told resolved.
 */
export class Monitor {
  private readonly periodic = new Periodic(
    () => this.runOnce(),
    (err) => this.app.log.error({ err }, 'alert rules failed'),
  );
  private books: { at: number; balanced: boolean } | null = null;
  /** The database lost: told from memory, since nothing can be stored meanwhile. */
  private dbLost: Notice | null = null;
  private dbLostTold = 0;
  private last: Thresholds | null = null;

  constructor(private readonly app: MonitorDeps) {
    // Alone, this process is the evaluator (and owns nothing by lease, as its health says).
    if (app.bus.clustered)
      app.ownership.claim(EVALUATOR, { gained: async () => {}, lost: () => {} });
  }

  start(): void {
    this.periodic.start(EVERY_MS, { unref: true });
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async runOnce(): Promise<void> {
    const now = this.app.clock.now();
    let t: Thresholds;
    try {
      t = await inTime(this.thresholds(), DB_TIMEOUT_MS);
    } catch (err) {
      return this.databaseLost(now, err);
    }
    await this.databaseBack(now);
    this.last = t;
    const real = Date.now();
    const { bus } = this.app;
    const own = processFirings(
      {
        now: real,
        natsCutSince: bus.cutSince(),
        jobs: jobs(),
        deliveryFailedAt: lastDeliveryFailure,
        processTag: bus.clustered ? bus.processId : undefined,
      },
      t,
    );
    const mine = (rule: RuleName, subject: string) =>
      rule === 'job_late'
        ? jobs().some((j) => j.job === subject)
        : rule === 'code_delivery_failing'
          ? !bus.clustered || subject.endsWith(`@${bus.processId}`)
          : bus.clustered;
    await this.reconcile(PROCESS_RULES, own, t, now, mine);
    if (this.app.bus.clustered && !this.app.ownership.owns(EVALUATOR)) return;
    const platform = platformFirings(await this.platformFacts(now.getTime()), t);
    await this.reconcile(PLATFORM_RULES, platform, t, now, () => true);
  }

  private async thresholds(): Promise<Thresholds> {
    const [row] = await this.app.db.select().from(monitorSettings).where(eq(monitorSettings.id, 1));
    if (!row) throw new Error('monitor_settings has no row');
    return row;
  }

  private async platformFacts(now: number) {
    const { app } = this;
    if (!this.books || now - this.books.at >= BOOKS_EVERY_MS)
      this.books = { at: now, balanced: (await checkLedger(app.db)).balanced };
    let diskFreePercent: number | null = null;
    if (app.dbKind === 'pglite') {
      const disk = await statfs(app.config.dataDir).catch(() => null);
      if (disk && disk.blocks > 0) diskFreePercent = (disk.bavail / disk.blocks) * 100;
    }
    return {
      now,
      waiting: await waiting(app),
      watchers: await watchers(app),
      index: indexReadings(app),
      booksBalanced: this.books.balanced,
      diskFreePercent,
    };
  }

  /** Fires the new, repeats the due, resolves the gone (of `scope`, those `mine` may resolve). */
  private async reconcile(
    scope: RuleName[],
    firing: Firing[],
    t: Thresholds,
    now: Date,
    mine: (rule: RuleName, subject: string) => boolean,
  ): Promise<void> {
    const { db } = this.app;
    const open = await db
      .select()
      .from(monitorAlerts)
      .where(and(isNull(monitorAlerts.resolvedAt), inArray(monitorAlerts.rule, scope)));
    const key = (a: { rule: string; subject: string }) => `${a.rule}\0${a.subject}`;
    const openByKey = new Map(open.map((a) => [key(a), a]));
    for (const f of firing) {
      const was = openByKey.get(key(f));
      if (was) {
        if (now.getTime() - was.notifiedAt.getTime() < t.repeatMinutes * 60_000) continue;
        // Only the process that moves notified_at tells it again.
        const [moved] = await db
          .update(monitorAlerts)
          .set({ notifiedAt: now, summary: f.summary })
          .where(and(eq(monitorAlerts.id, was.id), eq(monitorAlerts.notifiedAt, was.notifiedAt)))
          .returning();
        if (moved)
          await this.tell({ ...f, status: 'firing', startedAt: was.startedAt, resolvedAt: null });
        continue;
      }
      const [added] = await db
        .insert(monitorAlerts)
        .values({ ...f, startedAt: now, notifiedAt: now })
        .onConflictDoNothing()
        .returning();
      if (added) await this.tell({ ...f, status: 'firing', startedAt: now, resolvedAt: null });
    }
    const still = new Set(firing.map(key));
    for (const a of open) {
      if (still.has(key(a)) || !mine(a.rule as RuleName, a.subject)) continue;
      const [resolved] = await db
        .update(monitorAlerts)
        .set({ resolvedAt: now })
        .where(and(eq(monitorAlerts.id, a.id), isNull(monitorAlerts.resolvedAt)))
        .returning();
      if (resolved)
        await this.tell({
          rule: a.rule as RuleName,
          subject: a.subject,
          severity: a.severity,
          summary: a.summary,
          status: 'resolved',
          startedAt: a.startedAt,
          resolvedAt: now,
        });
    }
  }

  private tell(notice: Notice): Promise<void> {
    this.app.log.warn(
      { rule: notice.rule, subject: notice.subject, status: notice.status },
      notice.summary,
    );
    return tell(this.app, notice);
  }

  private async databaseLost(now: Date, err: unknown): Promise<void> {
    const repeatMs = (this.last?.repeatMinutes ?? 60) * 60_000;
    if (!this.dbLost) {
      this.dbLost = {
        rule: 'postgres_lost',
        subject: this.app.bus.processId,
        severity: 'critical',
        summary: `The database does not answer: ${(err as Error).message}`,
        status: 'firing',
        startedAt: now,
        resolvedAt: null,
      };
    } else if (now.getTime() - this.dbLostTold < repeatMs) return;
    this.dbLostTold = now.getTime();
    await this.tell(this.dbLost);
  }

  /** The database answers again: told resolved, and kept in the history. */
  private async databaseBack(now: Date): Promise<void> {
    const lost = this.dbLost;
    if (!lost) return;
    this.dbLost = null;
    await this.tell({ ...lost, status: 'resolved', resolvedAt: now });
    await this.app.db
      .insert(monitorAlerts)
      .values({ ...lost, notifiedAt: now, resolvedAt: now })
      .catch((err: unknown) => this.app.log.warn({ err }, 'database loss not recorded'));
  }
}
