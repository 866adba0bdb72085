import { afterEach, describe, expect, it, vi } from 'vitest';

/** A system that asks (or not) for less motion, and can change its mind. */
function stubMotionQuery(matches: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return (next: boolean) => {
    query.matches = next;
    for (const listener of listeners) listener();
  };
}

const motion = () => import('antd-mobile/es/utils/reduce-and-restore-motion');

describe('reduced motion', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  // Setting react-spring's skipAnimation alone restarts a looping spring (the loading toast's
  // spinner) at once, for ever: the page froze, and a request's answer was never handled.
  it("goes through antd-mobile's own switch, which also stops its spinners' loops", async () => {
    const change = stubMotionQuery(true);
    await import('./reducedMotion.ts');
    const { isMotionReduced } = await motion();
    expect(isMotionReduced()).toBe(true);
    change(false);
    expect(isMotionReduced()).toBe(false);
  });

  it('leaves motion on when the system does not ask for less', async () => {
    stubMotionQuery(false);
    await import('./reducedMotion.ts');
    const { isMotionReduced } = await motion();
    expect(isMotionReduced()).toBe(false);
  });
});
