import type { Route } from '../endpoint.ts';

/** Notices (news/*), home banners, the help centre and feedback. */
export const contentRoutes = {
  contentNotices: 'POST /news/list',
  contentNotice: 'POST /news/detail',
  contentBanners: 'GET /content/banners',
  contentHelpCategories: 'GET /help/categories',
  contentHelpArticles: 'GET /help/list',
  contentHelpArticle: 'GET /help/detail',
  contentFeedbackSend: 'POST /feedback',
  contentFeedbacks: 'GET /feedback/list',
  contentFeedbackUnread: 'GET /feedback/unread',
} as const satisfies Record<string, Route>;
