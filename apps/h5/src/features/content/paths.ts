/** Where a notice and a help article open. */
export const noticePath = (id: number) => `/pages/index/notice/notice?id=${id}`;
export const articlePath = (id: number) => `/pages/help-center/detail?id=${id}`;
/** An article by its code: the help centre's "margin-liquidation" explains contract margins. */
export const articleCodePath = (code: string) =>
  `/pages/help-center/detail?code=${encodeURIComponent(code)}`;
export const MARGIN_ARTICLE = 'margin-liquidation';
