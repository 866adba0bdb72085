import type { Envelope } from '@hx/protocol';
import { currentLocale, i18next } from '../i18n/index.ts';
import { sessionStore } from './session-store.ts';
import { ApiError, type ClientErrorCode } from './errors.ts';
import { showToast } from './toast.ts';

/**
 * The one way the app reaches the server (lint forbids fetch elsewhere).
 *
 *   apiGet<T>(path, query?, options?)   GET with query parameters
 *   apiPost<T>(path, body?, options?)   POST, form-encoded
 *   apiUpload<T>(path, file, options?)  POST, multipart with the field `file`
 *
 * Each resolves to the payload of `{type:'ok', message}` or rejects with an ApiError. By default a
 * failure is toasted (never a type '999' one); a 401 clears the session and opens login with a
 * way back. Sends `lang` (the chosen language) and `Authorization` (the session token).
 * While the device is offline a request fails at once with OFFLINE: nothing is queued or retried
 * later, so no order or transfer can leave long after the user gave up on it.
 */
export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Show the loading toast while the request runs (default true; it appears after 300 ms). */
  loading?: boolean;
  /** Toast the failure message (default true). Set false to show the error inline instead. */
  toast?: boolean;
  /**
   * On 401 open login and come back (default true). The session the request carried ends either
   * way (login then says it expired, so its own toast is left out when opening login).
   */
  authRedirect?: boolean;
  signal?: AbortSignal;
  /** Default 60 s. */
  timeoutMs?: number;
  /** Sent as `Idempotency-Key`: a repeat of the same request is answered without redoing it. */
  idempotencyKey?: string;
}

const BASE = '/api/';
const TIMEOUT_MS = 60_000;
const LOADING_DELAY_MS = 300;

let onUnauthenticated: () => void = () => {};

/** The app tells the client how to open the login page (the router lives elsewhere). */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

// One loading toast for however many requests are running.
let running = 0;
let loadingTimer: ReturnType<typeof setTimeout> | undefined;
let loadingToast: { close: () => void } | undefined;

function startLoading(): void {
  running += 1;
  if (running > 1) return;
  loadingTimer = setTimeout(() => {
    void showToast({
      icon: 'loading',
      content: i18next.t('common.loading'),
      duration: 0,
      maskClickable: false,
    }).then((handler) => {
      // The requests may have finished while the toast code was loading.
      if (running > 0) loadingToast = handler;
      else handler.close();
    });
  }, LOADING_DELAY_MS);
}

function stopLoading(): void {
  running = Math.max(0, running - 1);
  if (running > 0) return;
  clearTimeout(loadingTimer);
  loadingToast?.close();
  loadingToast = undefined;
}

function encode(params: Params | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    out.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return out;
}

function headers(form: boolean, idempotencyKey: string | undefined): Headers {
  const h = new Headers({ Accept: 'application/json', lang: currentLocale() });
  const token = sessionStore.token();
  if (token) h.set('Authorization', token);
  if (form) h.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
  if (idempotencyKey) h.set('Idempotency-Key', idempotencyKey);
  return h;
}

function clientError(code: ClientErrorCode): { code: ClientErrorCode; message: string } {
  const key =
    code === 'TIMEOUT'
      ? 'errors.timeout'
      : code === 'NETWORK'
        ? 'errors.network'
        : code === 'OFFLINE'
          ? 'connection.offlineError'
          : 'errors.generic';
  return { code, message: i18next.t(key) };
}

export async function send<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params: Params | FormData | undefined,
  options: RequestOptions,
): Promise<T> {
  // FormData (uploads) carries its own multipart content type with the boundary.
  const multipart = params instanceof FormData;
  const { loading = true, toast = true, authRedirect = true } = options;
  if (globalThis.navigator?.onLine === false) {
    const { message } = clientError('OFFLINE');
    if (toast) void showToast({ content: message });
    throw new ApiError('OFFLINE', message, 0, false, toast);
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? TIMEOUT_MS);
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort);

  const query = method === 'GET' && !multipart ? encode(params).toString() : '';
  const url = BASE + path.replace(/^\//, '') + (query ? `?${query}` : '');
  if (loading) startLoading();

  let status = 0;
  const sentToken = sessionStore.token();
  let failure: { code: ApiError['code']; message: string; silent?: boolean };
  try {
    const response = await fetch(url, {
      method,
      headers: headers(method !== 'GET' && !multipart, options.idempotencyKey),
      body: method === 'GET' ? undefined : multipart ? params : encode(params),
      signal: controller.signal,
    });
    status = response.status;
    let body: Envelope<T> | undefined;
    try {
      body = (await response.json()) as Envelope<T>;
    } catch {
      body = undefined;
    }
    if (body?.type === 'ok' && response.ok) return body.message;
    failure =
      body && body.type !== 'ok'
        ? {
            // The server only sends catalogue codes; the catalogue itself stays out of the entry.
            code: body.code || 'INTERNAL',
            message: body.message || i18next.t('errors.generic'),
            silent: body.type === '999',
          }
        : clientError('BAD_RESPONSE');
  } catch {
    failure = clientError(timedOut ? 'TIMEOUT' : controller.signal.aborted ? 'ABORTED' : 'NETWORK');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
    if (loading) stopLoading();
  }

  const silent = failure.silent === true || failure.code === 'ABORTED';
  const refused = status === 401 && sentToken !== null;
  const shown = toast && !silent && !(refused && authRedirect);
  if (shown) void showToast({ content: failure.message });
  if (status === 401) {
    // A request sent without a token ended no session: one sent after a refusal (a refetch on
    // the way to login) must not wipe the "your session expired" that login is about to say.
    if (refused) sessionStore.refuse(sentToken);
    // A newer session (logged in meanwhile) stays, and nothing needs opening.
    if (authRedirect && !sessionStore.token()) onUnauthenticated();
  }
  throw new ApiError(failure.code, failure.message, status, silent, shown);
}

export function apiGet<T>(path: string, query?: Params, options: RequestOptions = {}): Promise<T> {
  return send<T>('GET', path, query, options);
}

export function apiPost<T>(path: string, body?: Params, options: RequestOptions = {}): Promise<T> {
  return send<T>('POST', path, body, options);
}

export function apiPut<T>(path: string, body?: Params, options: RequestOptions = {}): Promise<T> {
  return send<T>('PUT', path, body, options);
}

/** Uploads `file` as the multipart field `file`; the same answers, toasts and 401 handling. */
export function apiUpload<T>(path: string, file: Blob, options: RequestOptions = {}): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  return send<T>('POST', path, form, options);
}
