import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/session-store.ts';
import { loginPath } from '../lib/redirect.ts';

/** A page that needs a session sends a visitor to login, and login comes back here. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return children;
}
