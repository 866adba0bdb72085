import type { FastifyBaseLogger } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { BOT_CLIENT_PREFIX, CodedError, type ErrorCode } from '@hx/protocol';
import { botPauses, botRuns, bots } from '@hx/db';
import { Decimal } from '@hx/money';
import { Periodic } from '../../lib/periodic.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { periodStart } from './periods.ts';
import type { BotDeps } from './service.ts';

type BotRow = typeof bots.$inferSelect;

/**
 * Why a due run buys nothing, or null: the pair halted, its bots paused by an operator, the index
 * stale, the price too high. Reasons are error codes: the app shows them translated.
 */
async function refusal(deps: BotDeps, bot: BotRow, paused: Set<string>): Promise<ErrorCode | null> {
  try {
    deps.spot.pair(bot.symbol);
  } catch {
    return 'BOT_PAIR_HALTED';
  }
  if (paused.has(bot.symbol)) return 'BOT_PAUSED';
  if (deps.priceIndex.get(bot.symbol).stale) return 'INDEX_STALE';
  if (bot.maxPrice !== null) {
    const ask = (await deps.spot.bookAnywhere(bot.symbol, 1)).asks[0]?.[0];
    if (ask === undefined || new Decimal(ask).gt(bot.maxPrice)) return 'BOT_ABOVE_MAX_PRICE';
  }
  return null;
}

/**
 * Runs the recurring buys: each due period of a running bot is claimed by its (bot, period) row
 * first, so a repeat, a restart or a second process never buys a period twice; then a market buy
 * of the amount, its client order id `hxbot-<bot>-<period>`. A run that cannot buy (no funds,
 * pair halted or paused, index stale, above the maximum price) is recorded skipped with the reason.
 * Periods missed while the server was down are recorded skipped (`BOT_MISSED`), not bought late.
 */
export class BotsJob {
  constructor(
    private readonly deps: BotDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  async runOnce(now = this.deps.clock.now()): Promise<number> {
    const running = await this.deps.db
      .select()
      .from(bots)
      .where(eq(bots.status, 'running'))
      .orderBy(asc(bots.id));
    if (running.length === 0) return 0;
    const paused = new Set(
      (await this.deps.db.select({ symbol: botPauses.symbol }).from(botPauses)).map(
        (p) => p.symbol,
      ),
    );
    let runs = 0;
    for (const bot of running) {
      let k = bot.nextPeriod;
      while (periodStart(bot.startAt, bot.every, k, bot.timeZone) <= now) {
        const late = periodStart(bot.startAt, bot.every, k + 1, bot.timeZone) <= now;
        if (await this.runPeriod(bot, k, now, late, paused)) runs += 1;
        k += 1;
      }
      if (k !== bot.nextPeriod)
        await this.deps.db
          .update(bots)
          .set({ nextPeriod: sql`greatest(${bots.nextPeriod}, ${k})` })
          .where(eq(bots.id, bot.id));
    }
    return runs;
  }

  private async runPeriod(
    bot: BotRow,
    period: number,
    now: Date,
    late: boolean,
    paused: Set<string>,
  ) {
    const [claimed] = await this.deps.db
      .insert(botRuns)
      .values({ botId: bot.id, period, at: now, status: 'skipped', reason: 'BOT_RUNNING' })
      .onConflictDoNothing()
      .returning({ id: botRuns.id });
    if (!claimed) return false;
    const done = (set: Partial<typeof botRuns.$inferInsert>) =>
      this.deps.db.update(botRuns).set(set).where(eq(botRuns.id, claimed.id));
    const reason = late ? 'BOT_MISSED' : await refusal(this.deps, bot, paused);
    if (reason) {
      await this.skip(bot, claimed.id, reason, now);
      return true;
    }
    try {
      const order = await this.deps.spot.place(bot.userId, {
        symbol: bot.symbol,
        side: 'buy',
        type: 'market',
        funds: new Decimal(bot.amount).toFixed(),
        client_order_id: `${BOT_CLIENT_PREFIX}${bot.id}-${period}`,
      });
      await done({
        status: 'bought',
        reason: null,
        orderId: order.id,
        price: order.avg_price,
        amount: order.filled,
        spent: order.filled_quote,
      });
    } catch (err) {
      if (!(err instanceof CodedError)) throw err;
      await this.skip(bot, claimed.id, err.code, now);
    }
    return true;
  }

  /** Records a run skipped, and tells the user why (missed periods only show in the history). */
  private async skip(bot: BotRow, runId: number, reason: ErrorCode, at: Date): Promise<void> {
    const after = new AfterCommit();
    await this.deps.db.transaction(async (tx) => {
      await tx.update(botRuns).set({ reason }).where(eq(botRuns.id, runId));
      if (reason === 'BOT_MISSED') return;
      const pair = this.deps.spot.pairs.get(bot.symbol);
      await after.notify(tx, {
        userId: bot.userId,
        kind: 'bot_run_skipped',
        at,
        facts: {
          bot_id: bot.id,
          symbol: bot.symbol,
          name: pair?.name ?? bot.symbol,
          amount: new Decimal(bot.amount).toFixed(),
          coin: pair?.quote ?? '',
          why: reason,
        },
      });
    });
    await after.send({ ...this.deps, log: this.log });
  }

  private readonly periodic = new Periodic(
    () =>
      this.runOnce().then((n) => {
        if (n > 0) this.log.info({ runs: n }, 'recurring buys run');
      }),
    (err) => this.log.error({ err }, 'recurring buys failed'),
    'bots',
  );

  start(intervalMs = 30_000): void {
    this.periodic.start(intervalMs, { immediately: true, unref: true });
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
