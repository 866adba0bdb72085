import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '@hx/db';
import { LedgerWriter } from '@hx/ledger';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { localBus, natsBus, type Bus } from './lib/bus.ts';
import { advisoryOwnership, soleOwner, type Ownership } from './lib/ownership.ts';
import { Roster } from './lib/roster.ts';
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
import { apiKeyAuthentication, apiKeysModule } from './modules/api-keys/plugin.ts';
import type { PriceBook } from './modules/wallet/prices.ts';
import { marketModule, type MarketOptions } from './modules/market/plugin.ts';
import { spotModule } from './modules/spot/plugin.ts';
import { referralModule } from './modules/referral/plugin.ts';
import { leverModule } from './modules/lever/plugin.ts';
import { depositModule } from './modules/deposit/plugin.ts';
import { chainModule } from './modules/chain/plugin.ts';
import { configModule } from './modules/config/plugin.ts';
import { authModule } from './modules/auth/plugin.ts';
import { passkeysModule } from './modules/passkeys/plugin.ts';
import { devicesModule } from './modules/devices/plugin.ts';
import { userModule } from './modules/user/plugin.ts';
import { twoFactorModule } from './modules/two-factor/plugin.ts';
import { devModule } from './modules/dev/plugin.ts';
import { uploadModule } from './modules/upload/plugin.ts';
import { kycModule } from './modules/kyc/plugin.ts';
import { securityModule } from './modules/security/plugin.ts';
import { walletModule } from './modules/wallet/plugin.ts';
import { demoModule } from './modules/demo/plugin.ts';
import { withdrawModule } from './modules/withdraw/plugin.ts';
import { addressModule } from './modules/address/plugin.ts';
import { bankModule } from './modules/bank/plugin.ts';
import { operatorModule } from './modules/operator/plugin.ts';
import { financeModule } from './modules/finance/plugin.ts';
import { chatModule } from './modules/chat/plugin.ts';
import { optionsModule } from './modules/options/plugin.ts';
import { subscriptionModule } from './modules/subscription/plugin.ts';
import { contentModule } from './modules/content/plugin.ts';
import { notificationsModule } from './modules/notifications/plugin.ts';
import { pushModule } from './modules/push/plugin.ts';
import { alertsModule } from './modules/alerts/plugin.ts';
import { porModule } from './modules/por/plugin.ts';

/** Every server module but the market (it takes the app's options), in the order they start. */
const MODULES = [
  spotModule, // spot order books, one writer per pair
  referralModule, // invitations, ranking, rebates from trading fees
  leverModule, // perpetual contracts and their price triggers
  depositModule, // deposits; coin networks: deposit addresses, xpubs, withdrawal limits
  chainModule, // chain watchers: deposits found on chain (EVM_*)
  configModule,
  authModule,
  passkeysModule, // passkeys, and logging in with one
  devicesModule, // sessions and login history
  userModule,
  twoFactorModule, // the user's authenticator and 2nd login step
  apiKeysModule, // keys for programs' signed requests
  devModule, // demo mode only: the outbox
  uploadModule,
  kycModule,
  securityModule, // fund password, anti-phishing code, withdrawal protections
  walletModule,
  demoModule, // demo mode only: demo funds
  withdrawModule,
  addressModule,
  bankModule,
  operatorModule, // operators: login, roles, audit, the console's screens
  financeModule,
  chatModule, // live chat with support (delivery over /ws)
  optionsModule,
  subscriptionModule,
  contentModule, // notices, banners, help, feedback
  notificationsModule, // the bell: the user's notifications
  pushModule, // notifications pushed to the installed app
  alertsModule, // price alerts, fired on recorded ticks
  porModule, // published Merkle-sum roots, users' proofs
];

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  sender?: Sender;
  prices?: PriceBook;
  /** Market data; its source runs only after `app.market.start()` (main.ts does it). */
  market?: MarketOptions;
  /** Tests: the bus between processes and who owns what (else from NATS_URL, DATABASE_URL). */
  bus?: Bus;
  ownership?: Ownership;
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
  // Several processes on one PostgreSQL (NATS_URL): NATS carries what they tell each other, and
  // advisory locks say which one owns each pair, the market source, each symbol's triggers.
  const clustered = config.natsUrl !== undefined && config.databaseUrl !== undefined;
  fastify.decorate(
    'bus',
    options.bus ?? (clustered ? await natsBus(config.natsUrl!, fastify.log) : localBus()),
  );
  fastify.decorate(
    'ownership',
    options.ownership ??
      (clustered
        ? advisoryOwnership(config.databaseUrl!, fastify.log, {
            cutSince: () => fastify.bus.cutSince(),
          })
        : soleOwner(fastify.log)),
  );
  fastify.decorate('roster', new Roster(fastify.bus, fastify.ownership, config.version));
  // Registered first, so it runs after every module's own closing (Fastify runs them in turn).
  fastify.addHook('onClose', async () => {
    fastify.roster.close();
    await fastify.ownership.close();
    await fastify.bus.close();
  });
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
  // The modules, in the order they start: each names the modules whose decorations it uses,
  // and Fastify refuses to start one before them. Each adds its routes under /api and its
  // operator routes under /api/admin.
  await fastify.register(marketModule, { market: options.market, prices: options.prices });
  for (const module of MODULES) await fastify.register(module);
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
