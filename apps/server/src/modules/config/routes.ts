import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { endpoints, LOCALES, LOCALE_TITLES, DEFAULT_LOCALE } from '@hx/protocol';
import { coins, users } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AREA_CODES } from './area-codes.ts';
import { supportLinks } from './support.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

const FLAGS = { en: '🇬🇧', zh: '🇨🇳', hk: '🇭🇰', jp: '🇯🇵', kr: '🇰🇷', esp: '🇪🇸', th: '🇹🇭' } as const;

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.configHealth),
    handler: async () =>
      ok({
        status: 'ok' as const,
        version: app.config.version,
        mode: app.config.mode,
        db: app.dbKind,
        process: app.bus.processId,
        owns: app.ownership.owned(),
      }),
  });

  app.route({
    ...routeOf(endpoints.configApp),
    handler: async () => {
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
  });

  app.route({
    ...routeOf(endpoints.configSupportLinks),
    handler: async () => ok({ list: supportLinks() }),
  });

  app.route({
    ...routeOf(endpoints.configAreaCodes),
    handler: async () => ok(AREA_CODES),
  });

  app.route({
    ...routeOf(endpoints.configSetLang),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(endpoints.configGetLang),
    handler: async (request) => {
      await app.identify(request);
      const stored = request.user?.lang;
      if (stored && (LOCALES as readonly string[]).includes(stored))
        return ok({ lang: stored as (typeof LOCALES)[number] });
      return ok({ lang: request.lang });
    },
  });
};
