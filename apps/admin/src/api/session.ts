import { useSyncExternalStore } from 'react';
import type { AdminRole } from '@hx/protocol';

/** The operator session: token and role in localStorage (12 h on the server). */
export interface Session {
  token: string;
  role: AdminRole;
  email: string;
}

const KEY = 'hx-admin-session';
const listeners = new Set<() => void>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

let current = read();

export const sessionStore = {
  get: () => current,
  set(session: Session | null) {
    current = session;
    if (session) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
