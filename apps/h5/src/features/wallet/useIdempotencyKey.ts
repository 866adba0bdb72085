import { useCallback, useRef } from 'react';

function randomKey(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * An `Idempotency-Key` for a money-moving form: the same key while the same request is retried
 * (a lost answer, a double tap), a new one once anything in the request changes or it succeeded.
 */
export function useIdempotencyKey(): {
  keyFor: (request: unknown) => string;
  done: () => void;
} {
  const last = useRef<{ request: string; key: string } | null>(null);
  const keyFor = useCallback((request: unknown) => {
    const signature = JSON.stringify(request);
    if (last.current?.request !== signature)
      last.current = { request: signature, key: randomKey() };
    return last.current.key;
  }, []);
  const done = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, done };
}
