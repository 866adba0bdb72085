import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type configProject, type configProjectBody } from '@hx/protocol';
import { coins, subscriptionProjects, subscriptions, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { reviewQueue } from '../operator-core/queue.ts';
import { plain } from '../operator-core/rows.ts';
import { operatorSettings } from '../operator-core/settings.ts';
import { decideSubscription, subscriptionQueue } from './review.ts';

type Project = typeof subscriptionProjects.$inferSelect;
const projectView = (p: Project, name: string, n: number): z.infer<typeof configProject> => ({
  id: p.id,
  currency_id: p.coinId,
  name,
  issue_price: plain(p.issuePrice),
  pay_coins: p.payCoins,
  supply: plain(p.supply),
  min_tokens: plain(p.minTokens),
  lock_days: p.lockDays,
  start_at: p.startAt.getTime(),
  close_at: p.closeAt.getTime(),
  launch_at: p.launchAt.getTime(),
  introduction: p.introduction,
  website: p.website,
  recommended: p.recommended,
  allocated_at: p.allocatedAt ? p.allocatedAt.getTime() : null,
  subscriptions: n,
});
const projects = async (db: Db, id?: number) => {
  const rows = await db
    .select({ p: subscriptionProjects, name: coins.name })
    .from(subscriptionProjects)
    .innerJoin(coins, eq(coins.id, subscriptionProjects.coinId))
    .where(id === undefined ? undefined : eq(subscriptionProjects.id, id))
    .orderBy(asc(subscriptionProjects.id));
  const counts = await db
    .select({ id: subscriptions.projectId, n: count() })
    .from(subscriptions)
    .groupBy(subscriptions.projectId);
  const n = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map(({ p, name }) => projectView(p, name, n.get(p.id) ?? 0));
};

/** start < close < launch; every pay coin exists and is not the token itself; min ≤ supply. */
const checkProjectTerms = async (
  tx: Db,
  b: z.output<typeof configProjectBody>,
  tokenId: number | null,
) => {
  if (!(b.start_at < b.close_at && b.close_at < b.launch_at))
    throw new AppError('PROJECT_TIMES_INVALID');
  if (new Decimal(b.min_tokens).gt(b.supply)) throw new AppError('CONFIG_MIN_ABOVE_MAX');
  const ids = [...new Set(b.pay_coins)];
  const found = await tx.select({ id: coins.id }).from(coins).where(inArray(coins.id, ids));
  if (found.length !== ids.length || (tokenId !== null && ids.includes(tokenId)))
    throw new AppError('PROJECT_PAY_COIN_INVALID');
};
const projectTerms = (b: z.output<typeof configProjectBody>) => ({
  issuePrice: b.issue_price,
  payCoins: [...new Set(b.pay_coins)],
  supply: b.supply,
  minTokens: b.min_tokens,
  lockDays: b.lock_days,
  startAt: new Date(b.start_at),
  closeAt: new Date(b.close_at),
  launchAt: new Date(b.launch_at),
  introduction: b.introduction,
  website: b.website,
  recommended: b.recommended,
});

/**
 * New-coin subscription in the console under /api/admin: the subscription review queue (roles
 * admin and reviewer) and the projects with their tokens (admin only).
 */
export const subscriptionOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    reviewQueue({
      endpoints: {
        list: endpoints.operatorSubscriptions,
        pass: endpoints.operatorSubscriptionPass,
        reject: endpoints.operatorSubscriptionReject,
      },
      target: 'subscription',
      // A rejection is refunded by the ledger, which tells the user; a pass moves no money yet,
      // but the record changed: the open pages (assets, records) refetch.
      refetchOn: 'pass',
      list: subscriptionQueue,
      decide: decideSubscription,
    }),
  );

  const settings = operatorSettings(app);

  app.route({
    ...settings.route(endpoints.operatorSubscriptionProjects),
    handler: async () => ok(await projects(app.db)),
  });

  app.route({
    ...settings.route(endpoints.operatorSubscriptionProjectCreate),
    handler: async (request) => {
      const b = request.body;
      const id = await app.db.transaction(async (tx) => {
        // One new token at a time: the next coin id is chosen here.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hx.coins.new'))`);
        let [coin] = await tx.select().from(coins).where(eq(coins.name, b.name)).for('update');
        if (coin) {
          const [used] = await tx
            .select({ id: subscriptionProjects.id })
            .from(subscriptionProjects)
            .where(eq(subscriptionProjects.coinId, coin.id));
          if (coin.isBase || used) throw new AppError('PROJECT_TOKEN_TAKEN', { coin: coin.name });
          if (coin.decimals !== b.decimals)
            throw new AppError('PROJECT_TOKEN_DECIMALS', {
              coin: coin.name,
              decimals: coin.decimals,
            });
        }
        await checkProjectTerms(tx, b, coin?.id ?? null);
        if (!coin) {
          const [last] = await tx.select({ id: max(coins.id) }).from(coins);
          const coinId = Math.max(99, last?.id ?? 0) + 1;
          [coin] = await tx
            .insert(coins)
            .values({
              id: coinId,
              name: b.name,
              fullName: b.full_name,
              decimals: b.decimals,
              sort: coinId,
            })
            .returning();
          await settings.created(request, tx, 'coin', coin!.id, coin!);
        }
        const [row] = await tx
          .insert(subscriptionProjects)
          .values({ coinId: coin!.id, ...projectTerms(b) })
          .returning();
        await settings.created(request, tx, 'subscription_project', row!.id, row!);
        return row!.id;
      });
      // Nothing caches projects: the app's publication pages and subscribing read the table.
      return ok((await projects(app.db, id))[0]!);
    },
  });

  app.route({
    ...settings.route(endpoints.operatorSubscriptionProjectUpdate),
    handler: async (request) => {
      const b = request.body;
      const id = request.params.id;
      await settings.edit(
        request,
        { type: 'subscription_project', id },
        async (tx) =>
          (
            await tx
              .select()
              .from(subscriptionProjects)
              .where(eq(subscriptionProjects.id, id))
              .for('update')
          )[0],
        async (tx, before) => {
          if (before.allocatedAt) throw new AppError('CONFIG_INVALID', { field: 'allocated' });
          await checkProjectTerms(tx, b, before.coinId);
          const [taken] = await tx
            .select({ n: count() })
            .from(subscriptions)
            .where(eq(subscriptions.projectId, id));
          const fixed =
            !new Decimal(b.issue_price).eq(before.issuePrice) ||
            JSON.stringify(b.pay_coins) !== JSON.stringify(before.payCoins);
          if (fixed && Number(taken?.n ?? 0) > 0)
            throw new AppError('CONFIG_INVALID', { field: 'issue_price, pay_coins' });
          await tx
            .update(subscriptionProjects)
            .set(projectTerms(b))
            .where(eq(subscriptionProjects.id, id));
        },
      );
      return ok((await projects(app.db, id))[0]!);
    },
  });
};
