import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from '@hx/db';
import { LedgerWriter } from '@hx/ledger';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { withSafeErrors } from './lib/log-errors.ts';
import { envelope } from './plugins/envelope.ts';
import { auth } from './plugins/auth.ts';
import { rateLimits } from './plugins/rate-limit.ts';
import { textGuard } from './plugins/text-guard.ts';
import { openapi } from './plugins/openapi.ts';
import { staticApps } from './plugins/static.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { compression } from './plugins/compression.ts';
import { senderFor, type Sender } from './modules/auth/senders.ts';
import { configRoutes } from './modules/config/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { passkeyRoutes } from './modules/passkeys/routes.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { apiKeyAuthentication } from './modules/api-keys/plugin.ts';
import { devRoutes } from './modules/dev/routes.ts';
import type { PriceBook } from './modules/wallet/prices.ts';
import { identityAndMoney } from './modules/wallet/plugin.ts';
import { operatorModule } from './modules/operator/plugin.ts';
import { marketData, type MarketOptions } from './modules/market/plugin.ts';
import { spotTrading } from './modules/spot/plugin.ts';
import { referralProgramme } from './modules/referral/plugin.ts';
import { leverContracts } from './modules/lever/plugin.ts';
import { subscriptionModule } from './modules/subscription/plugin.ts';
import { timedOptions } from './modules/options/plugin.ts';
import { finance } from './modules/finance/plugin.ts';
import { content } from './modules/content/plugin.ts';
import { chat } from './modules/chat/plugin.ts';
import { notificationCentre } from './modules/notifications/plugin.ts';
import { proofOfLiabilities } from './modules/por/plugin.ts';
import { priceAlertsModule } from './modules/alerts/plugin.ts';
import { webPush } from './modules/push/plugin.ts';
import { coinNetworkSettings } from './modules/deposit/networks.ts';
import { chainModule } from './modules/chain/plugin.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  sender?: Sender;
  prices?: PriceBook;
  /** Market data; its source runs only after `app.market.start()` (main.ts does it). */
  market?: MarketOptions;
}

/** The app's instance: Fastify's, with every decoration of ServerDeps (lib/deps.ts). */
export type App = FastifyInstance;

/** The whole server as one plugin: tests register it on a bare instance and call `inject`. */
export async function app(fastify: FastifyInstance, options: AppOptions) {
  const { config, database } = options;
  fastify.decorate('config', config);
  fastify.decorate('db', database.db);
  fastify.decorate('dbKind', database.kind);
  fastify.decorate('clock', options.clock ?? systemClock);
  fastify.decorate(
    'ledger',
    new LedgerWriter(database.db, {
      now: () => fastify.clock.now(),
      onRetry: (err) =>
        fastify.log.warn({ err }, 'ledger batch failed as a whole; its jobs run again one by one'),
    }),
  );
  fastify.addHook('onClose', () => fastify.ledger.idle());
  fastify.decorate('sender', options.sender ?? senderFor(config, database.db, fastify.log));

  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  // Before any route: both hook into every route registered after them.
  await fastify.register(securityHeaders);
  await fastify.register(compression);
  await fastify.register(formbody);
  await fastify.register(envelope);
  await fastify.register(auth);
  await fastify.register(apiKeyAuthentication); // programs' signed requests (X-API-KEY)
  await fastify.register(rateLimits); // needs the session lookup (auth) to count per user
  await fastify.register(textGuard); // no NUL bytes or broken Unicode reach the database
  await fastify.register(openapi);

  // A POST without a body validates as an empty form, so field checks say what is missing.
  fastify.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method !== 'GET') request.body = {};
  });
  // Decorates hub, market and prices (the market's last recorded prices unless given).
  await fastify.register(marketData, { market: options.market, prices: options.prices });
  await fastify.register(spotTrading); // spot order books, one writer per pair
  await fastify.register(referralProgramme); // invitations, ranking, rebates from trading fees
  await fastify.register(leverContracts); // perpetual contracts and their price triggers
  await fastify.register(coinNetworkSettings); // deposit addresses, xpubs, withdrawal limits
  await fastify.register(chainModule); // chain watchers: deposits found on chain (EVM_*)

  await fastify.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(configRoutes);
      await typed.register(authRoutes);
      await typed.register(passkeyRoutes); // passkeys, and logging in with one
      await typed.register(deviceRoutes); // sessions and login history
      await typed.register(userRoutes);
      await typed.register(twoFactorRoutes); // the user's authenticator and 2nd login step
      await typed.register(apiKeyRoutes); // keys for programs' signed requests
      if (config.mode === 'demo') await typed.register(devRoutes);
      await typed.register(identityAndMoney);
      // Operators: login, roles, audit, the console's screens; domains add their queues and settings.
      await typed.register(operatorModule, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
  await fastify.register(finance);
  await fastify.register(chat); // live chat with support (delivery over /ws)
  await fastify.register(timedOptions);
  await fastify.register(subscriptionModule);
  await fastify.register(content); // notices, banners, help, feedback, avatar
  await fastify.register(notificationCentre); // the bell: the user's notifications
  await fastify.register(webPush); // notifications pushed to the installed app
  await fastify.register(priceAlertsModule); // price alerts, fired on recorded ticks
  await fastify.register(proofOfLiabilities); // published Merkle-sum roots, users' proofs
  await fastify.register(staticApps);
}

/** A ready Fastify instance with the app registered. */
export async function buildApp(
  options: AppOptions,
  server: FastifyServerOptions = {},
): Promise<App> {
  const fastify = Fastify({
    // Forwarded addresses only from the configured proxies (TRUST_PROXY); see config.ts.
    trustProxy: options.config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...server,
    // A failed query's values (card and ID numbers) never reach the log.
    logger: withSafeErrors(server.logger),
  });
  // Not encapsulated: what the app decorates (db, clock, market, hub, ...) is reachable from
  // the returned instance, e.g. by tests.
  await fastify.register(fp(app), options);
  await fastify.ready();
  return fastify;
}
