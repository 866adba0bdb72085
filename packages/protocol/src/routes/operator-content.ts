import type { Route } from '../endpoint.ts';

/** Content (notices, banners, help) and feedback under `/admin/content` and `/admin/feedback`. */
export const operatorContentRoutes = {
  // Content and feedback (content/operator.ts)
  operatorNotices: 'GET /admin/content/notices',
  operatorNoticeCreate: 'POST /admin/content/notices',
  operatorNoticeUpdate: 'PUT /admin/content/notices/:id',
  operatorNoticeDelete: 'POST /admin/content/notices/:id/delete',
  operatorBanners: 'GET /admin/content/banners',
  operatorBannerCreate: 'POST /admin/content/banners',
  operatorBannerUpdate: 'PUT /admin/content/banners/:id',
  operatorBannerDelete: 'POST /admin/content/banners/:id/delete',
  operatorHelpCategories: 'GET /admin/content/help/categories',
  operatorHelpCategoryCreate: 'POST /admin/content/help/categories',
  operatorHelpCategoryUpdate: 'PUT /admin/content/help/categories/:id',
  operatorHelpCategoryDelete: 'POST /admin/content/help/categories/:id/delete',
  operatorHelpArticles: 'GET /admin/content/help/articles',
  operatorHelpArticleCreate: 'POST /admin/content/help/articles',
  operatorHelpArticleUpdate: 'PUT /admin/content/help/articles/:id',
  operatorHelpArticleDelete: 'POST /admin/content/help/articles/:id/delete',
  operatorFeedback: 'GET /admin/feedback',
  operatorFeedbackReply: 'POST /admin/feedback/:id/reply',
} as const satisfies Record<string, Route>;
