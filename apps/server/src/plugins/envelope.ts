import { z } from 'zod';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  CodedError,
  DEFAULT_LOCALE,
  errorMessage,
  isErrorCode,
  isLocale,
  type Failure,
  type Locale,
} from '@hx/protocol';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Locale;
  }
}

/** The success envelope of the contract. */
export const ok = <T>(message: T) => ({ type: 'ok' as const, message });

/**
 * The `lang` header and the failure envelope: every error leaves as
 * `{type:'error', code, message}` in the caller's language, never with a stack trace.
 */
export const envelope = fp(async (app) => {
  app.decorateRequest('lang', DEFAULT_LOCALE);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.lang;
    request.lang = isLocale(header) ? header : DEFAULT_LOCALE;
  });

  app.setErrorHandler((error, request, reply) => {
    const failure = (
      code: Failure['code'],
      status: number,
      params: Record<string, string | number> = {},
    ) =>
      reply.status(status).send({
        type: 'error',
        code,
        message: errorMessage(code, request.lang, params),
      } satisfies Failure);

    if (error instanceof CodedError) return failure(error.code, error.status, error.params);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      // A schema's own code, with the field named for those (VALIDATION) that say which.
      return isErrorCode(issue.message)
        ? failure(issue.message, 400, { field: field || 'body' })
        : failure('VALIDATION', 400, { field: field || 'body' });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return failure('RATE_LIMITED', 429);
    if (status >= 400 && status < 500) {
      // Malformed bodies, unsupported media types and the like.
      return failure(status === 404 ? 'NOT_FOUND' : 'VALIDATION', status, { field: 'body' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return failure('INTERNAL', 500);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      type: 'error',
      code: 'NOT_FOUND',
      message: errorMessage('NOT_FOUND', request.lang),
    } satisfies Failure),
  );
});

/** Response schema of a success with `payload`, for validation and the OpenAPI document. */
export const okSchema = <T extends z.ZodType>(payload: T) =>
  z.object({ type: z.literal('ok'), message: payload });
export const empty = z.object({});
