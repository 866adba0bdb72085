import { z } from 'zod';
import type { Endpoint } from '@hx/protocol';
import { okSchema } from '../plugins/envelope.ts';

/** The header of a route that does its work once per key (transfers, orders, withdrawals). */
export const idempotencyHeader = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Optional: the same key (per user) does the work once and returns the first result'),
});

/** What a route adds to its endpoint's schemas: who may call it and which headers it reads. */
export interface RouteExtras {
  security?: Record<string, string[]>[];
  headers?: z.ZodType;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
  /** The OpenAPI description, beside the table's summary (passed through). */
  description?: string;
  /** The request's content types, e.g. `['multipart/form-data']` (passed through). */
  consumes?: string[];
  /**
   * The prefix, below `/api`, of the plugin the route is registered in (`/admin` for the
   * operator's routes): the table's paths are whole, Fastify adds the plugin's prefix itself.
   */
  under?: string;
}

type Present<K extends string, V> = [V] extends [undefined]
  ? object
  : { [P in K]: Exclude<V, undefined> };

/** The Fastify schema of an endpoint, typed so the route's handler sees its body, query and params. */
export type SchemaOf<E extends Endpoint> = {
  tags: string[];
  summary: string;
  response: { 200: ReturnType<typeof okSchema<E['response']>> };
} & Present<'body', E['body']> &
  Present<'querystring', E['query']> &
  Present<'params', E['params']> &
  Omit<RouteExtras, 'headers' | 'under'> & { headers?: z.ZodType };

/**
 * The method, URL and schema of an endpoint of the table (`@hx/protocol`'s `endpoints`), for
 * `app.route({ ...routeOf(endpoint), onRequest, handler })`: the path, the schemas and the
 * summary come from the table the app's client is typed from, so the two cannot drift.
 */
export function routeOf<E extends Endpoint>(
  endpoint: E,
  extras: RouteExtras = {},
): { method: E['method']; url: string; schema: SchemaOf<E> } {
  const { under = '', ...rest } = extras;
  if (!endpoint.path.startsWith(`${under}/`)) {
    throw new Error(`${endpoint.name}: ${endpoint.path} is not under ${under}`);
  }
  const schema: Record<string, unknown> = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...rest,
    response: { 200: okSchema(endpoint.response) },
  };
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.params) schema.params = endpoint.params;
  const url = endpoint.path.slice(under.length);
  return { method: endpoint.method, url, schema: schema as SchemaOf<E> };
}
