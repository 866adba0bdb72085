import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, pageQuery } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { inviteLink, invitees, ranking, rewards, summary } from './service.ts';

const security = [{ token: [] }];

/** Referral routes under /api/user (the spec's names). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = (request: FastifyRequest) =>
    app.config.publicUrl ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;

  app.route({
    ...routeOf(endpoints.referralSummary, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await summary(app, userOf(request), origin(request))),
  });

  // The same list by GET (query) and by POST (form).
  for (const endpoint of [endpoints.referralInvitees, endpoints.referralInviteesForm]) {
    app.route({
      ...routeOf(endpoint, { security }),
      onRequest: app.authenticate,
      handler: async (request) => {
        const { page, limit } = pageQuery.parse({ ...(request.body as object), ...request.query });
        return ok(await invitees(app, userOf(request).id, page, limit));
      },
    });
  }

  app.route({
    ...routeOf(endpoints.referralRanking, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const me = userOf(request).id;
      const rows = await ranking(app);
      return ok(rows.map(({ user_id, ...row }) => ({ ...row, mine: user_id === me })));
    },
  });

  app.route({
    ...routeOf(endpoints.referralRebates, { security }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { page, limit } = request.body ?? { page: 1, limit: 20 };
      return ok(await rewards(app, userOf(request).id, page, limit));
    },
  });

  for (const endpoint of [endpoints.referralPoster, endpoints.referralShare]) {
    app.route({
      ...routeOf(endpoint, { security }),
      onRequest: app.authenticate,
      handler: async (request) => {
        const user = userOf(request);
        return ok({
          app_name: app.config.appName,
          invite_code: user.inviteCode,
          invite_link: inviteLink(origin(request), user.inviteCode),
        });
      },
    });
  }
};
