import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { depositPassBody, Endpoint, idParams, passBody, rejectBody } from '@hx/protocol';
import type { Db } from '@hx/db';
import { routeOf } from '../../lib/endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { adminOf, allow, ROLES } from './auth.ts';
import { writeAudit } from './audit.ts';
import type { ReviewDecision } from './decision.ts';

const security = [{ token: [] }];

/** A queue's list: its query (status, page) and a page of its items. */
type QueueList = Endpoint & { query: z.ZodType };
/** A pass or a reject of one item: `:id`, the optional or required reason; the item after. */
type QueueDecision = Endpoint & {
  params: typeof idParams;
  body: typeof passBody | typeof depositPassBody | typeof rejectBody;
};

/** What a domain tells the queue about its requests under review (e.g. deposit/operator.ts). */
export interface ReviewQueue {
  /**
   * The queue's endpoints in the table (`@hx/protocol`), e.g. `operatorDeposits`,
   * `operatorDepositPass`, `operatorDepositReject`: their paths, forms and documentation.
   */
  endpoints: { list: QueueList; pass: QueueDecision; reject: QueueDecision };
  /** Audit target type, e.g. `deposit`. */
  target: string;
  /**
   * The decision that changes the user's records but posts nothing (a deposit's reject, a
   * subscription's pass): the ledger does not tell the user, so the queue tells their open
   * pages to refetch (`balances`). A decision that posts is told by the ledger (`onPosted`).
   */
  refetchOn?: 'pass' | 'reject';
  // The query as its schema parsed it.
  list: (db: Db, query: never) => Promise<{ list: unknown[]; total: number; page: number }>;
  decide: (
    tx: Db,
    id: number,
    decision: ReviewDecision,
    /** The user's notification and balances, told once the decision committed. */
    after: AfterCommit,
  ) => Promise<{
    before: string | null;
    item: { status: string; user_id: number };
    /** The audit action when not `<target>.<verb>` (a withdrawal's first of two passes). */
    action?: string;
    /** The audit's before/after when the status alone does not tell (a corrected amount). */
    audit?: { before: string | null; after: string | null };
  }>;
}

/**
 * A review queue under /admin (roles admin and reviewer): the list with evidence, pass, and
 * reject with a reason. Each decision runs in one ledger transaction with its audit record; the
 * user is told after the commit.
 */
export function reviewQueue(queue: ReviewQueue): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = allow(app, ROLES.review);
    app.route({
      ...routeOf(queue.endpoints.list, { security, under: '/admin' }),
      onRequest: guard,
      handler: async (request) => ok(await queue.list(app.db, request.query as never)),
    });

    for (const pass of [true, false]) {
      const verb = pass ? 'pass' : 'reject';
      app.route({
        ...routeOf(queue.endpoints[verb], { security, under: '/admin' }),
        onRequest: guard,
        handler: async (request) => {
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
          if (queue.refetchOn === verb) app.hub.publishToUser(item.user_id, 'balances', {});
          await after.send(app); // the user's notification (a KYC decision reaches the app so)
          return ok(item);
        },
      });
    }
  };
}
