import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { BotView, recurringBody } from '@hx/protocol';
import { botRuns, bots, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { assertCanMove } from '../coins/frozen.ts';
import type { SpotService } from '../spot/service.ts';
import { firstRun, periodStart } from './periods.ts';

/** What bots use of spot: the pairs, placing, the book. */
export type BotDeps = Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'priceIndex'> & {
  spot: Pick<SpotService, 'pair' | 'pairs' | 'place' | 'bookAnywhere'>;
};

type BotRow = typeof bots.$inferSelect;
type RunRow = typeof botRuns.$inferSelect;
const plain = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());

export function botView(bot: BotRow, runs: RunRow[]): BotView {
  return {
    id: bot.id,
    kind: bot.kind,
    symbol: bot.symbol,
    status: bot.status,
    amount: plain(bot.amount)!,
    every: bot.every,
    max_price: plain(bot.maxPrice),
    time_zone: bot.timeZone,
    at: bot.atTime,
    next_run_at:
      bot.status === 'running'
        ? periodStart(bot.startAt, bot.every, bot.nextPeriod, bot.timeZone).getTime()
        : null,
    orders: [],
    profit: null,
    arbitrages: 0,
    runs: runs.map((r) => ({
      period: r.period,
      at: r.at.getTime(),
      status: r.status,
      reason: r.reason,
      order_id: r.orderId,
      price: plain(r.price),
      amount: plain(r.amount),
      spent: plain(r.spent),
    })),
    created_at: bot.createdAt.getTime(),
  };
}

async function withRuns(db: Db, rows: BotRow[]): Promise<BotView[]> {
  if (rows.length === 0) return [];
  const runs = await db
    .select()
    .from(botRuns)
    .where(
      inArray(
        botRuns.botId,
        rows.map((b) => b.id),
      ),
    )
    .orderBy(desc(botRuns.period));
  return rows.map((b) =>
    botView(
      b,
      runs.filter((r) => r.botId === b.id),
    ),
  );
}

export async function listBots(app: Pick<ServerDeps, 'db'>, userId: number) {
  const rows = await app.db
    .select()
    .from(bots)
    .where(eq(bots.userId, userId))
    .orderBy(desc(bots.id))
    .limit(100);
  return { list: await withRuns(app.db, rows) };
}

export async function botOf(app: Pick<ServerDeps, 'db'>, userId: number, id: number) {
  const [row] = await app.db
    .select()
    .from(bots)
    .where(and(eq(bots.id, id), eq(bots.userId, userId)));
  if (!row) throw new AppError('BOT_NOT_FOUND');
  return (await withRuns(app.db, [row]))[0]!;
}

/**
 * Starts a recurring buy: its first purchase is now (the job's next run) or at the chosen time on
 * its zone's clock, then every period.
 */
export async function startRecurring(
  app: Pick<BotDeps, 'clock' | 'db' | 'spot'>,
  { user }: UserContext,
  body: z.output<typeof recurringBody>,
): Promise<BotView> {
  assertCanMove(user);
  app.spot.pair(body.symbol); // SYMBOL_UNKNOWN for a pair not traded
  const now = app.clock.now();
  const timeZone = body.time_zone ?? 'UTC';
  const [row] = await app.db
    .insert(bots)
    .values({
      userId: user.id,
      kind: 'recurring',
      symbol: body.symbol,
      status: 'running',
      amount: body.amount,
      every: body.every,
      maxPrice: body.max_price ?? null,
      timeZone,
      atTime: body.at ?? null,
      startAt: firstRun(now, body.every, body.at ?? null, timeZone),
      createdAt: now,
    })
    .returning();
  return botView(row!, []);
}

export async function stopBot(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  { user }: UserContext,
  id: number,
): Promise<BotView> {
  const [row] = await app.db
    .update(bots)
    .set({ status: 'stopped', stoppedAt: app.clock.now() })
    .where(and(eq(bots.id, id), eq(bots.userId, user.id), eq(bots.status, 'running')))
    .returning();
  if (!row) await botOf(app, user.id, id); // BOT_NOT_FOUND, or already stopped
  return botOf(app, user.id, id);
}
