import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResult,
  idField,
  passkeyItem,
  passkeyList,
  passkeyLoginBody,
  passkeyRegisterBody,
  webauthnOptions,
} from '@hx/protocol';
import { empty, ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import {
  addPasskey,
  listPasskeys,
  loginOptions,
  loginWithPasskey,
  registrationOptions,
  removePasskey,
} from './service.ts';

const tags = ['security'];
const security = [{ token: [] }];

/** Passkeys: adding and removing them, and logging in with one instead of a password. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/passkeys',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Your passkeys',
        response: { 200: okSchema(passkeyList) },
      },
    },
    async (request) => ok({ list: await listPasskeys(app, userOf(request).id) }),
  );

  app.post(
    '/user/passkeys/options',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Options for navigator.credentials.create: the first step of adding a passkey',
        response: { 200: okSchema(webauthnOptions) },
      },
    },
    async (request) => ok(await registrationOptions(app, userOf(request), request)),
  );

  app.post(
    '/user/passkeys',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Add the passkey the browser made (withdrawals then lock for 24 h)',
        body: passkeyRegisterBody,
        response: { 200: okSchema(passkeyItem) },
      },
    },
    async (request) => ok(await addPasskey(app, userOf(request), request, request.body)),
  );

  app.post(
    '/user/passkeys/:id/delete',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Remove one of your passkeys',
        params: z.object({ id: idField('PASSKEY_NOT_FOUND') }),
        response: { 200: okSchema(empty) },
      },
    },
    async (request) => {
      await removePasskey(app, userOf(request).id, request.params.id);
      return ok({});
    },
  );

  app.post(
    '/user/login/passkey/options',
    {
      schema: {
        tags,
        summary: 'Options for navigator.credentials.get: the first step of a passkey login',
        response: { 200: okSchema(webauthnOptions) },
      },
    },
    async (request) => ok(await loginOptions(app, request)),
  );

  app.post(
    '/user/login/passkey',
    {
      schema: {
        tags,
        summary: 'Log in with a passkey, no account or password: answers like user/login',
        body: passkeyLoginBody,
        response: { 200: okSchema(authResult) },
      },
    },
    async (request) => ok(await loginWithPasskey(app, request, request.body)),
  );
};
