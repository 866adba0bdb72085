// The endpoint table of @hx/protocol is what the server serves and what the app's client is typed
// from: every entry is served at its method and path, and every documented route is an entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@hx/protocol';
import { testApp, type TestApp } from '../test/harness.ts';

/** Documented routes that answer something other than the JSON envelope, so have no schema. */
const NOT_JSON = new Set<string>([
  'GET /api/avatar/{id}', // the avatar image
  'GET /api/upload/{id}', // an uploaded image, to who may see it
  'GET /api/admin/chat/image/{id}', // an image sent in the support chat
  'GET /api/admin/feedback/{id}/images/{n}', // a feedback's attached image
  'GET /api/admin/audit/export', // the audit log as JSON lines or CSV
]);

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('the endpoint table', () => {
  it('is served: each entry at its method and path, with its summary in the docs', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const missing: string[] = [];
    for (const e of Object.values(endpoints)) {
      const url = `/api${e.path}`;
      if (!t.app.hasRoute({ method: e.method, url })) missing.push(`${e.name}: ${e.method} ${url}`);
      const documented = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      if (documented?.summary !== e.summary) missing.push(`${e.name}: not documented as such`);
    }
    expect(missing).toEqual([]);
  });

  it('holds every documented route that answers JSON', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const inTable = new Set(
      Object.values(endpoints).map((e) => `${e.method} /api${e.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const outside = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((route) => !inTable.has(route) && !NOT_JSON.has(route));
    expect(outside).toEqual([]);
  });
});
