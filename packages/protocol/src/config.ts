import { z } from 'zod';
import { LOCALES } from './locales.ts';

/** What the app starts from: `GET /api/config`. */
export const appConfig = z.object({
  app_name: z.string(),
  version: z.string(),
  mode: z.enum(['demo', 'production']),
  default_lang: z.enum(LOCALES),
  languages: z.array(z.object({ title: z.string(), value: z.enum(LOCALES), image: z.string() })),
  base_coins: z.array(z.object({ name: z.string(), currency_id: z.number().int() })),
  coins: z.array(
    z.object({
      currency_id: z.number().int(),
      name: z.string(),
      decimals: z.number().int(),
      networks: z.array(z.string()),
    }),
  ),
  support_links: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type AppConfig = z.infer<typeof appConfig>;

export const areaCode = z.object({ code: z.string(), country: z.string(), name: z.string() });
export type AreaCode = z.infer<typeof areaCode>;

export const health = z.object({
  status: z.literal('ok'),
  version: z.string(),
  mode: z.enum(['demo', 'production']),
  db: z.enum(['pglite', 'postgres']),
  /** This server process (several share one address with NATS_URL) and what it owns now. */
  process: z.string(),
  owns: z.array(z.string()),
});
export type Health = z.infer<typeof health>;
