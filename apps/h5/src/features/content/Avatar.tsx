import type { UserView } from '@hx/protocol';
import { initialOf } from '../../lib/account.ts';

/** The user's head portrait, or the first letter of their name while they have none. */
export function Avatar({ user, large }: { user: UserView | null; large?: boolean }) {
  const className = large ? 'hx-avatar hx-avatar--large' : 'hx-avatar';
  if (user?.avatar)
    return <img className={`${className} hx-avatar--image`} src={user.avatar} alt="" />;
  return (
    <span className={className} aria-hidden="true">
      {user ? initialOf(user.nickname || user.account) : '?'}
    </span>
  );
}
