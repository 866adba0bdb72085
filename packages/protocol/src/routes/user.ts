import type { Route } from '../endpoint.ts';

/** The logged-in user: who they are, their nickname, password and avatar. */
export const userRoutes = {
  userCenter: 'GET /user/center',
  userSetNickname: 'POST /user/set_nickname',
  userChangePassword: 'POST /safe/update_password',
  userSetAvatar: 'POST /user/set_head_portrait',
} as const satisfies Record<string, Route>;
