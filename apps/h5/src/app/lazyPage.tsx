import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { PaintMark } from '../components/AfterPaint.tsx';
import { PageError, PageLoading } from '../components/PagePlaceholders.tsx';
import { currentLocale, pageStrings } from '../i18n/index.ts';

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
const withStrings =
  (load: Load): Load =>
  () =>
    currentLocale() === 'en'
      ? Promise.all([load(), pageStrings()]).then(([module]) => module)
      : load();

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
    const Page = attempt(n);
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
