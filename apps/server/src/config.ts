import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isLoopback } from './lib/loopback.ts';
import { chainNetworks, type ChainNetworkConfig } from './modules/chain/config.ts';
import { historyDays, indexSettings, type IndexSettings } from './modules/market/config.ts';
import type { Period } from '@hx/market';
import { bitcoinChainOf, type BitcoinChain } from './modules/address/bitcoin-network.ts';
import { smsTargetOf, type SmsTarget } from './modules/mail/config.ts';

export type Mode = 'demo' | 'production';

export interface Config extends IndexSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * `NATS_URL`: several server processes on one PostgreSQL share pairs, the market source,
   * channels and jobs over this NATS server (docs/operations.md, "Several processes").
   */
  natsUrl?: string;
  mode: Mode;
  /** Seed of the simulated market's random walk (and of the demo market's book and flow). */
  marketSeed: number;
  /**
   * `DEMO_FLOW` (on | off, demo mode only): simulated takers trade with the demo market maker,
   * so the public trade tape moves (docs/architecture.md, "The demo market").
   */
  demoFlow: boolean;
  /** `MARKET_MAKER` (on | off, demo mode only): the demo market maker quotes every spot pair. */
  marketMaker: boolean;
  /** Raw ticks are kept this many days (long enough to audit any settlement). */
  tickRetentionDays: number;
  /** `HISTORY_DAYS`: the simulated market's chart history on first start, per period. */
  historyDays: Partial<Record<Period, number>>;
  /** `SESSION_IDLE_DAYS`: a user session unused this many days ends (its token is refused). */
  sessionIdleDays: number;
  /** `SESSION_MAX_DAYS`: a user session ends this many days after its login, however used. */
  sessionMaxDays: number;
  /** `DEPOSIT_XPUBS`: per coin and network, the xpub whose children are users' deposit addresses. */
  depositXpubs?: string;
  /** `DEPOSIT_ADDRESSES`: per coin and network, the shared deposit address (console values win). */
  depositAddresses?: string;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** `SMS_URL`: who texts codes (Twilio or a webhook); none: phones get codes in demo mode only. */
  sms?: SmsTarget;
  /** `SMS_WEBHOOK_SECRET`: signs each webhook request (required with a webhook). */
  smsWebhookSecret?: string;
  appName: string;
  version: string;
  /** Folder of the built mobile app, served at /h5/. */
  h5Dist: string;
  /** Folder of the built operator console, served at /admin/. */
  adminDist: string;
  logLevel: string;
  /** `LOG_FILE`: logs go to this file instead of stdout (lines are dropped, never waited for). */
  logFile?: string;
  /**
   * `RATE_LIMIT_ALLOW`: client addresses exempt from the request rate limits and the per-address
   * code limit (a monitor, an office NAT, a benchmark, the browser tests' own machine). Limits per
   * destination and account lockouts still apply.
   */
  rateLimitAllow: string[];
  /**
   * `TRUST_PROXY`: the proxies whose `X-Forwarded-For` names the client (addresses or CIDR
   * ranges, comma-separated). Unset: the header is ignored, so no caller can pick the address
   * its limits and lockouts count against.
   */
  trustProxy: string[] | false;
  /**
   * `METRICS_ALLOW`: addresses or CIDR ranges (comma-separated) that may read `/metrics` besides
   * this machine itself; `METRICS_TOKEN`: a bearer token that may read it from anywhere.
   */
  metricsAllow: string[];
  metricsToken?: string;
  /** `ALERT_WEBHOOK_URL`: alerts firing and resolved are posted here (Alertmanager's webhook body). */
  alertWebhookUrl?: string;
  /** `DRAIN_SECONDS`: how long a stopping process reports not-ready before it closes. */
  drainSeconds: number;
  /** Requests a minute before `429 RATE_LIMITED` (RATE_LIMIT_*; docs/operations.md, "Rate limits"). */
  rateLimit: RateLimits;
  /** `REDIS_URL`: where several processes share the rate limits; without it each counts alone. */
  redisUrl?: string;
  /** Share of the trading fees of invited users paid to their inviter (REFERRAL_REBATE_RATE). */
  referralRate: string;
  /** Where users reach the app (PUBLIC_URL), for invitation links; else the request's host. */
  publicUrl?: string;
  /** `VAPID_SUBJECT` (mailto: or https:): who runs this server, told to push services. */
  vapidSubject?: string;
  /**
   * `PUSH_SERVICE_HOSTS`: the push services the server will send to (a subscription's endpoint
   * must be on one of these hosts or under them, over https, never at a non-public address), so
   * a user cannot make it call other hosts; an entry may also be a receiver's whole origin
   * (tests: `http://127.0.0.1:9400`), the one way to name an address of this machine.
   */
  pushServiceHosts: string[];
  /**
   * `TLS_CERT_FILE` and `TLS_KEY_FILE` (PEM): serve HTTPS with HTTP/2 itself (HTTP/1.1 stays
   * for older clients and the socket's upgrade), for installs without a TLS proxy in front.
   */
  tls?: { certFile: string; keyFile: string };
  /** Watched chain networks (`EVM_*`): deposits found on chain, withdrawals paid by the signer. */
  chains: ChainNetworkConfig[];
  /** `BTC_NETWORK`: the Bitcoin chain BTC addresses are derived and checked for. */
  bitcoinChain: BitcoinChain;
  /**
   * `HEDGE_VENUE` (a ccxt exchange id), `HEDGE_API_KEY`, `HEDGE_API_SECRET`, `HEDGE_URL`: where the
   * market maker hedges its fills (modules/maker); never logged.
   */
  hedge?: HedgeVenue;
}

export interface HedgeVenue {
  venue: string;
  apiKey: string;
  secret: string;
  /** Another installation's address (its REST API's base), for ccxt's class of `venue`. */
  url?: string;
}

export interface RateLimits {
  /** Any API request without a live user session, per client address. */
  perAddress: number;
  /** Any API request with a live user session, per user (wherever they are). */
  perUser: number;
  /** Password logins (user and operator), per client address. */
  login: number;
  /** Requests to send a code, per user or else per address. */
  codes: number;
  /** Fund password, password change and second-factor requests, per user or else per address. */
  secrets: number;
}

/** The exchange's name without APP_NAME: also the one the apps' build writes into their pages. */
export const DEFAULT_APP_NAME = 'Honest Exchange';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** The version has one source: the root package.json. */
export const VERSION: string = (
  JSON.parse(readFileSync(root('package.json'), 'utf8')) as { version: string }
).version;

function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${name} must be one of ${allowed.join(', ')}; got '${value}'`);
}

function integer(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min}; got '${value}'`);
  return n;
}

/**
 * PUSH_SERVICE_HOSTS: host names (https there and under them), or a receiver's whole origin
 * (`http://127.0.0.1:9400`, for tests: sent to as named, even on this machine).
 */
function pushServiceHosts(value: string | undefined): string[] {
  if (!value) return PUSH_SERVICE_HOSTS;
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      if (entry.includes('://')) {
        const url = URL.parse(entry);
        if (url && /^https?:$/.test(url.protocol) && url.origin === entry.replace(/\/+$/, ''))
          return url.origin;
      } else if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry)) return entry;
      throw new Error(
        `PUSH_SERVICE_HOSTS: '${entry}' is neither a host name nor an origin like http://127.0.0.1:9400`,
      );
    });
}

/** The browsers' push services: Chrome/Edge/Samsung (FCM), Firefox, Windows, Safari. */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

function vapidSubject(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value))
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL; got '${value}'`);
  return value;
}

function fraction(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (!/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/.test(value))
    throw new Error(`${name} must be a fraction between 0 and 1; got '${value}'`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port: ${env.PORT}`);
  const host = env.HOST || '127.0.0.1';
  const mode = oneOf('MODE', env.MODE, ['demo', 'production'] as const, 'demo');
  demoStaysLocal(mode, host, env.DEMO_PUBLIC);
  return {
    port,
    host,
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    natsUrl: clusterBus(env.NATS_URL, env.DATABASE_URL),
    mode,
    ...indexSettings(env, mode),
    marketSeed: integer('MARKET_SEED', env.MARKET_SEED, 1, 0),
    demoFlow: oneOf('DEMO_FLOW', env.DEMO_FLOW, ['on', 'off'] as const, 'on') === 'on',
    marketMaker: oneOf('MARKET_MAKER', env.MARKET_MAKER, ['on', 'off'] as const, 'on') === 'on',
    tickRetentionDays: integer('TICK_RETENTION_DAYS', env.TICK_RETENTION_DAYS, 30, 1),
    historyDays: historyDays(env.HISTORY_DAYS),
    ...sessionDays(env.SESSION_IDLE_DAYS, env.SESSION_MAX_DAYS),
    depositXpubs: env.DEPOSIT_XPUBS || undefined,
    depositAddresses: env.DEPOSIT_ADDRESSES || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    ...smsSettings(env.SMS_URL, env.SMS_WEBHOOK_SECRET),
    appName: env.APP_NAME || DEFAULT_APP_NAME,
    version: VERSION,
    h5Dist: env.H5_DIST || root('apps/h5/dist'),
    adminDist: env.ADMIN_DIST || root('apps/admin/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    logFile: env.LOG_FILE || undefined,
    rateLimitAllow: (env.RATE_LIMIT_ALLOW ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    metricsAllow: addressRanges('METRICS_ALLOW', env.METRICS_ALLOW),
    metricsToken: secretToken('METRICS_TOKEN', env.METRICS_TOKEN),
    alertWebhookUrl: webhookUrl('ALERT_WEBHOOK_URL', env.ALERT_WEBHOOK_URL),
    drainSeconds: integer('DRAIN_SECONDS', env.DRAIN_SECONDS, 2, 0),
    rateLimit: {
      perAddress: integer('RATE_LIMIT_PER_ADDRESS', env.RATE_LIMIT_PER_ADDRESS, 1200, 1),
      perUser: integer('RATE_LIMIT_PER_USER', env.RATE_LIMIT_PER_USER, 1200, 1),
      login: integer('RATE_LIMIT_LOGIN', env.RATE_LIMIT_LOGIN, 100, 1),
      codes: integer('RATE_LIMIT_CODES', env.RATE_LIMIT_CODES, 60, 1),
      secrets: integer('RATE_LIMIT_SECRETS', env.RATE_LIMIT_SECRETS, 60, 1),
    },
    redisUrl: env.REDIS_URL || undefined,
    referralRate: fraction('REFERRAL_REBATE_RATE', env.REFERRAL_REBATE_RATE, '0.2'),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    vapidSubject: vapidSubject(env.VAPID_SUBJECT),
    pushServiceHosts: pushServiceHosts(env.PUSH_SERVICE_HOSTS),
    tls: tlsFiles(env.TLS_CERT_FILE, env.TLS_KEY_FILE),
    chains: chainNetworks(env),
    bitcoinChain: bitcoinChainOf(env.BTC_NETWORK),
    hedge: hedgeVenue(env),
  };
}

/** The hedging venue: an id, a key and a secret together, or nothing. */
function hedgeVenue(env: NodeJS.ProcessEnv): HedgeVenue | undefined {
  const venue = env.HEDGE_VENUE;
  if (!venue) return undefined;
  if (!/^[a-z0-9]+$/.test(venue))
    throw new Error(`HEDGE_VENUE must be a ccxt exchange id like binance; got '${venue}'`);
  if (!env.HEDGE_API_KEY || !env.HEDGE_API_SECRET)
    throw new Error('HEDGE_VENUE needs HEDGE_API_KEY and HEDGE_API_SECRET');
  const url = env.HEDGE_URL?.replace(/\/+$/, '') || undefined;
  if (url !== undefined && !/^https?:\/\/[^\s]+$/.test(url))
    throw new Error('HEDGE_URL is not an http(s) URL');
  return { venue, apiKey: env.HEDGE_API_KEY, secret: env.HEDGE_API_SECRET, url };
}

/**
 * Demo mode, the default, publishes the demo user's password and hands out funds: listening where
 * other machines reach it takes `DEMO_PUBLIC=1`, so a forgotten `MODE` cannot open it by mistake.
 */
function demoStaysLocal(mode: Mode, host: string, demoPublic: string | undefined) {
  const open = oneOf('DEMO_PUBLIC', demoPublic, ['0', '1'] as const, '0') === '1';
  if (mode !== 'demo' || open || host === 'localhost' || isLoopback(host)) return;
  throw new Error(
    `MODE is demo (the default) and HOST=${host} is reachable from other machines; ` +
      'set MODE=production, or DEMO_PUBLIC=1 to serve the demo there on purpose',
  );
}

/** A session's lifetime: the idle bound can be no longer than the whole. */
function sessionDays(idle: string | undefined, max: string | undefined) {
  const sessionIdleDays = integer('SESSION_IDLE_DAYS', idle, 30, 1);
  const sessionMaxDays = integer('SESSION_MAX_DAYS', max, 90, 1);
  if (sessionMaxDays < sessionIdleDays)
    throw new Error(
      `SESSION_MAX_DAYS (${sessionMaxDays}) must be at least SESSION_IDLE_DAYS (${sessionIdleDays})`,
    );
  return { sessionIdleDays, sessionMaxDays };
}

function trustedProxies(value: string | undefined): Config['trustProxy'] {
  const list = (value ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (!list.length) return false;
  if (list.some((a) => a === 'true' || a === '*'))
    throw new Error('TRUST_PROXY names the proxies (addresses or ranges), not "any"');
  return list;
}

/** Addresses or CIDR ranges, checked now so a typo stops the start instead of locking out. */
function addressRanges(name: string, value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const item of list) {
    const [address = '', bits] = item.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    if (!family || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max)))
      throw new Error(`${name}: ${item} is not an address or CIDR range`);
  }
  return list;
}

function secretToken(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 16) throw new Error(`${name} must be at least 16 characters`);
  return value;
}

function webhookUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(value)) throw new Error(`${name} is not an http(s) URL`);
  return value;
}

function tlsFiles(certFile: string | undefined, keyFile: string | undefined): Config['tls'] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile)
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither');
  return { certFile, keyFile };
}

/** Processes can share only a database they all reach: NATS_URL needs DATABASE_URL. */
function clusterBus(url: string | undefined, databaseUrl: string | undefined): string | undefined {
  if (!url) return undefined;
  if (!databaseUrl)
    throw new Error('NATS_URL needs DATABASE_URL: several processes share one PostgreSQL');
  return url;
}

/** SMS_URL and its webhook's secret: a webhook is only ever called signed. */
function smsSettings(url: string | undefined, secret: string | undefined) {
  if (!url) return {};
  const sms = smsTargetOf(url);
  if (sms.kind === 'webhook' && !secret)
    throw new Error('SMS_URL is a webhook: set SMS_WEBHOOK_SECRET to sign its requests');
  return { sms, smsWebhookSecret: secret || undefined };
}
