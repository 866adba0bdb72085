import type { z } from 'zod';

/**
 * An endpoint of the API: a readable name, how it is reached (`routes/`, no schemas, so the app
 * can load it without zod) and what it takes and answers (`endpoints/`, zod schemas). The server
 * registers its routes from `endpoints`; the app's typed client (`apps/h5/src/api/call.ts`)
 * reaches them by name, typed from the same schemas.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How an endpoint is reached, as an HTTP line reads: `POST /coin/trade`, `GET /avatar/:id`. */
export type Route = `${Method} /${string}`;

/** What an endpoint takes and answers; `response` is the `message` of the `ok` envelope. */
export interface EndpointSchemas {
  summary: string;
  /** Path parameters (`:id`). */
  params?: z.ZodType;
  /** Query string of a GET. */
  query?: z.ZodType;
  /** Form or JSON body of a POST, PUT or DELETE. */
  body?: z.ZodType;
  response: z.ZodType;
}

export type Endpoint<S extends EndpointSchemas = EndpointSchemas> = S & {
  name: string;
  method: Method;
  path: string;
  /** The OpenAPI tag: the domain the endpoint belongs to. */
  tag: string;
};

export function splitRoute(route: Route): { method: Method; path: string } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space) as Method, path: route.slice(space + 1) };
}

/**
 * A domain's endpoints: its routes with their schemas, one entry per route and no other (the
 * types refuse a route without schemas and schemas without a route).
 */
export function defineEndpoints<
  R extends Record<string, Route>,
  S extends { [K in keyof R]: EndpointSchemas },
>(
  tag: string,
  routes: R,
  schemas: S & Record<Exclude<keyof S, keyof R>, never>,
): {
  [K in keyof R & keyof S & string]: S[K] & { name: K; method: Method; path: string; tag: string };
} {
  const out: Record<string, Endpoint> = {};
  for (const name of Object.keys(routes)) {
    out[name] = { ...schemas[name]!, ...splitRoute(routes[name]!), name, tag };
  }
  return out as never;
}

/** A field a schema takes as `unknown` (one it preprocesses) may be left out, as a form may. */
type Loose<T> = { [K in keyof T as unknown extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as unknown extends T[K] ? K : never]?: string | number | boolean | null;
};

type Part<E, K extends 'params' | 'query' | 'body'> = E extends {
  [P in K]: infer S extends z.ZodType;
}
  ? Loose<z.input<S>>
  : object;

/** What a caller sends: path parameters, query and body in one object, as the schemas take them. */
export type EndpointInput<E> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'>;

/** What a caller gets back: the `message` of the `ok` envelope. */
export type EndpointResult<E> = E extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : never;

/**
 * The domains' tables as one, refusing a name or a route used twice (a spread would let the
 * later one win without a word).
 */
export function mergeTables<T extends Record<string, unknown>>(
  groups: readonly (readonly T[])[],
  routeOf: (entry: T[keyof T]) => string,
): T {
  const out: Record<string, unknown> = {};
  const seen = new Map<string, string>();
  for (const table of groups.flat()) {
    for (const [name, entry] of Object.entries(table)) {
      const route = routeOf(entry as T[keyof T]);
      if (name in out) throw new Error(`endpoint ${name} is defined twice`);
      if (seen.has(route)) throw new Error(`${route} is both ${seen.get(route)} and ${name}`);
      out[name] = entry;
      seen.set(route, name);
    }
  }
  return out as T;
}

/** `A | B` → `A & B`: the merged tables' type. */
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;
