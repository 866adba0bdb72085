import { useSyncExternalStore } from 'react';
import type { UserView } from '@hx/protocol';
import { storage, STORAGE_KEYS } from '../lib/storage.ts';

/** Who is logged in on this device: kept in localStorage so a reload stays logged in. */
export interface Session {
  token: string;
  user: UserView;
  /** The app version that wrote the session. */
  version: string;
}

function read(): Session | null {
  const raw = storage.get(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    return typeof value.token === 'string' && value.token && value.user ? (value as Session) : null;
  } catch {
    return null;
  }
}

let current = read();
/**
 * Whether the last session ended because the server refused its token (expired, or ended
 * elsewhere). Stored: a reload on the way to login (or of login itself) still says why.
 */
const readRefused = () => storage.get(STORAGE_KEYS.sessionRefused) === '1';
let refused = readRefused();
function setRefused(value: boolean): void {
  refused = value;
  if (value) storage.set(STORAGE_KEYS.sessionRefused, '1');
  else storage.remove(STORAGE_KEYS.sessionRefused);
}
const listeners = new Set<() => void>();

function publish(next: Session | null, persist = true): void {
  current = next;
  if (persist) {
    if (next) storage.set(STORAGE_KEYS.session, JSON.stringify(next));
    else storage.remove(STORAGE_KEYS.session);
  }
  for (const listener of listeners) listener();
}

// Logging in or out in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.session) {
      refused = readRefused();
      publish(read(), false);
    }
  });
}

export const sessionStore = {
  get: (): Session | null => current,
  token: (): string | null => current?.token ?? null,
  start(token: string, user: UserView): void {
    setRefused(false);
    publish({ token, user, version: __APP_VERSION__ });
  },
  updateUser(user: UserView): void {
    if (!current) return;
    // A late answer must not bring back a session ended meanwhile: by a logout in another tab
    // whose storage event has not arrived yet, or by storage being cleared.
    if (read()?.token === current.token) publish({ ...current, user });
    else publish(read(), false);
  },
  /** Logging out (or any end the user chose). */
  clear(): void {
    setRefused(false);
    if (current) publish(null);
  },
  /**
   * The server refused `token` (401): its session expired or was ended from another device. Ends
   * it here when it is still this device's session (not a newer one); login then says why.
   */
  refuse(token: string): void {
    if (current?.token !== token) return;
    setRefused(true);
    publish(null);
  },
  /** Whether the server ended the last session (until the next one starts or a logout). */
  wasRefused: (): boolean => refused,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whether the last session ended because the server refused it, re-rendering as that changes. */
export function useSessionRefused(): boolean {
  return useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.wasRefused,
    sessionStore.wasRefused,
  );
}

/** The session, re-rendering on log in and log out; null for a visitor. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
