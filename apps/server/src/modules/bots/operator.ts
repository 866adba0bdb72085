import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type operatorBotPair } from '@hx/protocol';
import { botPauses, botRuns, bots, type Db } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServerDeps } from '../../lib/deps.ts';
import type { SpotService } from '../spot/service.ts';
import { adminOf } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';
import { plain } from '../operator-core/rows.ts';
import { operatorSettings } from '../operator-core/settings.ts';
import { botView } from './service.ts';

type Pair = z.infer<typeof operatorBotPair>;
type Deps = Pick<ServerDeps, 'db'> & { spot: Pick<SpotService, 'pairs'> };

/** Every spot pair with its running bots and whether an operator paused them. */
async function pairsView(deps: Deps, only?: string): Promise<Pair[]> {
  const [running, paused] = await Promise.all([
    deps.db
      .select({ symbol: bots.symbol, n: sql<number>`count(*)::int` })
      .from(bots)
      .where(eq(bots.status, 'running'))
      .groupBy(bots.symbol),
    deps.db.select().from(botPauses),
  ]);
  const counts = new Map(running.map((r) => [r.symbol, Number(r.n)]));
  const pauses = new Map(paused.map((p) => [p.symbol, p.pausedAt.getTime()]));
  return [...deps.spot.pairs.keys()]
    .filter((symbol) => only === undefined || symbol === only)
    .map((symbol) => ({
      symbol,
      running: counts.get(symbol) ?? 0,
      paused: pauses.has(symbol),
      paused_at: pauses.get(symbol) ?? null,
    }));
}

/** The newest bots (200) matching the filters, with their runs summed. */
async function botsView(db: Db, query: { symbol?: string; status?: 'running' | 'stopped' }) {
  const where: SQL[] = [];
  if (query.symbol) where.push(eq(bots.symbol, query.symbol));
  if (query.status) where.push(eq(bots.status, query.status));
  const rows = await db
    .select()
    .from(bots)
    .where(and(...where))
    .orderBy(desc(bots.id))
    .limit(200);
  if (rows.length === 0) return [];
  const sums = await db
    .select({
      botId: botRuns.botId,
      runs: sql<number>`count(*)::int`,
      bought: sql<number>`count(*) filter (where ${botRuns.status} = 'bought')::int`,
      spent: sql<string>`coalesce(sum(${botRuns.spent}), 0)::text`,
      last: max(botRuns.at),
    })
    .from(botRuns)
    .where(
      inArray(
        botRuns.botId,
        rows.map((b) => b.id),
      ),
    )
    .groupBy(botRuns.botId);
  const byBot = new Map(sums.map((s) => [s.botId, s]));
  return rows.map((bot) => {
    const { runs: _runs, orders: _orders, ...view } = botView(bot, []);
    const s = byBot.get(bot.id);
    return {
      ...view,
      user_id: bot.userId,
      runs: Number(s?.runs ?? 0),
      bought: Number(s?.bought ?? 0),
      spent: plain(s?.spent ?? '0'),
      last_run_at: s?.last ? new Date(s.last).getTime() : null,
    };
  });
}

/** Bots in the console (admin only): every user's, and pausing a pair's, audited. */
export const botOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = operatorSettings(app);

  app.route({
    ...settings.route(endpoints.operatorBots),
    handler: async (request) =>
      ok({ list: await botsView(app.db, request.query), pairs: await pairsView(app) }),
  });

  app.route({
    ...settings.route(endpoints.operatorBotsPause),
    handler: async (request) => {
      const { symbol } = request.params;
      if (!app.spot.pairs.has(symbol)) throw new AppError('SYMBOL_UNKNOWN');
      const { paused } = request.body;
      const admin = adminOf(request);
      const at = app.clock.now();
      await app.db.transaction(async (tx) => {
        const changed = paused
          ? await tx
              .insert(botPauses)
              .values({ symbol, adminId: admin.id, pausedAt: at })
              .onConflictDoNothing()
              .returning()
          : await tx.delete(botPauses).where(eq(botPauses.symbol, symbol)).returning();
        if (changed.length === 0) return; // already so: nothing to audit
        await writeAudit(tx, {
          adminId: admin.id,
          action: paused ? 'bots.pause' : 'bots.resume',
          targetType: 'spot_pair',
          targetId: 0,
          before: null,
          after: JSON.stringify({ symbol, paused }),
          reason: null,
          at,
        });
      });
      return ok((await pairsView(app, symbol))[0]!);
    },
  });
};
