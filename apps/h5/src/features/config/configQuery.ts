import { configRoutes, splitRoute } from '@hx/protocol';
import type { Result } from '../../api/call.ts';
import { apiGet } from '../../api/http.ts';
import { CONFIG_KEY } from '../../cache/configKey.ts';

declare global {
  interface Window {
    /** The settings' answer asked for by index.html's first script (vite.home-first-screen.ts). */
    __hxConfig?: Promise<unknown> | undefined;
  }
}

const fetchConfig = () =>
  apiGet<Result<'configApp'>>(splitRoute(configRoutes.configApp).path, undefined, {
    loading: false,
    toast: false,
  });

/** The answer index.html asked for with the page, once; any failure asks again as usual. */
function earlyConfig(): Promise<Result<'configApp'>> | undefined {
  const early = window.__hxConfig;
  if (!early) return undefined;
  window.__hxConfig = undefined;
  return early.then(
    (body) => {
      const answer = body as { type?: string; message?: Result<'configApp'> } | null;
      return answer?.type === 'ok' && answer.message ? answer.message : fetchConfig();
    },
    () => fetchConfig(),
  );
}

/**
 * The server's settings: apart from the hooks so the app's entry can ask for them at start
 * without loading React Query's hooks on the first page. The entry reaches `configApp` through
 * its own domain's routes rather than `call()`, which would bring the whole route table into the
 * first page; path and answer come from the table all the same.
 */
export const configQuery = {
  queryKey: CONFIG_KEY,
  queryFn: () => earlyConfig() ?? fetchConfig(),
  staleTime: 5 * 60_000,
};
