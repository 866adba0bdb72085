import { sessionStore } from './session-store.ts';

/**
 * A private upload (`/api/upload/<id>`) as an object url: `<img src>` cannot send the token, so
 * the image is fetched with it as a blob. Object urls are kept per url for the page's lifetime.
 */
const cache = new Map<string, Promise<string>>();

export function privateImageUrl(url: string): Promise<string> {
  let loading = cache.get(url);
  if (!loading) {
    const token = sessionStore.token();
    loading = fetch(url, { headers: token ? { Authorization: token } : {} }).then(
      async (response) => {
        if (!response.ok) throw new Error(`image ${response.status}`);
        return URL.createObjectURL(await response.blob());
      },
    );
    // A failure is not kept: the next render may try again.
    loading.catch(() => cache.delete(url));
    cache.set(url, loading);
  }
  return loading;
}
