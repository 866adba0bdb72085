import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '@hx/protocol';
import type { Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { adminOf, allow, ROLES } from './auth.ts';
import { writeAudit } from './audit.ts';
import { auditText } from './rows.ts';

const security = [{ token: [] }];

type Row = Record<string, unknown>;
interface Target {
  /** Audit target type, e.g. `spot_pair`; the action is `config.<type>`. */
  type: string;
  id: number;
}

/**
 * A domain's settings under /admin/config (admin only), e.g. spot/operator.ts. `route` gives a
 * read or an update of the endpoint table (`@hx/protocol`) its method, URL, guard and
 * documentation (the endpoint's body schema validates the update); `edit`
 * runs a change in one transaction with its audit record (the row before and after). After it
 * the module that caches the table reloads it: no restart. Settings never write a price, an
 * order, a position or a balance; terms apply to what users open afterwards.
 */
export function operatorSettings(app: Pick<ServerDeps, 'clock' | 'config' | 'db'>) {
  const onRequest = allow(app, ROLES.admin);

  /** Audits a change the caller made in `tx`: `config.<type>`, the rows before and after. */
  const changed = (
    tx: Db,
    request: FastifyRequest,
    target: Target,
    before: Row | null | undefined,
    after: Row | null | undefined,
  ) =>
    writeAudit(tx, {
      adminId: adminOf(request).id,
      action: `config.${target.type}`,
      targetType: target.type,
      targetId: target.id,
      before: auditText(before),
      after: auditText(after),
      reason: null,
      at: app.clock.now(),
    });

  return {
    /** For `app.route({ ...settings.route(endpoints.operatorSpotPairs), handler })`. */
    route: <E extends Endpoint>(endpoint: E) => ({
      ...routeOf(endpoint, { security, under: '/admin' }),
      onRequest,
    }),

    changed,

    /** Locks the row (`load`), applies `change`, audits before/after; returns the row after. */
    edit: <R extends Row>(
      request: FastifyRequest,
      target: Target,
      load: (tx: Db) => Promise<R | undefined>,
      change: (tx: Db, before: R) => Promise<void>,
    ): Promise<R> =>
      app.db.transaction(async (tx) => {
        const before = await load(tx);
        if (!before) throw new AppError('NOT_FOUND');
        await change(tx, before);
        const after = (await load(tx))!;
        await changed(tx, request, target, before, after);
        return after;
      }),

    /** Audits a row added in `tx`: `config.<type>.create`, nothing before. */
    created: (request: FastifyRequest, tx: Db, type: string, id: number, row: Row) =>
      writeAudit(tx, {
        adminId: adminOf(request).id,
        action: `config.${type}.create`,
        targetType: type,
        targetId: id,
        before: null,
        after: auditText(row),
        reason: null,
        at: app.clock.now(),
      }),
  };
}
