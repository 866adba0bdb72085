import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The CSP source of every inline `<script>` of a page, e.g. the theme snippet of the app's
 * index.html. Browsers hash the element's text as parsed, after line endings become `\n`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    const text = body!.replace(/\r\n?/g, '\n');
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The hashes of the inline scripts of the built apps' pages, read once at start. */
function builtPageHashes(dists: string[]): string[] {
  const hashes = dists
    .map((dist) => join(dist, 'index.html'))
    .filter((page) => existsSync(page))
    .flatMap((page) => inlineScriptHashes(readFileSync(page, 'utf8')));
  return [...new Set(hashes)];
}

/** The socket's origin as the page sees it, for browsers whose 'self' does not cover ws:. */
function socketSources(publicUrl: string | undefined) {
  const fixed = publicUrl && /^https?:\/\/([^/]+)/.exec(publicUrl)?.[1];
  return (req: IncomingMessage) => {
    // HTTP/2 names the host in ':authority' (TLS_CERT_FILE); HTTP/1.1 in Host.
    const authority = req.headers[':authority'];
    const host = fixed || req.headers.host || (typeof authority === 'string' ? authority : '');
    // Only a plain host[:port] reaches the header: a forged Host cannot add a directive.
    return /^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(host)
      ? `ws://${host} wss://${host}`
      : '';
  };
}

/**
 * Security headers on every response (helmet's middleware, built once: @fastify/helmet builds
 * it again for every request, ~4% of a transfer's CPU). Inline scripts run only when their hash is in
 * the policy, so rebuilding an app's index.html needs a restart (`npm start` builds, then starts).
 * /api/docs needs no policy of its own: swagger-ui's page loads its scripts as files and only
 * sets styles inline (its OAuth2 redirect page, unused here, would need one).
 */
export const securityHeaders = fp(async (app) => {
  const { publicUrl, h5Dist, adminDist } = app.config;
  const https = publicUrl?.startsWith('https://') ?? false;
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...builtPageHashes([h5Dist, adminDist])],
        scriptSrcAttr: ["'none'"],
        // antd and antd-mobile set style attributes and insert <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketSources(publicUrl)],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only where the site is https: on plain http it would break every asset.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Only when users reach the site over https (PUBLIC_URL); no subdomains: they may be
    // other services of the operator's domain.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
