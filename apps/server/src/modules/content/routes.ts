import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerItem,
  feedbackBody,
  feedbackItem,
  helpArticle,
  helpArticleItem,
  helpCategory,
  helpDetailQuery,
  helpListQuery,
  newsDetailBody,
  newsListBody,
  noticeDetail,
  noticeItem,
  pageOf,
  pageQuery,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { myFeedback, sendFeedback, unreadFeedback } from './feedback.ts';
import {
  helpArticleDetail,
  listBanners,
  listHelpArticles,
  listHelpCategories,
  listNotices,
  noticeDetail as findNotice,
} from './service.ts';

const tags = ['content'];
const security = [{ token: [] }];

/** Notices (`news/*` of the spec), home banners, the help centre and feedback. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/news/list',
    {
      schema: {
        tags,
        summary: "Notices in the reader's language (else English): pinned first, then newest",
        body: newsListBody,
        response: { 200: okSchema(pageOf(noticeItem)) },
      },
    },
    async (request) =>
      ok(await listNotices(app, request.lang, request.body.page, request.body.limit)),
  );

  app.post(
    '/news/detail',
    {
      schema: {
        tags,
        summary: 'One notice with its body',
        body: newsDetailBody,
        response: { 200: okSchema(noticeDetail) },
      },
    },
    async (request) => ok(await findNotice(app, request.body.id, request.lang)),
  );

  app.get(
    '/content/banners',
    {
      schema: {
        tags,
        summary: 'The home carousel',
        response: { 200: okSchema(z.array(bannerItem)) },
      },
    },
    async (request) => ok(await listBanners(app, request.lang)),
  );

  app.get(
    '/help/categories',
    {
      schema: {
        tags,
        summary: 'Help centre categories with their article counts',
        response: { 200: okSchema(z.array(helpCategory)) },
      },
    },
    async (request) => ok(await listHelpCategories(app, request.lang)),
  );

  app.get(
    '/help/list',
    {
      schema: {
        tags,
        summary: 'Help articles, by category or searched with `q` (title matches first)',
        querystring: helpListQuery,
        response: { 200: okSchema(pageOf(helpArticleItem)) },
      },
    },
    async (request) => ok(await listHelpArticles(app, request.lang, request.query)),
  );

  app.get(
    '/help/detail',
    {
      schema: {
        tags,
        summary: 'One help article, by `id` or by its `code`',
        querystring: helpDetailQuery,
        response: { 200: okSchema(helpArticle) },
      },
    },
    async (request) => ok(await helpArticleDetail(app, request.query, request.lang)),
  );

  app.post(
    '/feedback',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Send feedback: text and up to 4 of your uploads (urls from POST upload)',
        body: feedbackBody,
        response: { 200: okSchema(feedbackItem) },
      },
    },
    async (request) => ok(await sendFeedback(app, userOf(request).id, request.body)),
  );

  app.get(
    '/feedback/list',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Your feedback with support's replies, newest first; marks replies read",
        querystring: pageQuery,
        response: { 200: okSchema(pageOf(feedbackItem)) },
      },
    },
    async (request) =>
      ok(await myFeedback(app, userOf(request).id, request.query.page, request.query.limit)),
  );

  app.get(
    '/feedback/unread',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'How many of your feedback have a reply you have not read',
        response: { 200: okSchema(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => ok({ count: await unreadFeedback(app, userOf(request).id) }),
  );
};
