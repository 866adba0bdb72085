import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BannerItem,
  FeedbackItem,
  HelpArticle,
  HelpArticleItem,
  HelpCategory,
  Locale,
  NoticeDetail,
  NoticeItem,
  UserView,
} from '@hx/protocol';
import { apiGet, apiPost } from '../../api/http.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { sessionStore } from '../../api/session-store.ts';
import type { Paged } from '../wallet/types.ts';

/**
 * Notices, banners, the help centre, feedback and support links. Content keys carry the
 * language: the server answers in it (English where a text has no translation).
 */
const quiet = { loading: false } as const;

export const fetchNotices = (page: number, limit: number) =>
  apiPost<Paged<NoticeItem>>('news/list', { page, limit }, quiet);

/** The newest notices for the home bar (a failure leaves the bar out, without a toast). */
export const latestNoticesQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['content', 'latest', locale],
    queryFn: () =>
      apiPost<Paged<NoticeItem>>('news/list', { page: 1, limit: 3 }, { ...quiet, toast: false }),
    staleTime: 60_000,
  });

export const noticeQuery = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: ['content', 'notice', id, locale],
    queryFn: () => apiPost<NoticeDetail>('news/detail', { id }, quiet),
  });

export const bannersQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['content', 'banners', locale],
    queryFn: () => apiGet<BannerItem[]>('content/banners', undefined, { ...quiet, toast: false }),
    staleTime: 5 * 60_000,
  });

export const helpCategoriesQuery = (locale: Locale) =>
  queryOptions({
    queryKey: [...queryKeys.help, 'categories', locale],
    queryFn: () => apiGet<HelpCategory[]>('help/categories', undefined, quiet),
  });

export const helpArticlesQuery = (locale: Locale, q: string) =>
  queryOptions({
    queryKey: [...queryKeys.help, 'list', locale, q],
    queryFn: () =>
      apiGet<Paged<HelpArticleItem>>('help/list', { q: q || undefined, limit: 100 }, quiet),
  });

export const helpArticleQuery = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: [...queryKeys.help, 'article', id, locale],
    queryFn: () => apiGet<HelpArticle>('help/detail', { id }, quiet),
  });

/** An article by its stable code (links from other pages, e.g. the contracts page). */
export const helpArticleByCodeQuery = (code: string, locale: Locale) =>
  queryOptions({
    queryKey: [...queryKeys.help, 'article', code, locale],
    queryFn: () => apiGet<HelpArticle>('help/detail', { code }, quiet),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const supportLinksQuery = queryOptions({
  queryKey: ['content', 'support-links'],
  queryFn: () =>
    apiPost<{ list: { name: string; url: string }[] }>('set/get_customer_url', undefined, quiet),
  staleTime: 5 * 60_000,
});

export const fetchFeedback = (page: number, limit: number) =>
  apiGet<Paged<FeedbackItem>>('feedback/list', { page, limit }, quiet);

export const unreadFeedbackQuery = queryOptions({
  queryKey: [...queryKeys.user, 'feedback-unread'],
  queryFn: () =>
    apiGet<{ count: number }>('feedback/unread', undefined, {
      ...quiet,
      toast: false,
      authRedirect: false,
    }),
});

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; images: string[] }) =>
      apiPost<FeedbackItem>('feedback', { body: body.body, images: body.images.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feedback }),
  });
}

export function useSetAvatar() {
  return useMutation({
    mutationFn: (avatar: string) => apiPost<UserView>('user/set_head_portrait', { avatar }),
    onSuccess: (user) => sessionStore.updateUser(user),
  });
}
