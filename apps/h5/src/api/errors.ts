import type { ErrorCode } from '@hx/protocol';

/** Codes the client makes itself, when no server answer could be read. */
export type ClientErrorCode = 'NETWORK' | 'OFFLINE' | 'TIMEOUT' | 'BAD_RESPONSE' | 'ABORTED';

/**
 * A failed API call. `message` is already in the user's language (the server's, or the client's
 * own for network failures). `toasted` tells callers the user has already seen it, so a page
 * shows it inline at most and never toasts it a second time.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** The server marked it type '999': never shown. */
    readonly silent: boolean,
    readonly toasted: boolean,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
