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
 * Calls an endpoint of the table by its name: `call('spotPlace', { symbol, side, ... })`.
 * The input and the answer are typed from the endpoint's schemas in `@hx/protocol`; only the
 * route table (no schemas, no zod) is loaded at run time. Path parameters (`:id`) are taken from
 * the input; the rest goes in the query of a GET or the form body of anything else. Failures
 * behave as `apiGet`'s and `apiPost`'s do (toast, 401, offline).
 */
export function call<N extends EndpointName>(
  name: N,
  ...[input, options]: Args<N>
): Promise<Result<N>> {
  const { method, path } = splitRoute(routes[name]);
  const rest: Params = { ...(input as Params | undefined) };
  const url = path.replace(/:(\w+)/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  return send<Result<N>>(method, url, rest, options ?? {});
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
