import type { Plugin } from 'vite';

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
}

/**
 * A page's lazy import lists the chunks to preload beside it, and the entry holds the lists of
 * every page. The first page's own chunks (the entry's static imports) are left out of them: the
 * entry has loaded those before it asks for any page, so Vite's preload helper would only look
 * them up and skip them, yet naming them in every list cost the first page ~0.8 KiB gzipped.
 * Stylesheets are not touched (Vite keeps them whatever this returns).
 */
export function firstPageDeps(): Plugin {
  let firstPage: Set<string> | undefined;
  return {
    name: 'hx-first-page-deps',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies(_file, deps, { hostType }) {
            // index.html's own preloads are the first page.
            if (hostType === 'html') return deps;
            if (!firstPage) throw new Error('hx-first-page-deps: the bundle is not known yet');
            return deps.filter((dep) => !firstPage!.has(dep));
          },
        },
      },
    }),
    // Before Vite's import analysis writes the lists (it asks resolveDependencies then).
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle) as unknown as Chunk[];
        const entry = chunks.find((c) => c.type === 'chunk' && c.isEntry);
        if (!entry) throw new Error('hx-first-page-deps: no entry chunk');
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const next of (bundle[file] as unknown as Chunk | undefined)?.imports ?? [])
            visit(next);
        };
        visit(entry.fileName);
        firstPage = seen;
      },
    },
  };
}
