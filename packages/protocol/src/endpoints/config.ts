import { z } from 'zod';
import { appConfig, areaCode, health } from '../config.ts';
import { defineEndpoints } from '../endpoint.ts';
import { LOCALES } from '../locales.ts';
import { configRoutes } from '../routes/config.ts';

const lang = z.object({ lang: z.enum(LOCALES) });

export const configEndpoints = defineEndpoints('config', configRoutes, {
  configHealth: {
    summary: 'Ready to serve',
    response: health,
  },
  configApp: {
    summary: 'What the app starts from',
    response: appConfig,
  },
  configSupportLinks: {
    summary: 'Support links',
    response: z.object({ list: z.array(z.object({ name: z.string(), url: z.string() })) }),
  },
  configAreaCodes: {
    summary: 'Calling codes',
    response: z.array(areaCode),
  },
  configSetLang: {
    summary: "Choose the language (kept on the user's account when logged in)",
    body: z.object({ lang: z.enum(LOCALES, { error: 'LANG_INVALID' }) }),
    response: lang,
  },
  configGetLang: {
    summary: "The user's language, else the request's",
    response: lang,
  },
});
