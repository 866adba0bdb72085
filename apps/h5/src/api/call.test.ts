// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './call.ts';

/** The server's answer to every request, and what was asked. */
function serve(message: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ type: 'ok', message }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('navigator', { onLine: true });
  return fetch;
}

describe('call: an endpoint of the table by its name', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a GET with its input as the query and answers the message', async () => {
    const fetch = serve({ list: [], total: 0, page: 1 });
    const page = await call.spotOrders({ symbol: 'BTCUSDT', page: 2 }, { loading: false });
    expect(page.total).toBe(0);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/coin/list?symbol=BTCUSDT&page=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends a POST with its input as the form body and the idempotency key', async () => {
    const fetch = serve({ id: 7 });
    await call.spotPlace(
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1', amount: '2' },
      { loading: false, idempotencyKey: 'k-1' },
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/coin/trade');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('symbol=BTCUSDT&side=buy&type=limit&price=1&amount=2');
    expect(new Headers(init.headers).get('Idempotency-Key')).toBe('k-1');
  });

  it('uses PUT where the table says so', async () => {
    const fetch = serve({ id: 7 });
    await call.spotCancel({ id: 7 }, { loading: false });
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init.method, String(init.body)]).toEqual(['/api/coin/trade', 'PUT', 'id=7']);
  });

  it('fills a path parameter from the input and leaves it out of the body', async () => {
    const fetch = serve({});
    await call.passkeyDelete({ id: 12 }, { loading: false });
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init.method, String(init.body)]).toEqual([
      '/api/user/passkeys/12/delete',
      'POST',
      '',
    ]);
  });
});
