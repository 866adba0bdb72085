import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResult,
  loginSecondStepBody,
  recoveryCodesResult,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorSetup,
} from '@hx/protocol';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { loginWithSecondFactor } from './second-step.ts';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './service.ts';

const tags = ['security'];
const security = [{ token: [] }];

/** The user's authenticator app (TOTP) and the second login step. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/2fa/setup',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Start setting up an authenticator: a fresh secret (kept pending) and its otpauth address',
        response: { 200: okSchema(twoFactorSetup) },
      },
    },
    async (request) => ok(await setUpTwoFactor(app, userOf(request))),
  );

  app.post(
    '/user/2fa/enable',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Turn the authenticator on with its first code; answers 10 one-time recovery codes, shown once',
        body: twoFactorEnableBody,
        response: { 200: okSchema(recoveryCodesResult) },
      },
    },
    async (request) => ok(await enableTwoFactor(app, userOf(request), request.body.code)),
  );

  app.post(
    '/user/2fa/disable',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Turn the authenticator off with a code from it or a recovery code; withdrawals lock for 24 h',
        body: twoFactorDisableBody,
        response: { 200: okSchema(empty) },
      },
    },
    async (request) =>
      ok(await disableTwoFactor(app, userOf(request), request.body.code ?? request.body.totp)),
  );

  app.post(
    '/user/login/2fa',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "The second login step: the ticket of `user/login` and a code from the user's authenticator, or a recovery code",
        body: loginSecondStepBody,
        response: { 200: okSchema(authResult) },
      },
    },
    async (request) => ok(await loginWithSecondFactor(app, request.body, request)),
  );
};
