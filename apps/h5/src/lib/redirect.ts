export const HOME_PATH = '/pages/index/index';
export const LOGIN_PATH = '/pages/user/login/login';

/** Pages a redirect after logging in must not lead back to. */
const AUTH_PAGES = /^\/pages\/user\/login\//;

/**
 * The in-app path to go to after logging in, from the `redirect` query parameter. Only app paths
 * are accepted (no other origin, no protocol), and never the login pages themselves.
 */
export function safeRedirect(value: string | null | undefined, fallback = HOME_PATH): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (/[\\\s]|:\/\//.test(value)) return fallback;
  if (AUTH_PAGES.test(value)) return fallback;
  return value;
}

/** The login route that comes back to `from` (path plus query) afterwards. */
export function loginPath(from?: string): string {
  const back = safeRedirect(from, '');
  return back && back !== HOME_PATH && back !== '/'
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`
    : LOGIN_PATH;
}
