import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminDeposit,
  adminKyc,
  adminWithdrawalReview,
  depositPassBody,
  idParams,
  kycQueueQuery,
  moneyQueueQuery,
  pageOf,
  passBody,
  rejectBody,
} from '@hx/contracts';
import type { Db } from '@hx/db';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { decideDeposit, depositQueue } from '../deposit/review.ts';
import { decideKyc, kycQueue } from '../kyc/review.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { adminOf, allow, ROLES } from './auth.ts';
import { writeAudit } from './audit.ts';
import { fourEyesQueue, fourEyesRoutes } from './four-eyes.ts';
import type { ReviewDecision } from './decision.ts';

const tags = ['operator'];
const security = [{ token: [] }];

interface Queue {
  path: string;
  /** Audit target type, e.g. `deposit`. */
  target: string;
  label: string;
  query: z.ZodType;
  item: z.ZodType;
  /** The pass form, when it takes more than the optional reason (a deposit's credited amount). */
  passBody?: typeof depositPassBody;
  // The query as its schema parsed it.
  list: (db: Db, query: never) => Promise<{ list: unknown[]; total: number; page: number }>;
  decide: (
    tx: Db,
    id: number,
    decision: ReviewDecision,
    /** The user's notification and balances, told once the decision committed. */
    after: AfterCommit,
  ) => Promise<{
    before: string;
    item: { status: string; user_id: number };
    /** The audit action when not `<target>.<verb>` (a withdrawal's first of two passes). */
    action?: string;
    /** The audit's before/after when the status alone does not tell (a corrected amount). */
    audit?: { before: string; after: string };
  }>;
}

/** A review queue: list with evidence, pass, and reject with a reason; each decision audited. */
function queueRoutes(queue: Queue): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = allow(app, ROLES.review);
    app.get(
      queue.path,
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: `${queue.label} queue with evidence (status defaults to review)`,
          querystring: queue.query,
          response: { 200: okSchema(pageOf(queue.item)) },
        },
      },
      async (request) => ok(await queue.list(app.db, request.query as never)),
    );

    for (const pass of [true, false]) {
      const verb = pass ? 'pass' : 'reject';
      app.post(
        `${queue.path}/:id/${verb}`,
        {
          onRequest: guard,
          schema: {
            tags,
            security,
            summary: `${pass ? 'Pass' : 'Reject'} a ${queue.label.toLowerCase()} under review${pass ? '' : ' (reason required)'}`,
            params: idParams,
            body: pass ? (queue.passBody ?? passBody) : rejectBody,
            response: { 200: okSchema(queue.item) },
          },
        },
        async (request) => {
          const admin = adminOf(request);
          const reason = request.body.reason ?? null;
          // Only the deposit pass form has it (the schema above checked it).
          const credited = (request.body as { credited_amount?: string }).credited_amount;
          const at = app.clock.now();
          const after = new AfterCommit();
          const item = await app.ledger.transaction(async (tx) => {
            const decided = await queue.decide(
              tx,
              request.params.id,
              { pass, adminId: admin.id, reason, at, credited },
              after,
            );
            await writeAudit(tx, {
              adminId: admin.id,
              action: decided.action ?? `${queue.target}.${verb}`,
              targetType: queue.target,
              targetId: request.params.id,
              before: decided.audit?.before ?? decided.before,
              after: decided.audit?.after ?? decided.item.status,
              reason,
              at,
            });
            return decided.item;
          });
          // Money moved, and the ledger told the user (`onPosted`). A rejected deposit moved none,
          // but its record changed: the open pages refetch all the same.
          if (queue.target === 'deposit' && !pass)
            app.hub.publishToUser(item.user_id, 'balances', {});
          await after.send(app); // the user's notification (a KYC decision reaches the app so)
          return ok(item);
        },
      );
    }
  };
}

export const queues: FastifyPluginAsyncZod = async (app) => {
  const fourEyes = fourEyesQueue(app);
  await app.register(fourEyesRoutes);
  await app.register(
    queueRoutes({
      path: '/deposits',
      target: 'deposit',
      label: 'Deposit',
      query: moneyQueueQuery,
      item: adminDeposit,
      passBody: depositPassBody,
      list: (db, query) => depositQueue(db, query, app.chain.explorer),
      decide: decideDeposit,
    }),
  );
  await app.register(
    queueRoutes({
      path: '/withdrawals',
      target: 'withdrawal',
      label: 'Withdrawal',
      query: moneyQueueQuery,
      item: adminWithdrawalReview,
      list: fourEyes.list,
      decide: fourEyes.decide,
    }),
  );
  await app.register(
    queueRoutes({
      path: '/kyc',
      target: 'kyc',
      label: 'KYC',
      query: kycQueueQuery,
      item: adminKyc,
      list: kycQueue,
      decide: decideKyc,
    }),
  );
};
