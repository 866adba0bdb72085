import { z } from 'zod';
import { epochMs, pageFields, pageOf } from './fields.ts';

/** The user's live sessions (devices) and their login history. */
export const sessionItem = z.object({
  id: z.number().int(),
  current: z.boolean().describe('the session of this request'),
  ip: z.string().nullable(),
  agent: z.string().nullable(),
  created_at: epochMs,
  last_seen_at: epochMs.describe('refreshed at most once a minute'),
  ends_at: epochMs.describe(
    'when the session ends unless used again: SESSION_IDLE_DAYS after last_seen_at, or SESSION_MAX_DAYS after created_at if sooner',
  ),
});
export type SessionItem = z.infer<typeof sessionItem>;

export const sessionList = z.object({ list: z.array(sessionItem) });
export type SessionList = z.infer<typeof sessionList>;

export const sessionsEnded = z.object({
  count: z.number().int().describe('how many other sessions were ended'),
});

export const LOGIN_RESULTS = [
  'ok',
  'wrong_password',
  /** The authenticator's or recovery code (method 2fa, recovery_code), or the login code (password). */
  'wrong_code',
  'wrong_passkey',
  'locked',
  'need_2fa',
  /** The password was not checked: after many wrong ones, a login code must come with it. */
  'code_required',
] as const;
export const LOGIN_METHODS = ['password', 'passkey', '2fa', 'recovery_code'] as const;

export const loginHistoryItem = z.object({
  at: epochMs,
  ip: z.string().nullable(),
  agent: z.string().nullable(),
  result: z.string().describe(LOGIN_RESULTS.join(', ')),
  method: z.string().describe(LOGIN_METHODS.join(', ')),
});
export type LoginHistoryItem = z.infer<typeof loginHistoryItem>;

export const loginHistoryPage = pageOf(loginHistoryItem);
export type LoginHistoryPage = z.infer<typeof loginHistoryPage>;

export const loginHistoryQuery = z.object(pageFields);

/**
 * A short name for the device of a login, from its user agent: "Chrome · Windows". Null when
 * nothing is recognised (the text then says "an unknown device").
 */
export function deviceOf(userAgent: string | undefined | null): string | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const parts = [browser, os].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' · ') : ua.slice(0, 60);
}
