import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  PROJECT_STATES,
  SUBSCRIPTION_STATES,
  type Locale,
  type ProjectItem,
  type ProjectState,
  type projectQuery,
  type subscribeBody,
  type SubscriptionItem,
  type subscriptionQuery,
} from '@hx/protocol';
import { coins, subscriptionProjects, subscriptions, type Db } from '@hx/db';
import { post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { AppError } from '../../lib/errors.ts';
import { assertCanMove } from '../coins/frozen.ts';
import { assertPrecision, plain, show } from '../coins/amounts.ts';
import { coinById } from '../coins/coins.ts';
import { ms } from '../../lib/clock.ts';
import type { PriceBook } from '../coins/prices.ts';

/** Issue prices and returns are counted in USDT (currency_id 3). */
export const PRICE_COIN = { currency_id: 3, name: 'USDT' };
const RETURN_DECIMALS = 4;
export const DAY_MS = 86_400_000;

export type Project = typeof subscriptionProjects.$inferSelect;
type Token = { name: string; fullName: string; decimals: number };

/** subscribing until close, sold out until launch, launched after. */
export function projectState(project: Project, now: Date): ProjectState {
  if (now < project.closeAt) return 'subscribing';
  if (now < project.launchAt) return 'sold_out';
  return 'launched';
}

/**
 * The token's price for returns: its last recorded `<TOKEN>USDT` price once launched and the
 * market has one, else the issue price (a return of 0, never a made-up price).
 */
export function tokenPrice(prices: PriceBook, project: Project, token: string, now: Date): string {
  const issue = new Decimal(project.issuePrice).toFixed();
  if (now < project.launchAt) return issue;
  return prices.last(`${token}USDT`)?.price ?? issue;
}

/** USDT per one unit of the payment coin, as last recorded (USDT itself is 1). */
function payRate(prices: PriceBook, coin: string, now: Date): { rate: string; time: Date } {
  if (coin === PRICE_COIN.name) return { rate: '1', time: now };
  const quote = prices.last(`${coin}USDT`);
  if (!quote) throw new AppError('PRICE_UNAVAILABLE');
  return { rate: quote.price, time: new Date(quote.time) };
}

const introIn = (intro: Record<string, string>, lang: Locale) => intro[lang] ?? intro.en ?? '';

async function subscribedTokens(db: Db, projectIds: number[]) {
  if (projectIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({
      id: subscriptions.projectId,
      total: sql<string>`coalesce(sum(${subscriptions.tokens}), 0)`,
    })
    .from(subscriptions)
    // A rejected subscription no longer asks for anything.
    .where(and(inArray(subscriptions.projectId, projectIds), ne(subscriptions.status, 'rejected')))
    .groupBy(subscriptions.projectId);
  return new Map(rows.map((r) => [r.id, String(r.total)]));
}

async function coinNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: coins.id, name: coins.name })
    .from(coins)
    .where(inArray(coins.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const projectColumns = {
  p: subscriptionProjects,
  name: coins.name,
  fullName: coins.fullName,
  decimals: coins.decimals,
};
const projectsJoined = (db: Db) =>
  db
    .select(projectColumns)
    .from(subscriptionProjects)
    .innerJoin(coins, eq(coins.id, subscriptionProjects.coinId));

/** The condition of a state at `now` (states follow the clock). */
function stateWhere(state: ProjectState, now: Date): SQL {
  const at = now.toISOString();
  if (state === 'subscribing') return sql`${subscriptionProjects.closeAt} > ${at}`;
  if (state === 'sold_out')
    return sql`${subscriptionProjects.closeAt} <= ${at} and ${subscriptionProjects.launchAt} > ${at}`;
  return sql`${subscriptionProjects.launchAt} <= ${at}`;
}

async function views(
  app: Pick<ServerDeps, 'clock' | 'db' | 'prices'>,
  rows: { p: Project; name: string; fullName: string; decimals: number }[],
  lang: Locale,
): Promise<ProjectItem[]> {
  const now = app.clock.now();
  const totals = await subscribedTokens(
    app.db,
    rows.map((r) => r.p.id),
  );
  const names = await coinNames(app.db, [...new Set(rows.flatMap((r) => r.p.payCoins))]);
  return rows.map(({ p, name, fullName, decimals }) => {
    const subscribed = new Decimal(totals.get(p.id) ?? '0');
    const progress = Decimal.min(1, subscribed.div(p.supply));
    return {
      id: p.id,
      currency_id: p.coinId,
      name,
      full_name: fullName,
      decimals,
      issue_price: plain(p.issuePrice),
      pay_currencies: p.payCoins.map((id) => ({ currency_id: id, name: names.get(id) ?? '' })),
      supply: plain(p.supply),
      subscribed: plain(subscribed),
      progress: progress.toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4),
      min_tokens: plain(p.minTokens),
      lock_days: p.lockDays,
      start_time: p.startAt.getTime(),
      close_time: p.closeAt.getTime(),
      launch_time: p.launchAt.getTime(),
      state: projectState(p, now),
      introduction: introIn(p.introduction, lang),
      website: p.website,
      recommended: p.recommended,
      price: tokenPrice(app.prices, p, name, now),
      fill_ratio: p.fillRatio === null ? null : plain(p.fillRatio),
      allocated_at: ms(p.allocatedAt),
    };
  });
}

/** One project (PROJECT_INVALID when there is none). */
export async function projectDetail(
  app: Pick<ServerDeps, 'clock' | 'db' | 'prices'>,
  id: number,
  lang: Locale,
): Promise<ProjectItem> {
  const rows = await projectsJoined(app.db).where(eq(subscriptionProjects.id, id));
  if (!rows[0]) throw new AppError('PROJECT_INVALID');
  return (await views(app, rows, lang))[0]!;
}

/** Projects, newest subscription start first, by state when asked. */
export async function projectList(
  app: Pick<ServerDeps, 'clock' | 'db' | 'prices'>,
  query: z.output<typeof projectQuery>,
  lang: Locale,
) {
  const where = query.state ? stateWhere(query.state, app.clock.now()) : undefined;
  const rows = await projectsJoined(app.db)
    .where(where)
    .orderBy(desc(subscriptionProjects.startAt), desc(subscriptionProjects.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await app.db.select({ n: count() }).from(subscriptionProjects).where(where);
  return { list: await views(app, rows, lang), total: total?.n ?? 0, page: query.page };
}

/** Recommended projects: those still subscribing first, then the launched ones; at most 5. */
export async function recommended(app: Pick<ServerDeps, 'clock' | 'db' | 'prices'>, lang: Locale) {
  const rows = await projectsJoined(app.db)
    .where(eq(subscriptionProjects.recommended, true))
    .orderBy(desc(subscriptionProjects.closeAt))
    .limit(5);
  const list = await views(app, rows, lang);
  const order = (s: ProjectState) => PROJECT_STATES.indexOf(s);
  list.sort((a, b) => order(a.state) - order(b.state));
  return { list, total: list.length, page: 1 };
}

export function subscriptionConfig(app: Pick<ServerDeps, 'clock'>) {
  return {
    states: [...PROJECT_STATES],
    record_states: [...SUBSCRIPTION_STATES],
    price_currency: PRICE_COIN,
    now: app.clock.now().getTime(),
  };
}

/**
 * Subscribes: `number` of the payment coin is frozen in the user's currency account, worth
 * tokens at the issue price (another coin than USDT at its last recorded price). Under review
 * until the project closes and allocates.
 */
export async function subscribe(
  app: Pick<ServerDeps, 'clock' | 'db' | 'ledger' | 'prices'>,
  { user, claim }: UserContext,
  body: z.output<typeof subscribeBody>,
) {
  assertCanMove(user);
  const now = app.clock.now();
  const [row] = await projectsJoined(app.db).where(eq(subscriptionProjects.id, body.product_id));
  if (!row) throw new AppError('PROJECT_INVALID');
  const project = row.p;
  if (now < project.startAt) throw new AppError('PROJECT_NOT_STARTED');
  if (now >= project.closeAt || project.allocatedAt) throw new AppError('PROJECT_CLOSED');
  if (!project.payCoins.includes(body.currency_id)) throw new AppError('PROJECT_CURRENCY_INVALID');
  const payCoin = await coinById(app.db, body.currency_id);
  const amount = assertPrecision(body.number, payCoin);
  const { rate, time } = payRate(app.prices, payCoin.name, now);
  const tokens = amount
    .times(rate)
    .div(project.issuePrice)
    .toDecimalPlaces(row.decimals, Decimal.ROUND_DOWN);
  const minTokens = Decimal.max(project.minTokens, new Decimal(10).pow(-row.decimals));
  if (tokens.lt(minTokens)) {
    const min = minTokens
      .times(project.issuePrice)
      .div(rate)
      .toDecimalPlaces(payCoin.decimals, Decimal.ROUND_UP);
    throw new AppError('PROJECT_BELOW_MIN', { min: plain(min), coin: payCoin.name });
  }
  const done = await app.ledger.transaction(
    async (tx) => {
      // Shared with other subscriptions, exclusive against the allocation of this project.
      const [locked] = await tx
        .select({ allocatedAt: subscriptionProjects.allocatedAt })
        .from(subscriptionProjects)
        .where(eq(subscriptionProjects.id, project.id))
        .for('share');
      if (locked?.allocatedAt) throw new AppError('PROJECT_CLOSED');
      const [created] = await tx
        .insert(subscriptions)
        .values({
          userId: user.id,
          projectId: project.id,
          payCoinId: payCoin.id,
          amount: amount.toFixed(),
          rate,
          rateTime: time,
          tokens: tokens.toFixed(),
          createdAt: now,
        })
        .returning({ id: subscriptions.id });
      const account = { user: user.id, sub: 'currency' as const, coin: payCoin.id };
      await post(tx, {
        kind: 'subscription_freeze',
        refType: 'subscription',
        refId: created!.id,
        at: now,
        lines: [
          { account, amount: amount.negated() },
          { account, bucket: 'frozen', amount },
        ],
      });
      return {
        id: created!.id,
        status: 'review' as const,
        number: show(amount, payCoin.decimals),
        tokens: show(tokens, row.decimals),
        rate: plain(rate),
        rate_time: time.getTime(),
      };
    },
    { claim },
  );
  return done;
}

/** `lh/send/order_list`: the user's subscriptions, newest first, with their returns. */
export async function subscriptionList(
  app: Pick<ServerDeps, 'clock' | 'db' | 'prices'>,
  userId: number,
  query: z.output<typeof subscriptionQuery>,
) {
  const pay = alias(coins, 'pay_coin');
  const where: SQL[] = [eq(subscriptions.userId, userId)];
  if (query.status) where.push(eq(subscriptions.status, query.status));
  const rows = await app.db
    .select({
      s: subscriptions,
      p: subscriptionProjects,
      token: { name: coins.name, fullName: coins.fullName, decimals: coins.decimals },
      payName: pay.name,
      payDecimals: pay.decimals,
    })
    .from(subscriptions)
    .innerJoin(subscriptionProjects, eq(subscriptionProjects.id, subscriptions.projectId))
    .innerJoin(coins, eq(coins.id, subscriptionProjects.coinId))
    .innerJoin(pay, eq(pay.id, subscriptions.payCoinId))
    .where(and(...where))
    .orderBy(desc(subscriptions.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await app.db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(...where));
  const now = app.clock.now();
  return {
    list: rows.map((r) => recordView(r, tokenPrice(app.prices, r.p, r.token.name, now))),
    total: total?.n ?? 0,
    page: query.page,
  };
}

function recordView(
  r: {
    s: typeof subscriptions.$inferSelect;
    p: Project;
    token: Token;
    payName: string;
    payDecimals: number;
  },
  price: string,
): SubscriptionItem {
  const { s, p } = r;
  const held = new Decimal(s.allocated ?? 0);
  const gain = new Decimal(price).minus(p.issuePrice);
  const toward0 = (d: Decimal) => d.toDecimalPlaces(RETURN_DECIMALS, Decimal.ROUND_DOWN);
  return {
    id: s.id,
    project_id: p.id,
    currency_id: p.coinId,
    name: r.token.name,
    pay_currency_id: s.payCoinId,
    pay_name: r.payName,
    number: show(s.amount, r.payDecimals),
    rate: plain(s.rate),
    rate_time: s.rateTime.getTime(),
    tokens: show(s.tokens, r.token.decimals),
    status: s.status,
    issue_price: plain(p.issuePrice),
    lock_days: p.lockDays,
    allocated: s.allocated === null ? null : show(s.allocated, r.token.decimals),
    paid: s.paid === null ? null : show(s.paid, r.payDecimals),
    refund: s.refund === null ? null : show(s.refund, r.payDecimals),
    price,
    accumulated_return: toward0(gain.times(held)).toFixed(RETURN_DECIMALS),
    return_rate: toward0(s.status === 'passed' ? gain.div(p.issuePrice) : new Decimal(0)).toFixed(
      RETURN_DECIMALS,
    ),
    locked: s.status === 'passed' && held.gt(0) && !s.releasedAt,
    unlock_time: ms(s.unlockAt),
    released_at: ms(s.releasedAt),
    created_at: s.createdAt.getTime(),
    completed_at: ms(s.allocatedAt),
    reason: s.status === 'rejected' ? s.reason : null,
    reviewed_at: ms(s.reviewedAt),
  };
}
