/** Where a notice and a help article open. */
export const noticePath = (id: number) => `/pages/index/notice/notice?id=${id}`;
export const articlePath = (id: number) => `/pages/help-center/detail?id=${id}`;
