import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountRef,
  authResult,
  forgetBody,
  loginAnswer,
  loginBody,
  registerBody,
  smsMailBody,
  smsSendBody,
} from '@hx/protocol';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { destinationOf, issueCode } from './codes.ts';
import { findUser, login, register, resetPassword } from './service.ts';
import { revokeSession } from './sessions.ts';

const tags = ['accounts'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sms_send',
    {
      schema: {
        tags,
        summary: 'Send a 6-digit code by SMS',
        body: smsSendBody,
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      const { phone, area_code, scene } = request.body;
      const destination = destinationOf(phone, area_code);
      await issueCode(app, {
        channel: 'sms',
        destination,
        scene,
        ip: request.ip,
        lang: request.lang,
      });
      return ok({});
    },
  );

  app.post(
    '/sms_mail',
    {
      schema: {
        tags,
        summary: 'Send a 6-digit code by mail',
        body: smsMailBody,
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      const { email, scene } = request.body;
      const destination = destinationOf(email);
      await issueCode(app, {
        channel: 'mail',
        destination,
        scene,
        ip: request.ip,
        lang: request.lang,
      });
      return ok({});
    },
  );

  app.post(
    '/user/check_register',
    {
      schema: {
        tags,
        summary: 'Whether an account is registered',
        body: accountRef,
        response: { 200: okSchema(z.object({ registered: z.boolean() })) },
      },
    },
    async (request) => ok({ registered: Boolean(await findUser(app, request.body)) }),
  );

  app.post(
    '/user/register',
    {
      schema: {
        tags,
        summary: 'Register with phone or email',
        body: registerBody,
        response: { 200: okSchema(authResult) },
      },
    },
    async (request) => ok(await register(app, request.body, request)),
  );

  app.post(
    '/user/login',
    {
      schema: {
        tags,
        summary:
          'Log in with phone or email; with an authenticator on, answers `{need_2fa, ticket}` for `user/login/2fa`',
        body: loginBody,
        response: { 200: okSchema(loginAnswer) },
      },
    },
    async (request) => ok(await login(app, request.body, request)),
  );

  app.post(
    '/user/forget',
    {
      schema: {
        tags,
        summary: 'Reset the password with a code',
        body: forgetBody,
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      await resetPassword(app, request.body);
      return ok({});
    },
  );

  app.post(
    '/user/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'End this session',
        security: [{ token: [] }],
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      if (request.sessionId) await revokeSession(app, request.sessionId);
      return ok({});
    },
  );
};
