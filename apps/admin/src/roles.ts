import type { AdminRole } from '@hx/protocol';

/** Which roles may open each screen: the same rules the API enforces (modules/operator/auth.ts). */
export const SCREENS = {
  dashboard: ['admin', 'reviewer', 'support'],
  deposits: ['admin', 'reviewer'],
  withdrawals: ['admin', 'reviewer'],
  chain: ['admin', 'reviewer'],
  alerts: ['admin', 'reviewer', 'support'],
  kyc: ['admin', 'reviewer'],
  subscriptions: ['admin', 'reviewer'],
  users: ['admin', 'reviewer', 'support'],
  chat: ['admin', 'support'],
  feedback: ['admin', 'support'],
  notices: ['admin', 'support'],
  help: ['admin', 'support'],
  banners: ['admin', 'support'],
  outbox: ['admin', 'support'],
  config: ['admin'],
  maker: ['admin'],
  bots: ['admin'],
  operators: ['admin'],
  audit: ['admin'],
  security: ['admin', 'reviewer', 'support'],
} as const satisfies Record<string, readonly AdminRole[]>;

export type Screen = keyof typeof SCREENS;

export const can = (role: AdminRole | undefined, screen: Screen) =>
  role !== undefined && (SCREENS[screen] as readonly string[]).includes(role);

/** Actions beyond reading: freeze, revoke, configuration. */
export const isAdmin = (role: AdminRole | undefined) => role === 'admin';
