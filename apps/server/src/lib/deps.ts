import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '@hx/db';
import type { LedgerWriter } from '@hx/ledger';
import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import type { Hub } from '../ws/hub.ts';
import type { Bus } from './bus.ts';
import type { Ownership } from './ownership.ts';
import type { Roster } from './roster.ts';
import type { Sender } from '../modules/mail/sender.ts';
import type { ChainModule } from '../modules/chain/types.ts';
import type { CoinNetworkSettings } from '../modules/deposit/networks.ts';
import type { Market } from '../modules/market/live.ts';
import type { PriceBook } from '../modules/coins/prices.ts';
import type { MarketIndex } from './price-index.ts';

/**
 * What the app decorates (app.ts; the market, socket, deposit and chain plugins). A service or
 * function takes only what it uses, `Pick<ServerDeps, 'db' | 'clock'>`, never the app; the app's
 * instance has all of them (the augmentation below), so callers pass `app`. A module's own
 * service (spot, lever, ...) is decorated by its plugin. Only types of leaf files come in here:
 * a file this one imports must not import deps.ts back (lint forbids circles).
 */
export interface ServerDeps {
  config: Config;
  db: Db;
  dbKind: DbKind;
  /** The ledger's one writer: every money path's transaction runs through it (group commit). */
  ledger: LedgerWriter;
  clock: Clock;
  sender: Sender;
  /** Fastify's own logger (not a decoration); a child of it per module where one is made. */
  log: FastifyBaseLogger;
  /** Messages between server processes (NATS with `NATS_URL`; in-process alone). */
  bus: Bus;
  /** Which process owns a pair, the market source, a contract symbol's triggers. */
  ownership: Ownership;
  /** The live server processes and what each owns (the console's dashboard). */
  roster: Roster;
  /** The live socket's channels: `publish(ch, data)`, `publishToUser(...)` (ws/socket.ts). */
  hub: Hub;
  /**
   * Market data: `last(symbol)`, `priceAt(symbol, t)` (settlement), quotes, klines; the source
   * runs only after `start()` (main.ts), tests drive it with `step()` / `ingest()`
   * (modules/market/plugin.ts).
   */
  market: Market;
  /**
   * The index contracts, options, alerts and the maker go by: median of the venues, with its
   * sources and staleness (modules/market/price-index.ts).
   */
  priceIndex: MarketIndex;
  /** Last recorded prices, for USDT valuations: the market's (modules/market/plugin.ts). */
  prices: PriceBook;
  /** Per coin and network: deposit addresses and xpubs, suspensions, withdrawal limits. */
  coinNetworks: CoinNetworkSettings;
  /** The watched chains (`EVM_*`) and their watchers (modules/chain/plugin.ts). */
  chain: ChainModule;
}

declare module 'fastify' {
  // ServerDeps is the one list of these decorations.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends ServerDeps {}
}
