import type { Envelope } from '@hx/protocol';
import { sessionStore } from './session.ts';

/**
 * The console's one way to the server: JSON in and out, the operator token in Authorization.
 * Resolves to the envelope's `message` or throws an ApiError (code and a readable message).
 * A 401 ends the session, which shows the login screen.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  const qs = params.toString();
  return `/api/${path}${qs ? `?${qs}` : ''}`;
}

export function authHeaders(): Record<string, string> {
  const token = sessionStore.get()?.token;
  return { lang: 'en', ...(token && { authorization: `Bearer ${token}` }) };
}

/** One request: `path` below /api (`admin/users`), a JSON or multipart body, a query. */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  query?: Query,
): Promise<T> {
  // A FormData body goes as multipart (the browser sets the boundary); anything else as JSON.
  const multipart = body instanceof FormData;
  const response = await fetch(url(path, query), {
    method,
    headers: {
      ...authHeaders(),
      ...(body !== undefined && !multipart && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError('INTERNAL', `HTTP ${response.status}`, response.status);
  }
  if (response.status === 401 && path !== 'admin/login') sessionStore.set(null);
  if (envelope.type === 'ok') return envelope.message;
  throw new ApiError(envelope.code, envelope.message, response.status);
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  /** A file as the multipart field `file`, e.g. admin/chat/upload?user_id=. */
  upload: <T>(path: string, file: Blob, query?: Query) => {
    const form = new FormData();
    form.append('file', file);
    return request<T>('POST', path, form, query);
  },
};

/** A private file (voucher, ID photo, chat image) as an object URL, fetched with the token. */
export async function fetchBlobUrl(path: string): Promise<string> {
  const response = await fetch(path, { headers: authHeaders() });
  if (!response.ok) throw new ApiError('NOT_FOUND', `HTTP ${response.status}`, response.status);
  return URL.createObjectURL(await response.blob());
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
}
