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
import { senderFor, type Sender } from './modules/mail/senders.ts';
import { apiKeyAuthentication, apiKeysModule } from './modules/api-keys/plugin.ts';
import { binanceModule } from './modules/binance/plugin.ts';
import type { PriceBook } from './modules/coins/prices.ts';
import { marketModule, type MarketOptions } from './modules/market/plugin.ts';
import { spotModule } from './modules/spot/plugin.ts';
import { makerModule } from './modules/maker/plugin.ts';
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
import { savingsModule } from './modules/savings/plugin.ts';
import { botsModule } from './modules/bots/plugin.ts';
import { chatModule } from './modules/chat/plugin.ts';
import { optionsModule } from './modules/options/plugin.ts';
import { subscriptionModule } from './modules/subscription/plugin.ts';
import { contentModule } from './modules/content/plugin.ts';
import { notificationsModule } from './modules/notifications/plugin.ts';
import { pushModule } from './modules/push/plugin.ts';
import { alertsModule } from './modules/alerts/plugin.ts';
import { porModule } from './modules/por/plugin.ts';
import { coinsModule } from './modules/coins/plugin.ts';
import { mailModule } from './modules/mail/plugin.ts';
import { operatorCoreModule } from './modules/operator-core/plugin.ts';
import { verificationModule } from './modules/verification/plugin.ts';
import { metricsModule } from './modules/metrics/plugin.ts';
import { monitoringModule } from './modules/monitoring/plugin.ts';
import { socket, type SocketOptions } from './ws/socket.ts';

/**
 * Every server module, layer by layer (docs/architecture.md), in the order they start: each
 * after the modules it imports, which its plugin names as `dependencies` (Fastify checks it).
 */
const MODULES = [
  // kernel
  metricsModule, // /metrics and health: first, so every route after it is timed
  configModule,
  coinsModule, // coins, amounts in them, USDT values
  notificationsModule, // the bell: stored with an outcome, pushed after its commit
  pushModule, // notifications pushed to the installed app
  mailModule, // mail and SMS out, with the anti-phishing line
  operatorCoreModule, // the operator guard, audit, review queues, settings, waiting changes
  uploadModule,
  // identity
  verificationModule, // codes mailed or from an authenticator, password tries
  userModule,
  devicesModule, // sessions, login history, the end of a login
  securityModule, // fund password, anti-phishing code, withdrawal protections
  twoFactorModule, // the user's authenticator
  apiKeysModule, // keys for programs' signed requests
  passkeysModule, // passkeys, and logging in with one
  authModule, // registration, login (both steps), passwords
  kycModule,
  // money
  walletModule,
  addressModule,
  bankModule,
  depositModule, // deposits; coin networks: deposit addresses, xpubs, withdrawal limits
  chainModule, // chain watchers: deposits found on chain (EVM_*)
  withdrawModule,
  demoModule, // demo mode only: demo funds
  // trading
  marketModule, // market data: recording, klines, quotes (takes the app's market options)
  spotModule, // spot order books, one writer per pair
  leverModule, // perpetual contracts and their price triggers
  optionsModule,
  binanceModule, // the Binance-compatible API (/api/v3), signed with our API keys
  makerModule, // the operator's market maker around the index, and its hedging
  // products
  financeModule,
  savingsModule,
  botsModule,
  subscriptionModule,
  referralModule, // invitations, ranking, rebates from trading fees
  alertsModule, // price alerts, fired on recorded ticks
  contentModule, // notices, banners, help, feedback
  chatModule, // live chat with support (delivery over /ws)
  porModule, // published Merkle-sum roots, users' proofs
  // operator
  operatorModule, // operators: login, roles, the console's screens
  devModule, // demo mode only: the outbox
  monitoringModule, // alert rules: webhook, mail, the console
];

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  sender?: Sender;
  prices?: PriceBook;
  /** Market data; its source runs only after `app.market.start()` (main.ts does it). */
  market?: MarketOptions;
  /** The live socket's limits (tests make them small). */
  socket?: SocketOptions;
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
  // The live socket (/ws, app.hub) first: modules publish on it. Then the modules, in the order
  // they start: each names the modules it imports, and Fastify refuses to start one before
  // them. Each adds its routes under /api and its operator routes under /api/admin.
  await fastify.register(socket, options.socket ?? {});
  for (const module of MODULES)
    if (module === marketModule)
      await fastify.register(marketModule, { market: options.market, prices: options.prices });
    else await fastify.register(module);
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
