import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@hx/db';
import type { Clock } from '../../lib/clock.ts';
import { Periodic } from '../../lib/periodic.ts';
import { takeDailySnapshot, utcDay } from './snapshot.ts';

/**
 * The daily snapshot at 00:00 UTC (or as soon after as the server runs). `runOnce(now)` takes the
 * day's snapshot unless some process already did; `start()` checks every minute.
 */
export class PorJob {
  /** The last day known to have its snapshot, so most ticks do not reach the database. */
  private doneDay = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The id of the snapshot this run took, or null when the day already had one. */
  async runOnce(now = this.clock.now()): Promise<number | null> {
    const day = utcDay(now).getTime();
    if (day === this.doneDay) return null;
    const id = await takeDailySnapshot(this.db, now);
    this.doneDay = day;
    return id;
  }

  private readonly periodic = new Periodic(
    () =>
      this.runOnce().then((id) => {
        if (id !== null) this.log.info({ id }, 'proof of liabilities snapshot taken');
      }),
    (err) => this.log.error({ err }, 'proof of liabilities snapshot failed'),
    'por_snapshot',
  );

  start(intervalMs = 60_000): void {
    this.periodic.start(intervalMs, { immediately: true, unref: true });
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
