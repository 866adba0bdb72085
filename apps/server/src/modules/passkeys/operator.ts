import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { endpoints } from '@hx/protocol';
import { passkeys } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { adminOf, allow, ROLES } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';

const security = [{ token: [] }];

/**
 * An admin removes one passkey of a user (the user's details list them): a passkey logs in
 * without the password or the second factor, so one the owner does not recognise must go.
 * Audited; the user is told.
 */
export const passkeyOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.operatorUserPasskeyDelete, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.admin),
    handler: async (request) => {
      const { id, passkey } = request.params;
      const at = app.clock.now();
      const after = new AfterCommit();
      await app.db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, passkey), eq(passkeys.userId, id)))
          .returning({ name: passkeys.name });
        if (!gone) throw new AppError('PASSKEY_NOT_FOUND');
        await after.notify(tx, {
          userId: id,
          kind: 'security_passkeys_removed',
          facts: { count: 1 },
          at,
        });
        await writeAudit(tx, {
          adminId: adminOf(request).id,
          action: 'user.passkey.remove',
          targetType: 'user',
          targetId: id,
          before: `passkey #${passkey} “${gone.name}”`,
          after: 'removed',
          reason: request.body.reason ?? null,
          at,
        });
      });
      await after.send(app);
      return ok({});
    },
  });
};
