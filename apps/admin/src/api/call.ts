import {
  routes,
  splitRoute,
  type EndpointInput,
  type EndpointName,
  type EndpointResult,
  type Endpoints,
} from '@hx/protocol';
import { api, request, type Query } from './http.ts';

export type Input<N extends EndpointName> = EndpointInput<Endpoints[N]>;
export type Result<N extends EndpointName> = EndpointResult<Endpoints[N]>;

/** An endpoint that needs nothing may be called without an input. */
type Args<N extends EndpointName> =
  object extends Input<N> ? [input?: Input<N>] : [input: Input<N>];

/**
 * Sends to an endpoint of the table. Path parameters (`:id`) are taken from the input; the rest
 * goes in the query of a GET or the JSON body of anything else. It goes as `api.get` and
 * `api.post` do: the operator token, an ApiError on failure, a 401 ends the session.
 */
function send(name: EndpointName, input: object | undefined): Promise<unknown> {
  const { method, path } = splitRoute(routes[name]);
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) };
  // `request` takes the path below /api without its leading slash, as `api.get` does.
  const url = path.slice(1).replace(/:(\w+)/g, (_, key: string) => {
    const value = rest[key] as string | number | undefined;
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  return method === 'GET'
    ? request(method, url, undefined, rest as Query)
    : request(method, url, rest);
}

/**
 * Calls an endpoint chosen at run time by its name: `callByName(kind.update, body)`. The input
 * and the answer are typed from the endpoint's schemas in `@hx/protocol`; only the route table
 * (no schemas, no zod) is loaded at run time. Elsewhere `call.operatorUser({ id: 7 })`.
 */
export function callByName<N extends EndpointName>(
  name: N,
  ...[input]: Args<N>
): Promise<Result<N>> {
  return send(name, input) as Promise<Result<N>>;
}

/** Uploads `file` to an endpoint of the table as the multipart field `file`, with a query. */
export function callUpload<N extends EndpointName>(
  name: N,
  file: Blob,
  query?: Query,
): Promise<Result<N>> {
  return api.upload<Result<N>>(splitRoute(routes[name]).path.slice(1), file, query);
}

type Callers = { [N in EndpointName]: (...args: Args<N>) => Promise<Result<N>> };

/**
 * Every endpoint of the table as a function: `call.operatorUser({ id: 7 })`. Typed per endpoint
 * (its input and answer): an object literal passed to the generic `callByName` is checked against
 * every endpoint's input at once, which cost the typecheck seconds per call.
 */
export const call = Object.fromEntries(
  (Object.keys(routes) as EndpointName[]).map((name) => [
    name,
    (input?: object) => send(name, input),
  ]),
) as unknown as Callers;
