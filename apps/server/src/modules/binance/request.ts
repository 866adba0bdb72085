import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestAuthenticator } from '../../plugins/auth.ts';
import { rawBody } from '../api-keys/signed-request.ts';
import { binanceErrors } from './errors.ts';
import { authorize, splitSignature, type Security } from './signature.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A Binance route's security type (signature.ts). */
    binance?: Security;
  }
}

export type Params = Record<string, string | undefined>;

/** A route's security type; undefined for a route that is not Binance's. */
export const securityOf = (request: FastifyRequest): Security | undefined =>
  request.routeOptions.config?.binance;

const rawQuery = (url: string) => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
};

/** One source's parameters (a query string or a form body); a name twice is -1101. */
function parse(text: string, into: Params, taken: Set<string>) {
  const seen = new Set<string>();
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(text);
  } catch {
    throw binanceErrors.illegalChars('query');
  }
  for (const [name, value] of params) {
    if (seen.has(name)) throw binanceErrors.duplicateParam();
    seen.add(name);
    if (!taken.has(name)) into[name] = value;
    taken.add(name);
  }
}

/** Query string then form body; a parameter in both is the query string's (rest-api.md). */
export function paramsFrom(query: string, body: string): Params {
  const params: Params = {};
  const taken = new Set<string>();
  parse(query, params, taken);
  parse(body, params, taken);
  return params;
}

const stashed = new WeakMap<FastifyRequest, Params>();

/** The parameters of a Binance request (a signed one's were read when checking it). */
export function paramsOf(request: FastifyRequest): Params {
  let params = stashed.get(request);
  if (!params) {
    const body =
      typeof request.body === 'object' && request.body !== null
        ? new URLSearchParams(request.body as Record<string, string>).toString()
        : '';
    params = paramsFrom(rawQuery(request.url), body);
    stashed.set(request, params);
  }
  return params;
}

const isForm = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/**
 * Binance's keyed requests (X-MBX-APIKEY), registered with the auth plugin for the routes whose
 * security is not NONE: the key, timing and signature over the raw query string and form body
 * (signature.ts), the user found; the body read is handed back to the parser.
 */
export function binanceAuthenticator(app: FastifyInstance): RequestAuthenticator {
  const bodies = new WeakMap<FastifyRequest, Buffer>();
  return {
    claims: (request) => {
      const security = securityOf(request);
      return security !== undefined && security !== 'NONE';
    },
    async verify(request) {
      const security = securityOf(request) as Exclude<Security, 'NONE'>;
      const raw = await rawBody(request, app.initialConfig.bodyLimit ?? 1024 * 1024);
      bodies.set(request, raw);
      const query = rawQuery(request.url);
      const body = isForm(request) ? raw.toString('utf8') : '';
      const params = paramsFrom(query, body);
      stashed.set(request, params);
      const { payload, signature } = splitSignature(query, body);
      const header = request.headers['x-mbx-apikey'];
      const caller = await authorize(app, {
        apiKey: typeof header === 'string' ? header : undefined,
        ip: request.ip ?? '',
        security,
        payload,
        signature,
        timestamp: params.timestamp,
        recvWindow: params.recvWindow,
      });
      return { user: caller.user, apiKey: { id: caller.keyId, permissions: caller.permissions } };
    },
    bodyOf(request) {
      const body = bodies.get(request);
      return body ? new PassThrough().end(body) : undefined;
    },
  };
}
