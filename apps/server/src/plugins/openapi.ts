import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The generated OpenAPI document (`/api/docs/json`) and its reader (`/api/docs`). */
export const openapi = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${app.config.appName} API`,
        version: app.config.version,
        description:
          'Every success is `{"type":"ok","message":<payload>}`; every failure is ' +
          '`{"type":"error","code":"<CODE>","message":"<localized>"}`. Send `lang` and `Authorization` headers.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
