import { readFileSync } from 'node:fs';
import { describe as suite, expect, it } from 'vitest';
import { renderApiRoutes } from './api-doc.ts';
import type { Endpoint } from './endpoint.ts';
import { endpoints } from './endpoints/index.ts';

suite('docs/api-routes.md', () => {
  it('lists every route of the endpoint table as it is now (npm run docs:api rewrites it)', () => {
    const file = readFileSync(new URL('../../../docs/api-routes.md', import.meta.url), 'utf8');
    const list = Object.values(endpoints as Record<string, Endpoint>);
    // Prettier pads the tables; compare the rows' cells, not the spaces.
    const cells = (text: string) => text.replace(/ *\| */g, '|').replace(/\|-+/g, '|-');
    expect(cells(file)).toBe(cells(renderApiRoutes(list)));
    for (const e of list) expect(file).toContain(`\`${e.path.slice(1)}\``);
  });
});
