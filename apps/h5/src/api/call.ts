import {
  appRoutes as routes,
  splitRoute,
  type AppEndpointName as EndpointName,
  type EndpointInput,
  type EndpointResult,
  type Endpoints,
} from '@hx/protocol';
import { send, type Params, type RequestOptions } from './http.ts';

export type Input<N extends EndpointName> = EndpointInput<Endpoints[N]>;
export type Result<N extends EndpointName> = EndpointResult<Endpoints[N]>;

/** An endpoint that needs nothing may be called without an input. */
type Args<N extends EndpointName> =
  object extends Input<N>
    ? [input?: Input<N>, options?: RequestOptions]
    : [input: Input<N>, options?: RequestOptions];

/**
 * Sends to an endpoint of the table. Path parameters (`:id`) are taken from the input; the rest
 * goes in the query of a GET or the form body of anything else. Failures behave as `apiGet`'s and
 * `apiPost`'s do (toast, 401, offline).
 */
function sendTo(
  name: EndpointName,
  input: object | undefined,
  options: RequestOptions | undefined,
): Promise<unknown> {
  const { method, path } = splitRoute(routes[name]);
  const rest: Params = { ...(input as Params | undefined) };
  const url = path.replace(/:(\w+)/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  return send(method, url, rest, options ?? {});
}

/**
 * Calls an endpoint chosen at run time by its name: `callByName(on ? 'a' : 'b', input)`. The
 * input and the answer are typed from the endpoint's schemas in `@hx/protocol`; only the route
 * table (no schemas, no zod) is loaded at run time. Elsewhere `call.spotPlace({ symbol, … })`.
 */
export function callByName<N extends EndpointName>(
  name: N,
  ...[input, options]: Args<N>
): Promise<Result<N>> {
  return sendTo(name, input, options) as Promise<Result<N>>;
}

/** Uploads `file` to an endpoint of the table as the multipart field `file`. */
export function callUpload<N extends EndpointName>(
  name: N,
  file: Blob,
  options: RequestOptions = {},
): Promise<Result<N>> {
  const form = new FormData();
  form.append('file', file);
  const { method, path } = splitRoute(routes[name]);
  return send<Result<N>>(method, path, form, options);
}

type Callers = { [N in EndpointName]: (...args: Args<N>) => Promise<Result<N>> };

/**
 * Every endpoint of the table as a function: `call.spotPlace({ symbol, side, … })`, typed per
 * endpoint (its input and answer). An object literal given to the generic `callByName` is checked
 * against every endpoint's input at once, which cost the typecheck seconds a call.
 */
export const call = Object.fromEntries(
  (Object.keys(routes) as EndpointName[]).map((name) => [
    name,
    (input?: object, options?: RequestOptions) => sendTo(name, input, options),
  ]),
) as unknown as Callers;
