// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '@hx/protocol';
import { apiGet, apiPost, setUnauthenticatedHandler } from './http.ts';
import { isApiError } from './errors.ts';
import { sessionStore } from './session-store.ts';
import { showToast } from './toast.ts';

vi.mock('./toast.ts', () => ({ showToast: vi.fn(async () => ({ close: () => {} })) }));
Object.assign(globalThis, { __APP_VERSION__: 'test' });

describe('http client offline', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fails at once with OFFLINE and sends nothing, so no order waits to go out later', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { onLine: false });
    const error: unknown = await apiPost(
      'coin/trade',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '1' },
      { toast: false, idempotencyKey: 'k-1' },
    ).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('OFFLINE');
    expect(isApiError(error) && error.status).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a session the server refuses', () => {
  afterEach(() => vi.unstubAllGlobals());
  const refusing = () =>
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            type: 'error',
            code: 'UNAUTHENTICATED',
            message: 'Please log in first',
          }),
          { status: 401 },
        ),
    );

  it('ends the session it carried and opens login, which says why instead of a toast', async () => {
    vi.stubGlobal('fetch', refusing());
    const openLogin = vi.fn();
    setUnauthenticatedHandler(openLogin);
    sessionStore.start('expired-token', { id: 1 } as UserView);
    vi.mocked(showToast).mockClear();
    const error: unknown = await apiGet('user/center', undefined, { loading: false }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.status).toBe(401);
    expect(sessionStore.get()).toBeNull();
    expect(sessionStore.wasRefused()).toBe(true);
    expect(openLogin).toHaveBeenCalledOnce();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('keeps saying why when a request sent after the refusal, without a token, is refused too', async () => {
    vi.stubGlobal('fetch', refusing());
    setUnauthenticatedHandler(vi.fn());
    sessionStore.start('ended-elsewhere', { id: 1 } as UserView);
    await apiGet('user/center', undefined, { loading: false }).catch(() => undefined);
    expect(sessionStore.wasRefused()).toBe(true);
    // A refetch on the way to login goes without a token and gets its own 401.
    await apiGet('user/sessions', undefined, { loading: false }).catch(() => undefined);
    expect(sessionStore.wasRefused()).toBe(true);
    expect(sessionStore.get()).toBeNull();
  });

  it('leaves a visitor as a visitor: a 401 without a token is toasted, nothing was refused', async () => {
    vi.stubGlobal('fetch', refusing());
    sessionStore.clear();
    vi.mocked(showToast).mockClear();
    await apiGet('user/center', undefined, { loading: false }).catch(() => undefined);
    expect(sessionStore.wasRefused()).toBe(false);
    expect(showToast).toHaveBeenCalledWith({ content: 'Please log in first' });
  });
});
