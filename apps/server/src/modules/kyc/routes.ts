import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kycCenter as kycCenterSchema,
  kycSubmitted,
  realName2Body,
  realNameBody,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { kycCenter, submitAdvanced, submitBasic } from './service.ts';

const tags = ['kyc'];
const security = [{ token: [] }];

export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/real_name',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Submit basic verification (again after a rejection)',
        body: realNameBody,
        response: { 200: okSchema(kycSubmitted) },
      },
    },
    async (request) => ok(await submitBasic(app, userOf(request), request.body)),
  );

  app.post(
    '/user/real_name2',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Submit advanced verification: contact address and three of your own uploads',
        body: realName2Body,
        response: { 200: okSchema(kycSubmitted) },
      },
    },
    async (request) => ok(await submitAdvanced(app, userOf(request), request.body)),
  );

  app.get(
    '/user/center2',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Verification details: states, rejection reasons and submitted fields (no photos)',
        response: { 200: okSchema(kycCenterSchema) },
      },
    },
    async (request) => ok(await kycCenter(app, userOf(request).id)),
  );
};
