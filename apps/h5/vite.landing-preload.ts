import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The routes a cold start most often lands on: the tabs and a pair's chart. The entry asks for a
 * page's code only after it has itself loaded and run (src/app/main.tsx); for these pages an
 * inline script in index.html asks for it at once, beside the entry, so on a slow network the
 * page's chunks do not wait for the entry's.
 */
const LANDING_ROUTES = [
  '/pages/index/index',
  '/pages/trade/index',
  '/pages/trade/kline',
  '/pages/option/detail2',
  '/pages/template/index',
  '/pages/assets/index',
];
export const HOME = '/pages/index/index';
/** The languages other than English (src/i18n): with one of them stored, no English page strings. */
const OTHER_LOCALES = ['zh', 'hk', 'jp', 'kr', 'esp', 'th'];

/**
 * A route's page file (`src/pages/…`), read from the route table (src/app/routes.ts): the hash
 * routes keep the spec's paths while the page folders are named by domain, so the table is the
 * one place that pairs them.
 */
export function pageFiles(): Map<string, string> {
  const table = readFileSync(new URL('./src/app/routes.ts', import.meta.url), 'utf8');
  const entries = table.matchAll(/\bpath: '([^']+)',?[^{}]*?import\('\.\.\/(pages\/[^']+)'\)/g);
  return new Map([...entries].map((m) => [m[1]!, `/src/${m[2]!}`]));
}
interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

function closure(bundle: Record<string, unknown>, start: string, into = new Set<string>()) {
  if (into.has(start)) return into;
  into.add(start);
  const chunk = bundle[start] as Chunk | undefined;
  for (const next of chunk?.imports ?? []) closure(bundle, next, into);
  return into;
}

const stylesOf = (bundle: Record<string, unknown>, files: Set<string>) =>
  [...files].flatMap((f) => [...((bundle[f] as Chunk).viteMetadata?.importedCss ?? [])]);

/**
 * Each landing route's own files (its chunks and stylesheets, without the entry's), relative to
 * assets/, and the English page strings' chunk. Null before the bundle exists (dev server).
 */
export function landingAssets(
  bundle: Record<string, unknown>,
): { pages: Record<string, string[]>; strings: string } | null {
  const chunks = Object.values(bundle).filter((o): o is Chunk => (o as Chunk).type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) return null;
  const shell = closure(bundle, entry.fileName);
  const shellCss = new Set(stylesOf(bundle, shell));
  const strip = (file: string) => file.replace(/^assets\//, '');
  const files = pageFiles();
  const pages: Record<string, string[]> = {};
  for (const route of LANDING_ROUTES) {
    const file = files.get(route);
    if (!file) throw new Error(`landing route ${route} is not in src/app/routes.ts`);
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(file));
    if (!chunk) throw new Error(`landing route ${route} (${file}) has no chunk`);
    const own = [...closure(bundle, chunk.fileName)].filter((f) => !shell.has(f));
    const css = stylesOf(bundle, new Set(own)).filter((f) => !shellCss.has(f));
    pages[route] = [...own, ...new Set(css)].map(strip);
  }
  const strings = chunks.find((c) => c.facadeModuleId?.endsWith('/locales/en.json?raw'));
  return { pages, strings: strings ? strip(strings.fileName) : '' };
}

export function landingPreload(): Plugin {
  return {
    name: 'hx-landing-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const assets = landingAssets((ctx.bundle ?? {}) as Record<string, unknown>);
        if (!assets) return html;
        const { pages, strings } = assets;
        // The entry's own chunks wait for that paint too (kept in a template, which the browser
        // does not fetch from): the splash and the first screens are drawn from index.html alone,
        // and Lighthouse counts every request finished before a paint as holding it back. The
        // entry script still starts at once (the most to load, so on a slow network nothing is
        // lost), and once it has arrived it asks for whatever chunk is not asked for yet.
        const preloads = html.match(/<link rel="modulepreload"[^>]*>\s*/g) ?? [];
        const rest = preloads.reduce((out, link) => out.replace(link, ''), html);
        const template = `<template id="hx-entry-preloads">${preloads.map((l) => l.trim()).join('')}</template>`;
        // Its page's files wait for the first paint to be on screen (as the browser reports it;
        // else a frame, then a task): requests begun before it would compete with it. A hidden
        // page paints nothing, so they start at once. (Links made as Vite's own preloads, so the
        // cached copy is the one used.)
        const script = `(function () {
  var pages = ${JSON.stringify(pages)};
  var route = location.hash.replace(/^#/, '').split('?')[0] || '${HOME}';
  var files = (pages[route] || []).slice();
  var lang = null;
  try { lang = localStorage.getItem('hx.lang'); } catch (e) {}
  if (files.length && ${JSON.stringify(OTHER_LOCALES)}.indexOf(lang) < 0) files.push(${JSON.stringify(strings)});
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var entry = document.getElementById('hx-entry-preloads');
    if (entry) document.head.appendChild(entry.content);
    files.forEach(preload);
  }
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === 'hidden') start();
  else if (paints && paints.indexOf('paint') >= 0)
    new PerformanceObserver(function () { setTimeout(start, 0); }).observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(function () { setTimeout(start, 0); });
  function preload(file) {
    if (!file) return;
    var link = document.createElement('link');
    if (/\\.css$/.test(file)) { link.rel = 'preload'; link.as = 'style'; } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/h5/assets/' + file;
    document.head.appendChild(link);
  }
})();`;
        return rest.replace('</head>', `${template}\n<script>\n${script}\n</script>\n</head>`);
      },
    },
  };
}
