import type { ErrorCode } from './errors.ts';

/** Every successful response: HTTP 200 with the payload under `message`. */
export interface Ok<T> {
  type: 'ok';
  message: T;
}

/** Every failure: a catalogue code and a message in the caller's language. `999` is not toasted. */
export interface Failure {
  type: 'error' | '999';
  code: ErrorCode;
  message: string;
}

export type Envelope<T> = Ok<T> | Failure;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
}
