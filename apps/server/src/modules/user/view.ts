import type { KycState, UserView } from '@hx/contracts';
import type { User } from '../../plugins/auth.ts';

/** What the app sees of a user: never a hash. */
export function userView(user: User): UserView {
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
    kyc: { basic: user.kycBasic as KycState, advanced: user.kycAdvanced as KycState },
    created_at: user.createdAt.getTime(),
  };
}

/** A default nickname that does not expose the whole account. */
export function maskedAccount(account: string): string {
  if (account.includes('@')) {
    const [name = '', domain = ''] = account.split('@');
    return `${name.slice(0, 2)}***@${domain}`;
  }
  return account.length > 6 ? `${account.slice(0, 3)}****${account.slice(-4)}` : account;
}
