import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { pageOf, pageQuery } from '../fields.ts';
import { operatorContentRoutes } from '../routes/operator-content.ts';
import { idParams } from '../admin.ts';
import {
  adminContentItem,
  adminFeedback,
  adminFeedbackQuery,
  bannerInput,
  feedbackReplyBody,
  helpArticleInput,
  helpCategoryInput,
  noticeInput,
} from '../content.ts';

/** An answer with nothing in it. */
const empty = z.object({});

/** A content kind's list, create, replace and delete, as content/operator.ts documents them. */
const content = <S extends z.ZodType>(path: string, input: S) => ({
  list: {
    summary: `Content editor: ${path} with all their languages`,
    query: pageQuery,
    response: pageOf(adminContentItem),
  },
  create: {
    summary: `Create one of ${path} (JSON; \`texts\` per language, English required)`,
    body: input,
    response: adminContentItem,
  },
  update: {
    summary: `Replace one of ${path}: its fields and all its languages`,
    params: idParams,
    body: input,
    response: adminContentItem,
  },
  remove: {
    summary: `Delete one of ${path} (the audit log keeps what it was)`,
    params: idParams,
    response: empty,
  },
});
const notices = content('notices', noticeInput);
const banners = content('banners', bannerInput);
const helpCategories = content('help/categories', helpCategoryInput);
const helpArticles = content('help/articles', helpArticleInput);

export const operatorContentEndpoints = defineEndpoints('operator', operatorContentRoutes, {
  operatorNotices: notices.list,
  operatorNoticeCreate: notices.create,
  operatorNoticeUpdate: notices.update,
  operatorNoticeDelete: notices.remove,
  operatorBanners: banners.list,
  operatorBannerCreate: banners.create,
  operatorBannerUpdate: banners.update,
  operatorBannerDelete: banners.remove,
  operatorHelpCategories: helpCategories.list,
  operatorHelpCategoryCreate: helpCategories.create,
  operatorHelpCategoryUpdate: helpCategories.update,
  operatorHelpCategoryDelete: helpCategories.remove,
  operatorHelpArticles: helpArticles.list,
  operatorHelpArticleCreate: helpArticles.create,
  operatorHelpArticleUpdate: helpArticles.update,
  operatorHelpArticleDelete: helpArticles.remove,
  operatorFeedback: {
    summary: 'Feedback queue: `open` (default, oldest first), `replied`, `closed` or `all`',
    query: adminFeedbackQuery,
    response: pageOf(adminFeedback),
  },
  operatorFeedbackReply: {
    summary: 'Answer a feedback (the user sees it); `close` also closes it',
    params: idParams,
    body: feedbackReplyBody,
    response: adminFeedback,
  },
});
