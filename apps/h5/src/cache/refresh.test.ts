import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateSoon, refresh } from './refresh.ts';

function cached(...keys: unknown[][]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  return client;
}
const invalidated = (client: QueryClient, key: unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

afterEach(() => vi.useRealTimers());

describe('refresh', () => {
  it('marks what the change made out of date, and nothing else', async () => {
    const client = cached(['wallet', 'list'], ['records', 'transfers'], ['kyc']);
    await refresh(client, 'moneyMoved');
    expect(invalidated(client, ['wallet', 'list'])).toBe(true);
    expect(invalidated(client, ['records', 'transfers'])).toBe(true);
    expect(invalidated(client, ['kyc'])).toBe(false);
  });
});

describe('invalidateSoon', () => {
  it('gathers what arrives within the window into one invalidation per key', () => {
    vi.useFakeTimers();
    const client = cached(['wallet', 'list'], ['spot', 'orders', 'open', 'BTCUSDT']);
    const spy = vi.spyOn(client, 'invalidateQueries');
    invalidateSoon(client, [['spot', 'orders'], ['wallet']]);
    invalidateSoon(client, [['wallet'], ['wallet', 'list']]);
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['spot', 'orders'],
      ['wallet'],
    ]);
  });
});
