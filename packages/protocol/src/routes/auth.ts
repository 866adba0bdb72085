import type { Route } from '../endpoint.ts';

/** Codes, registering, logging in (and its second step), resetting the password, logging out. */
export const authRoutes = {
  authSmsSend: 'POST /sms_send',
  authMailSend: 'POST /sms_mail',
  authCheckRegister: 'POST /user/check_register',
  authRegister: 'POST /user/register',
  authLogin: 'POST /user/login',
  authLoginSecondStep: 'POST /user/login/2fa',
  authResetPassword: 'POST /user/forget',
  authLogout: 'POST /user/logout',
} as const satisfies Record<string, Route>;
