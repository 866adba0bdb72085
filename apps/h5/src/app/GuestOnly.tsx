import { useState, type ComponentType } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { sessionStore } from '../api/session-store.ts';
import { safeRedirect } from '../lib/redirect.ts';

/**
 * A login page is for visitors: a logged-in user who lands on one (back or forward through
 * history, an old link) goes on to where logging in would have led, the entry replaced. Only
 * the state on arrival counts, so the page's own way out after a successful login is not raced.
 */
export function guestOnly(Page: ComponentType): ComponentType {
  return function GuestOnly() {
    const [loggedIn] = useState(() => sessionStore.get() !== null);
    const [params] = useSearchParams();
    if (loggedIn) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
    return <Page />;
  };
}
