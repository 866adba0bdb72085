import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { PaintMark } from '../components/AfterPaint.tsx';
import { PageError, PageLoading } from '../components/PagePlaceholders.tsx';
import type { Locale } from '@hx/protocol';
import { currentLocale, hasPageStrings, pageStrings, storedLocale } from '../i18n/index.ts';

/** How long a page's code may take to arrive before the error placeholder shows. */
const CHUNK_TIMEOUT_MS = 120_000;

type Load = () => Promise<{ default: ComponentType }>;

function withTimeout(load: Load): Load {
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('chunk timeout')), CHUNK_TIMEOUT_MS);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

class PageBoundary extends Component<{ onRetry: () => void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PageError onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/** A page's code and, in English, the page strings the entry does not carry (i18n/index.ts). */
const codeAndStrings = (load: Load, locale: Locale) =>
  locale === 'en' ? Promise.all([load(), pageStrings()]).then(([module]) => module) : load();
const withStrings =
  (load: Load): Load =>
  () =>
    codeAndStrings(load, currentLocale());

/** Pages whose code is in, by loader (see `loadPage`). */
const loaded = new WeakMap<Load, ComponentType>();

/**
 * Loads a page's code (and, in English, the page strings) and keeps the page, so its first render
 * need not suspend: a cold start renders once this is done (main.tsx). A page that suspends
 * commits its placeholder first, and React then holds the page's own commit until 300 ms after
 * that placeholder showed (its throttle of Suspense reveals): on a fast load, most of the wait.
 */
export function loadPage(load: Load): Promise<void> {
  // Before the language is set up: the stored one is what the first render will show.
  return codeAndStrings(load, storedLocale()).then(
    (module) => void loaded.set(load, module.default),
    () => undefined, // the page's own loader tries again and shows the error
  );
}

/** The page, if its code and the strings it reads are in. */
function ready(load: Load): ComponentType | undefined {
  return currentLocale() !== 'en' || hasPageStrings() ? loaded.get(load) : undefined;
}

/**
 * A page whose code loads on first visit: a placeholder after 200 ms while it loads, and an error
 * placeholder with retry when it fails or takes longer than two minutes.
 */
export function lazyPage(load: Load): ComponentType {
  // One lazy component per attempt: React.lazy remembers a failure, a retry needs a fresh one.
  const attempts: ComponentType[] = [lazy(withTimeout(withStrings(load)))];
  const attempt = (n: number): ComponentType => {
    attempts[n] ??= lazy(withTimeout(withStrings(load)));
    return attempts[n];
  };

  function LazyPage() {
    const [n, setN] = useState(0);
    // Decided once: switching from the lazy component to the loaded one would mount it again.
    const [loadedPage] = useState(() => ready(load));
    const Page = (n === 0 && loadedPage) || attempt(n);
    return (
      <PageBoundary key={n} onRetry={() => setN(n + 1)}>
        <Suspense fallback={<PageLoading />}>
          <Page />
          <PaintMark />
        </Suspense>
      </PageBoundary>
    );
  }
  return LazyPage;
}
