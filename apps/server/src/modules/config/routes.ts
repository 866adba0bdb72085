import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { appConfig, areaCode, health, LOCALES, LOCALE_TITLES, DEFAULT_LOCALE } from '@hx/protocol';
import { coins, users } from '@hx/db';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { AREA_CODES } from './area-codes.ts';
import { supportLinks } from './support.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

const tags = ['config'];
const FLAGS = { en: '🇬🇧', zh: '🇨🇳', hk: '🇭🇰', jp: '🇯🇵', kr: '🇰🇷', esp: '🇪🇸', th: '🇹🇭' } as const;
const langResult = okSchema(z.object({ lang: z.enum(LOCALES) }));

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags, summary: 'Ready to serve', response: { 200: okSchema(health) } } },
    async () =>
      ok({
        status: 'ok' as const,
        version: app.config.version,
        mode: app.config.mode,
        db: app.dbKind,
      }),
  );

  app.get(
    '/config',
    {
      schema: { tags, summary: 'What the app starts from', response: { 200: okSchema(appConfig) } },
    },
    async () => {
      const rows = await app.db.select().from(coins).orderBy(asc(coins.sort), asc(coins.id));
      return ok({
        app_name: app.config.appName,
        version: app.config.version,
        mode: app.config.mode,
        default_lang: DEFAULT_LOCALE,
        // `image` is the flag shown beside each language.
        languages: LOCALES.map((value) => ({
          title: LOCALE_TITLES[value],
          value,
          image: FLAGS[value],
        })),
        base_coins: rows.filter((c) => c.isBase).map((c) => ({ name: c.name, currency_id: c.id })),
        coins: rows.map((c) => ({
          currency_id: c.id,
          name: c.name,
          decimals: c.decimals,
          networks: c.networks,
        })),
        support_links: supportLinks(),
      });
    },
  );

  app.post(
    '/set/get_customer_url',
    {
      schema: {
        tags,
        summary: 'Support links',
        response: {
          200: okSchema(
            z.object({ list: z.array(z.object({ name: z.string(), url: z.string() })) }),
          ),
        },
      },
    },
    async () => ok({ list: supportLinks() }),
  );

  app.post(
    '/area_code',
    { schema: { tags, summary: 'Calling codes', response: { 200: okSchema(z.array(areaCode)) } } },
    async () => ok(AREA_CODES),
  );

  app.post(
    '/set/lang',
    {
      schema: {
        tags,
        summary: "Choose the language (kept on the user's account when logged in)",
        body: z.object({ lang: z.enum(LOCALES, { error: 'LANG_INVALID' }) }),
        response: { 200: langResult },
      },
    },
    async (request) => {
      await app.identify(request);
      if (request.user) {
        await app.db
          .update(users)
          .set({ lang: request.body.lang })
          .where(eq(users.id, request.user.id));
        sessionsChanged();
      }
      return ok({ lang: request.body.lang });
    },
  );

  app.post(
    '/get/lang',
    {
      schema: {
        tags,
        summary: "The user's language, else the request's",
        response: { 200: langResult },
      },
    },
    async (request) => {
      await app.identify(request);
      const stored = request.user?.lang;
      if (stored && (LOCALES as readonly string[]).includes(stored))
        return ok({ lang: stored as (typeof LOCALES)[number] });
      return ok({ lang: request.lang });
    },
  );
};
