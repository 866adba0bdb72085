import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { originOf } from '../../plugins/request-context.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { destinationOf, issueCode } from '../verification/codes.ts';
import { userOf } from '../../plugins/auth.ts';
import { changePassword, findUser, login, register, resetPassword } from './service.ts';
import { loginWithSecondFactor } from './second-step.ts';
import { revokeSession } from '../devices/sessions.ts';

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
    handler: async (request) => ok(await register(app, request.body, originOf(request))),
  });

  app.route({
    ...routeOf(endpoints.authLogin),
    handler: async (request) => ok(await login(app, request.body, originOf(request))),
  });

  app.route({
    ...routeOf(endpoints.authLoginSecondStep),
    handler: async (request) =>
      ok(await loginWithSecondFactor(app, request.body, originOf(request))),
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

  app.route({
    ...routeOf(endpoints.userChangePassword, { security: [{ token: [] }] }),
    onRequest: app.authenticate,
    handler: async (request) => {
      await changePassword(app, userOf(request), request.sessionId, request.body);
      return ok({});
    },
  });
};
