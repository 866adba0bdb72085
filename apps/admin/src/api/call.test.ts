// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './call.ts';
import { ApiError } from './http.ts';
import { sessionStore } from './session.ts';

/** The server's answer to every request (`ok` with `message`, or a failure), and what was asked. */
function serve(message: unknown, status = 200) {
  const body = status === 200 ? { type: 'ok', message } : message;
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** An operator logged in (the session lives in localStorage). */
function login(token: string) {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  sessionStore.set({ token, role: 'admin', email: 'ops@example.com' });
}

describe("call: the console's endpoints of the table by name", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a GET with its input as the query, the operator token, and answers the message', async () => {
    login('op-token');
    const fetch = serve({ list: [], total: 0, page: 2 });
    const page = await call.operatorUsers({ q: 'ann', page: 2, limit: 20 });
    expect(page.page).toBe(2);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/users?q=ann&page=2&limit=20');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer op-token');
  });

  it('fills path parameters from the input and sends the rest as the JSON body', async () => {
    login('op-token');
    const fetch = serve({ id: 7, frozen: true });
    await call.operatorUserFreeze({ id: 7, reason: 'fraud' });
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init.method]).toEqual(['/api/admin/users/7/freeze', 'POST']);
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'fraud' });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('uses PUT where the table says so, with every path parameter', async () => {
    login('op-token');
    const fetch = serve({});
    await call.operatorCoinNetworkUpdate({
      id: 3,
      network: 'TRC20',
      deposit_enabled: true,
      withdraw_enabled: false,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init.method]).toEqual(['/api/admin/config/coins/3/networks/TRC20', 'PUT']);
    expect(JSON.parse(String(init.body))).toEqual({
      deposit_enabled: true,
      withdraw_enabled: false,
    });
  });

  it('posts an empty JSON object when the endpoint takes nothing', async () => {
    login('op-token');
    const fetch = serve({});
    await call.operatorLogout();
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init.method, init.body]).toEqual(['/api/admin/logout', 'POST', '{}']);
  });

  it('throws an ApiError on failure, and a 401 ends the session', async () => {
    login('op-token');
    serve({ type: 'error', code: 'UNAUTHENTICATED', message: 'Log in again' }, 401);
    const failed = call.operatorDashboard();
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(sessionStore.get()).toBeNull();
  });
});
