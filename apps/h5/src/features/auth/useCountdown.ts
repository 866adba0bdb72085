import { useEffect, useState } from 'react';

/** Seconds left of a countdown, and a way to start one. */
export function useCountdown(): [left: number, start: (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return [left, setLeft];
}
