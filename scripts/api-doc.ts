// Writes docs/api-routes.md from the endpoint table: npm run docs:api
import { writeFileSync } from 'node:fs';
import { renderApiRoutes } from '../packages/protocol/src/api-doc.ts';
import { endpoints } from '../packages/protocol/src/endpoints/index.ts';
import type { Endpoint } from '../packages/protocol/src/endpoint.ts';

const file = new URL('../docs/api-routes.md', import.meta.url);
writeFileSync(file, renderApiRoutes(Object.values(endpoints as Record<string, Endpoint>)));
console.log('docs/api-routes.md written');
