import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { myFeedback, sendFeedback, unreadFeedback } from './feedback.ts';
import {
  helpArticleDetail,
  listBanners,
  listHelpArticles,
  listHelpCategories,
  listNotices,
  noticeDetail as findNotice,
} from './service.ts';

const security = [{ token: [] }];

/** Notices (`news/*` of the spec), home banners, the help centre and feedback. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.contentNotices),
    handler: async (request) =>
      ok(await listNotices(app, request.lang, request.body.page, request.body.limit)),
  });

  app.route({
    ...routeOf(endpoints.contentNotice),
    handler: async (request) => ok(await findNotice(app, request.body.id, request.lang)),
  });

  app.route({
    ...routeOf(endpoints.contentBanners),
    handler: async (request) => ok(await listBanners(app, request.lang)),
  });

  app.route({
    ...routeOf(endpoints.contentHelpCategories),
    handler: async (request) => ok(await listHelpCategories(app, request.lang)),
  });

  app.route({
    ...routeOf(endpoints.contentHelpArticles),
    handler: async (request) => ok(await listHelpArticles(app, request.lang, request.query)),
  });

  app.route({
    ...routeOf(endpoints.contentHelpArticle),
    handler: async (request) => ok(await helpArticleDetail(app, request.query, request.lang)),
  });

  app.route({
    ...routeOf(endpoints.contentFeedbackSend, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await sendFeedback(app, userOf(request).id, request.body)),
  });

  app.route({
    ...routeOf(endpoints.contentFeedbacks, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await myFeedback(app, userOf(request).id, request.query.page, request.query.limit)),
  });

  app.route({
    ...routeOf(endpoints.contentFeedbackUnread, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok({ count: await unreadFeedback(app, userOf(request).id) }),
  });
};
