import { Suspense, useEffect, type ReactNode } from 'react';
import { isPagePainted, markPagePainted, usePagePainted } from '../lib/firstPaint.ts';

/** Rendered beside a page: a frame after the page commits, marks the first paint. */
export function PaintMark() {
  useEffect(() => {
    if (isPagePainted()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(markPagePainted);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return null;
}

/**
 * `children` (usually lazy: a list, a carousel) once the page's first screen has painted;
 * `fallback` until then and while they load. Later pages render them at once.
 */
export function AfterPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const painted = usePagePainted();
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
