import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { destinationOf, issueCode } from './codes.ts';
import { findUser, login, register, resetPassword } from './service.ts';
import { revokeSession } from './sessions.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.authSmsSend),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(endpoints.authMailSend),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(endpoints.authCheckRegister),
    handler: async (request) => ok({ registered: Boolean(await findUser(app, request.body)) }),
  });

  app.route({
    ...routeOf(endpoints.authRegister),
    handler: async (request) => ok(await register(app, request.body, request)),
  });

  app.route({
    ...routeOf(endpoints.authLogin),
    handler: async (request) => ok(await login(app, request.body, request)),
  });

  app.route({
    ...routeOf(endpoints.authResetPassword),
    handler: async (request) => {
      await resetPassword(app, request.body);
      return ok({});
    },
  });

  app.route({
    ...routeOf(endpoints.authLogout, { security: [{ token: [] }] }),
    onRequest: app.authenticate,
    handler: async (request) => {
      if (request.sessionId) await revokeSession(app, request.sessionId);
      return ok({});
    },
  });
};
