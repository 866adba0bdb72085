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
} from '../content.ts';
import { defineEndpoints } from '../endpoint.ts';
import { pageOf, pageQuery } from '../fields.ts';
import { contentRoutes } from '../routes/content.ts';

export const contentEndpoints = defineEndpoints('content', contentRoutes, {
  contentNotices: {
    summary: "Notices in the reader's language (else English): pinned first, then newest",
    body: newsListBody,
    response: pageOf(noticeItem),
  },
  contentNotice: {
    summary: 'One notice with its body',
    body: newsDetailBody,
    response: noticeDetail,
  },
  contentBanners: {
    summary: 'The home carousel',
    response: z.array(bannerItem),
  },
  contentHelpCategories: {
    summary: 'Help centre categories with their article counts',
    response: z.array(helpCategory),
  },
  contentHelpArticles: {
    summary: 'Help articles, by category or searched with `q` (title matches first)',
    query: helpListQuery,
    response: pageOf(helpArticleItem),
  },
  contentHelpArticle: {
    summary: 'One help article, by `id` or by its `code`',
    query: helpDetailQuery,
    response: helpArticle,
  },
  contentFeedbackSend: {
    summary: 'Send feedback: text and up to 4 of your uploads (urls from POST upload)',
    body: feedbackBody,
    response: feedbackItem,
  },
  contentFeedbacks: {
    summary: "Your feedback with support's replies, newest first; marks replies read",
    query: pageQuery,
    response: pageOf(feedbackItem),
  },
  contentFeedbackUnread: {
    summary: 'How many of your feedback have a reply you have not read',
    response: z.object({ count: z.number().int() }),
  },
});
