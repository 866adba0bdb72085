import type { z } from 'zod';
import type { endpoints } from '@hx/protocol';

/**
 * What a key may call, in one place. `read`: GET routes under /api, and the balance reads the
 * app sends as POST. `trade` adds placing and cancelling spot orders. Nothing else: no
 * withdrawals, transfers, settings, key management or logout. The values are the `permissions`
 * of `apiKeyCreate` in the endpoint table (@hx/protocol).
 */
export type ApiKeyPermissions = z.output<typeof endpoints.apiKeyCreate.body>['permissions'];

const READ_POSTS = new Set(['POST /api/wallet/list', 'POST /api/wallet/detail']);
const TRADE = new Set(['POST /api/coin/trade', 'PUT /api/coin/trade']);
/** Reads a key may not make: its own kind is managed from a session only. */
const NEVER = /^\/api\/user\/api_keys(\/|$)/;

export function keyMay(permissions: string, method: string, route: string | undefined): boolean {
  if (!route || !route.startsWith('/api/') || NEVER.test(route)) return false;
  const call = `${method.toUpperCase()} ${route}`;
  if (method === 'GET' || READ_POSTS.has(call)) return true;
  return permissions.split(',').includes('trade') && TRADE.has(call);
}
