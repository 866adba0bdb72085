import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';

/** Frozen accounts can read but not move money. */
export function assertCanMove(user: Pick<User, 'frozen'>): void {
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
}
