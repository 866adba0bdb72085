/**
 * Press back twice within `windowMs` to exit: the first press warns, a second one in time exits.
 * `now` is passed in so the rule is testable without timers.
 */
export function createBackPress(windowMs = 2000): (now: number) => 'warn' | 'exit' {
  let warnedAt = Number.NEGATIVE_INFINITY;
  return (now) => {
    if (now - warnedAt <= windowMs) {
      warnedAt = Number.NEGATIVE_INFINITY;
      return 'exit';
    }
    warnedAt = now;
    return 'warn';
  };
}

/**
 * Whether the in-app history has a page to go back to. The router writes its own index (`idx`)
 * into `history.state`; the first entry of this visit has index 0.
 */
export function hasPageBehind(historyState: unknown): boolean {
  if (typeof historyState !== 'object' || historyState === null) return false;
  const idx = (historyState as { idx?: unknown }).idx;
  return typeof idx === 'number' && idx > 0;
}
