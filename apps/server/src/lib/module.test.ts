// Every folder of src/modules is a module app.ts registers by its name (Fastify checks the
// dependencies each declares); demo-only modules are absent in production.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/harness.ts';

const modules = readdirSync(new URL('../modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('the server modules', () => {
  it('are each registered under their folder name', () => {
    expect(modules.length).toBeGreaterThan(25);
    expect(modules.filter((name) => !t.app.hasPlugin(name))).toEqual([]);
  });
});
