import type { Route } from '../endpoint.ts';

/** What the app starts from: health, config, support links, calling codes, the language. */
export const configRoutes = {
  configHealth: 'GET /health',
  configApp: 'GET /config',
  configSupportLinks: 'POST /set/get_customer_url',
  configAreaCodes: 'POST /area_code',
  configSetLang: 'POST /set/lang',
  configGetLang: 'POST /get/lang',
} as const satisfies Record<string, Route>;
