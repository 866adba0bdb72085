import type { Plugin } from 'vite';

/**
 * Moves the entry's stylesheet links from <head> to the end of <body>. In the head they block the
 * first paint, so on a slow network even the splash (styled inline) waits for them; at the end of
 * the body the splash paints as soon as the HTML arrives. The app's module script still waits for
 * them before it runs (scripts wait for the stylesheets before them), so nothing renders unstyled.
 */
export function cssAfterSplash(): Plugin {
  return {
    name: 'hx-css-after-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        if (links.length === 0) return html;
        const head = links.reduce((out, link) => out.replace(link, ''), html);
        return head.replace('</body>', `${links.map((l) => l.trim()).join('\n')}\n</body>`);
      },
    },
  };
}
