import type { KycState, UserView } from '@hx/protocol';
import type { Db } from '@hx/db';
import type { User } from '../../plugins/auth.ts';
import { twoFactorOn } from '../verification/user-factor.ts';

/** What the app sees of a user: never a hash. */
export function userView(user: User, twoFactor: boolean): UserView {
  return {
    id: user.id,
    account: user.email ?? user.phone ?? '',
    nickname: user.nickname,
    phone: user.phone,
    area_code: user.areaCode,
    email: user.email,
    avatar: user.avatar,
    invite_code: user.inviteCode,
    has_pay_password: user.payPasswordHash !== null,
    two_factor: twoFactor,
    kyc: { basic: user.kycBasic as KycState, advanced: user.kycAdvanced as KycState },
    created_at: user.createdAt.getTime(),
  };
}

/** `userView` with the user's protections read from the database. */
export async function userViewOf(db: Pick<Db, 'select'>, user: User): Promise<UserView> {
  return userView(user, await twoFactorOn(db, user.id));
}

/** A default nickname that does not expose the whole account. */
export function maskedAccount(account: string): string {
  if (account.includes('@')) {
    const [name = '', domain = ''] = account.split('@');
    return `${name.slice(0, 2)}***@${domain}`;
  }
  return account.length > 6 ? `${account.slice(0, 3)}****${account.slice(-4)}` : account;
}
