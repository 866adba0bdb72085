import { z } from 'zod';
import {
  accountRef,
  authResult,
  forgetBody,
  loginBody,
  registerBody,
  smsMailBody,
  smsSendBody,
} from '../account.ts';
import { defineEndpoints } from '../endpoint.ts';
import { authRoutes } from '../routes/auth.ts';
import { loginAnswer, loginSecondStepBody } from '../two-factor.ts';

const empty = z.object({});

export const authEndpoints = defineEndpoints('accounts', authRoutes, {
  authSmsSend: { summary: 'Send a 6-digit code by SMS', body: smsSendBody, response: empty },
  authMailSend: { summary: 'Send a 6-digit code by mail', body: smsMailBody, response: empty },
  authCheckRegister: {
    summary: 'Whether an account is registered',
    body: accountRef,
    response: z.object({ registered: z.boolean() }),
  },
  authRegister: {
    summary: 'Register with phone or email',
    body: registerBody,
    response: authResult,
  },
  authLogin: {
    summary:
      'Log in with phone or email; with an authenticator on, answers `{need_2fa, ticket}` for `user/login/2fa`',
    body: loginBody,
    response: loginAnswer,
  },
  authLoginSecondStep: {
    summary:
      "The second login step: the ticket of `user/login` and a code from the user's authenticator, or a recovery code",
    body: loginSecondStepBody,
    response: authResult,
  },
  authResetPassword: {
    summary: 'Reset the password with a code',
    body: forgetBody,
    response: empty,
  },
  authLogout: { summary: 'End this session', response: empty },
});
