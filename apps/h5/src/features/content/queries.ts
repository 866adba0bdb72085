import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@hx/protocol';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { sessionStore } from '../../api/session-store.ts';

/**
 * Notices, banners, the help centre, feedback and support links. Content keys carry the
 * language: the server answers in it (English where a text has no translation).
 */
const quiet = { loading: false } as const;

export const fetchNotices = (page: number, limit: number) =>
  call.contentNotices({ page, limit }, quiet);

/** The newest notices for the home bar (a failure leaves the bar out, without a toast). */
export const latestNoticesQuery = (locale: Locale) =>
  queryOptions({
    queryKey: queryKeys.latestNotices(locale),
    queryFn: () => call.contentNotices({ page: 1, limit: 3 }, { ...quiet, toast: false }),
    staleTime: 60_000,
  });

export const noticeQuery = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: queryKeys.notice(id, locale),
    queryFn: () => call.contentNotice({ id }, quiet),
  });

export const bannersQuery = (locale: Locale) =>
  queryOptions({
    queryKey: queryKeys.banners(locale),
    queryFn: () => call.contentBanners({}, { ...quiet, toast: false }),
    staleTime: 5 * 60_000,
  });

export const helpCategoriesQuery = (locale: Locale) =>
  queryOptions({
    queryKey: queryKeys.helpCategories(locale),
    queryFn: () => call.contentHelpCategories({}, quiet),
  });

export const helpArticlesQuery = (locale: Locale, q: string) =>
  queryOptions({
    queryKey: queryKeys.helpArticles(locale, q),
    queryFn: () => call.contentHelpArticles({ q: q || undefined, limit: 100 }, quiet),
  });

export const helpArticleQuery = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: queryKeys.helpArticle(id, locale),
    queryFn: () => call.contentHelpArticle({ id }, quiet),
  });

/** An article by its stable code (links from other pages, e.g. the contracts page). */
export const helpArticleByCodeQuery = (code: string, locale: Locale) =>
  queryOptions({
    queryKey: queryKeys.helpArticle(code, locale),
    queryFn: () => call.contentHelpArticle({ code }, quiet),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const supportLinksQuery = queryOptions({
  queryKey: queryKeys.supportLinks,
  queryFn: () => call.configSupportLinks({}, quiet),
  staleTime: 5 * 60_000,
});

export const fetchFeedback = (page: number, limit: number) =>
  call.contentFeedbacks({ page, limit }, quiet);

export const unreadFeedbackQuery = queryOptions({
  queryKey: queryKeys.feedbackUnread,
  queryFn: () =>
    call.contentFeedbackUnread(
      {},
      {
        ...quiet,
        toast: false,
        authRedirect: false,
      },
    ),
});

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; images: string[] }) =>
      call.contentFeedbackSend({ body: body.body, images: body.images.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feedback }),
  });
}

export function useSetAvatar() {
  return useMutation({
    mutationFn: (avatar: string) => call.userSetAvatar({ avatar }),
    onSuccess: (user) => sessionStore.updateUser(user),
  });
}
