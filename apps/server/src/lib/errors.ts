import { CodedError, type ErrorCode } from '@hx/protocol';

/** The server's name for a coded failure; anything thrown as one is answered in the envelope. */
export { CodedError as AppError };

export const fail = (code: ErrorCode, params?: Record<string, string | number>): never => {
  throw new CodedError(code, params);
};
