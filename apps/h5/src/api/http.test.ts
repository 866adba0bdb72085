// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from './http.ts';
import { isApiError } from './errors.ts';

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
