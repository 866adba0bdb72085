import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { antiPhishingBody, securityState, whitelistBody } from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { securityState as stateOf, setAntiPhishing, setWhitelist } from './protection.ts';

const tags = ['security'];
const security = [{ token: [] }];

/** The security centre: which protections are on, the anti-phishing code and the whitelist. */
export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/security',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Which protections are on: fund password, authenticator, passkeys, anti-phishing code, withdrawal whitelist and lock',
        response: { 200: okSchema(securityState) },
      },
    },
    async (request) => ok(await stateOf(app, userOf(request))),
  );

  app.post(
    '/user/anti_phishing',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Set or change the anti-phishing code (4–20 letters, digits, - or _) every mail shows; fund password, and `totp` with 2FA on',
        body: antiPhishingBody,
        response: { 200: okSchema(securityState) },
      },
    },
    async (request) => ok(await setAntiPhishing(app, userOf(request), request.body)),
  );

  app.post(
    '/user/whitelist',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Withdrawal whitelist (`on` 1 or 0): on at once, off 24 h after asking; with it on only addresses saved 24 h ago receive. Fund password, and `totp` with 2FA on',
        body: whitelistBody,
        response: { 200: okSchema(securityState) },
      },
    },
    async (request) => ok(await setWhitelist(app, userOf(request), request.body)),
  );
};
