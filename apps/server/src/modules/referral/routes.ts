import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteSummary,
  inviteeList,
  pageQuery,
  posterInfo,
  rankingItem,
  rebateList,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { inviteLink, invitees, ranking, rewards, summary } from './service.ts';

const tags = ['referral'];
const security = [{ token: [] }];

/** Referral routes under /api/user (the spec's names). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = (request: FastifyRequest) =>
    app.config.publicUrl ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;

  app.get(
    '/user/invite',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Invitation code and link, rebate rate, users invited, rewards paid and pending, rank',
        response: { 200: okSchema(inviteSummary) },
      },
    },
    async (request) => ok(await summary(app, userOf(request), origin(request))),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/user/invite_list',
    onRequest: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'The users this user invited, newest first (GET query or POST form)',
      querystring: pageQuery,
      response: { 200: okSchema(inviteeList) },
    },
    handler: async (request) => {
      const { page, limit } = pageQuery.parse({ ...(request.body as object), ...request.query });
      return ok(await invitees(app, userOf(request).id, page, limit));
    },
  });

  app.post(
    '/user/my_invite_list',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Ranking: the top 10 by users invited, ties by rewards',
        response: { 200: okSchema(z.array(rankingItem)) },
      },
    },
    async (request) => {
      const me = userOf(request).id;
      const rows = await ranking(app);
      return ok(rows.map(({ user_id, ...row }) => ({ ...row, mine: user_id === me })));
    },
  );

  app.post(
    '/user/my_account_return',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Rebates paid to this user, newest first',
        body: pageQuery.optional(),
        response: { 200: okSchema(rebateList) },
      },
    },
    async (request) => {
      const { page, limit } = request.body ?? { page: 1, limit: 20 };
      return ok(await rewards(app, userOf(request).id, page, limit));
    },
  );

  for (const url of ['/user/my_poster', '/user/my_share']) {
    app.get(
      url,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          security,
          summary: 'What the invitation poster and share sheet show: app name, code and link',
          response: { 200: okSchema(posterInfo) },
        },
      },
      async (request) => {
        const user = userOf(request);
        return ok({
          app_name: app.config.appName,
          invite_code: user.inviteCode,
          invite_link: inviteLink(origin(request), user.inviteCode),
        });
      },
    );
  }
};
