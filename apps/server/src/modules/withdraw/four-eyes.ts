import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  endpoints,
  type adminWithdrawal,
  type adminWithdrawalReview,
  type moneyQueueQuery,
} from '@hx/protocol';
import { admins, meta, withdrawals, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { decideWithdrawal, withdrawalItem, withdrawalQueue } from './review.ts';
import type { AfterCommit } from '../notifications/notify.ts';
import { usdtValue } from '../coins/prices.ts';
import { adminOf, allow, ROLES } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';
import {
  actionReason,
  defineOperatorAction,
  requestAction,
} from '../operator-core/pending-actions.ts';
import type { ReviewDecision } from '../operator-core/decision.ts';

/**
 * Four eyes on large withdrawals: one worth more than the threshold (in USDT at the market's
 * last price) needs two different operators. The first pass is recorded and leaves it in review;
 * the second pays it out as a single pass would; a rejection by either ends it.
 */

const KEY = 'four_eyes_threshold_usdt';
export const DEFAULT_FOUR_EYES_USDT = '10000';
const FIRST_OF_TWO = 'review (1 of 2)';

type Item = z.infer<typeof adminWithdrawal>;
type Reviewed = z.infer<typeof adminWithdrawalReview>;

export async function fourEyesThreshold(db: Db): Promise<string> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY));
  return row?.value ?? DEFAULT_FOUR_EYES_USDT;
}

/** The USDT value of an amount of a coin, or null while the coin has no price. */
function valueOf(
  app: Pick<ServerDeps, 'prices'>,
  item: Pick<Item, 'name' | 'number'>,
): string | null {
  if (item.name !== 'USDT' && !app.prices.last(`${item.name}USDT`)) return null;
  return usdtValue(item.name, item.number, app.prices, 8);
}

/** Needs two when worth more than the threshold, or when its worth is unknown (fail safe). */
const needsTwo = (value: string | null, threshold: string) =>
  value === null || new Decimal(value).greaterThan(threshold);

interface FirstPass {
  by: number | null;
  email: string | null;
  at: Date | null;
}

async function firstPasses(db: Db, ids: number[]): Promise<Map<number, FirstPass>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: withdrawals.id,
      by: withdrawals.firstPassedBy,
      at: withdrawals.firstPassedAt,
      email: admins.email,
    })
    .from(withdrawals)
    .leftJoin(admins, eq(admins.id, withdrawals.firstPassedBy))
    .where(inArray(withdrawals.id, ids));
  return new Map(rows.map((r) => [r.id, { by: r.by, at: r.at, email: r.email }]));
}

function reviewed(
  app: Pick<ServerDeps, 'prices'>,
  item: Item,
  first: FirstPass | undefined,
  threshold: string,
): Reviewed {
  const value = valueOf(app, item);
  const two = first?.by != null || (item.status === 'review' && needsTwo(value, threshold));
  return {
    ...item,
    value_usdt: value === null ? null : new Decimal(value).toFixed(2, Decimal.ROUND_DOWN),
    approvals_needed: two ? 2 : 1,
    first_passed_by: first?.by ?? null,
    first_passed_email: first?.email ?? null,
    first_passed_at: first?.at ? first.at.getTime() : null,
  };
}

async function withFourEyes(
  app: Pick<ServerDeps, 'prices'>,
  db: Db,
  items: Item[],
): Promise<Reviewed[]> {
  const threshold = await fourEyesThreshold(db);
  const firsts = await firstPasses(
    db,
    items.map((i) => i.id),
  );
  return items.map((i) => reviewed(app, i, firsts.get(i.id), threshold));
}

/** The withdrawal queue's list and decision, with four eyes. */
export function fourEyesQueue(app: Pick<ServerDeps, 'chain' | 'prices'>) {
  return {
    async list(db: Db, query: z.output<typeof moneyQueueQuery>) {
      const page = await withdrawalQueue(db, query, app.chain.explorer);
      return { ...page, list: await withFourEyes(app, db, page.list) };
    },

    async decide(tx: Db, id: number, decision: ReviewDecision, after: AfterCommit) {
      const [row] = await tx
        .select({ status: withdrawals.status, firstBy: withdrawals.firstPassedBy })
        .from(withdrawals)
        .where(eq(withdrawals.id, id))
        .for('update');
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status !== 'review') throw new AppError('ALREADY_DECIDED');
      const before = row.firstBy === null ? 'review' : FIRST_OF_TWO;

      if (decision.pass && row.firstBy === decision.adminId)
        throw new AppError('FOUR_EYES_SAME_OPERATOR');
      if (decision.pass && row.firstBy === null) {
        const current = (await withdrawalItem(tx, id))!;
        if (needsTwo(valueOf(app, current), await fourEyesThreshold(tx))) {
          await tx
            .update(withdrawals)
            .set({ firstPassedBy: decision.adminId, firstPassedAt: decision.at })
            .where(eq(withdrawals.id, id));
          const [item] = await withFourEyes(app, tx, [current]);
          return {
            before,
            item: item!,
            action: 'withdrawal.first_pass',
            audit: { before, after: FIRST_OF_TWO },
          };
        }
      }
      const decided = await decideWithdrawal(tx, id, decision, after, app.chain.paysOnChain);
      const [item] = await withFourEyes(app, tx, [decided.item]);
      return { before, item: item!, audit: { before, after: decided.item.status } };
    },
  };
}

/** Writes the threshold and its audit record (by whoever asked for it). */
async function setThreshold(
  tx: Db,
  value: string,
  by: number,
  at: Date,
  reason: string | null,
): Promise<void> {
  const before = await fourEyesThreshold(tx);
  await tx
    .insert(meta)
    .values({ key: KEY, value, updatedAt: at.getTime() })
    .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: at.getTime() } });
  await writeAudit(tx, {
    adminId: by,
    action: 'config.four_eyes',
    targetType: 'setting',
    targetId: 0,
    before: `${before} USDT`,
    after: `${value} USDT`,
    reason,
    at,
  });
}

defineOperatorAction('four_eyes_threshold', (tx, action, at) =>
  setThreshold(tx, action.summary.to!, action.requestedBy, at, actionReason(action)),
);

const security = [{ token: [] }];

/**
 * The threshold: reviewers read it (the queue says it), admins change it; audited. Lowering it
 * (stricter) applies at once; raising it waits for a second admin (pending-actions.ts), or one
 * admin could raise it, pass a large withdrawal alone, and lower it again.
 */
export const fourEyesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.operatorFourEyes, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.review),
    handler: async () => ok({ threshold_usdt: await fourEyesThreshold(app.db) }),
  });

  app.route({
    ...routeOf(endpoints.operatorFourEyesUpdate, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.admin),
    handler: async (request) => {
      const me = adminOf(request);
      const value = new Decimal(request.body.threshold_usdt).toFixed();
      const current = await fourEyesThreshold(app.db);
      if (new Decimal(value).greaterThan(current)) {
        const pending = await requestAction(app, me, {
          kind: 'four_eyes_threshold',
          targetId: null,
          summary: { from: current, to: value },
        });
        return ok({ threshold_usdt: current, pending });
      }
      await app.db.transaction((tx) => setThreshold(tx, value, me.id, app.clock.now(), null));
      return ok({ threshold_usdt: value });
    },
  });
};
