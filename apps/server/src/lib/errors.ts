import { ERRORS, type ErrorCode } from '@hx/contracts';

/** A failure the user is told about: a catalogue code, its HTTP status and message parameters. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    status?: number,
  ) {
    super(code);
    this.status = status ?? ERRORS[code].status;
  }
}

export const fail = (code: ErrorCode, params?: Record<string, string | number>): never => {
  throw new AppError(code, params);
};
