import fp from 'fastify-plugin';
import { apiKeyOf, signedRequests } from './signed-request.ts';
import { serverModule } from '../../lib/module.ts';
import { apiKeyRoutes } from './routes.ts';

/**
 * Programs' signed requests (X-API-KEY), registered with the auth plugin as a way to identify a
 * request: a request with a key is decided by its signature alone, never by a token.
 */
export const apiKeyAuthentication = fp(async (app) => {
  const signed = signedRequests(app);
  app.addAuthenticator({
    claims: (request) => apiKeyOf(request) !== null,
    verify: signed.verify,
    bodyOf: signed.bodyOf,
  });
});

/** Keys for programs: created, listed and revoked by their user. */
export const apiKeysModule = serverModule({
  name: 'api-keys',
  dependencies: ['notifications', 'verification'],
  routes: apiKeyRoutes,
});
