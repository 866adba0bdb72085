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
    if (event.key === STORAGE_KEYS.session) publish(read(), false);
  });
}

export const sessionStore = {
  get: (): Session | null => current,
  token: (): string | null => current?.token ?? null,
  start(token: string, user: UserView): void {
    publish({ token, user, version: __APP_VERSION__ });
  },
  updateUser(user: UserView): void {
    if (!current) return;
    // A late answer must not bring back a session ended meanwhile: by a logout in another tab
    // whose storage event has not arrived yet, or by storage being cleared.
    if (read()?.token === current.token) publish({ ...current, user });
    else publish(read(), false);
  },
  clear(): void {
    if (current) publish(null);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The session, re-rendering on log in and log out; null for a visitor. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
