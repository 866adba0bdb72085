import type { UserView } from '@hx/protocol';
import type { CodeTarget } from '../auth/codes.ts';

/**
 * Where the user's own codes go (scenes 'security' and 'address'): their email when they have
 * one, else their phone, as the server checks them.
 */
export function ownCodeTarget(user: UserView | null | undefined): CodeTarget | null {
  if (user?.email) return { mode: 'email', account: user.email, areaCode: '' };
  if (user?.phone) return { mode: 'phone', account: user.phone, areaCode: user.area_code ?? '' };
  return null;
}
