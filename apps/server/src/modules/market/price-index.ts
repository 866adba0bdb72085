import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { indexPrices, type Db } from '@hx/db';
import {
  computeIndex,
  createVenueSource,
  type IndexRules,
  type MarketSource,
  type SymbolSpec,
  type Tick,
  type Venue,
} from '@hx/market';
import type { Bus } from '../../lib/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type {
  IndexQuote,
  IndexSource,
  MarketIndex,
  VenueConnection,
} from '../../lib/price-index.ts';
import type { Hub } from '../../ws/hub.ts';
import { indexChannel } from '../../ws/channels.ts';
import type { MarketService } from './service.ts';

/**
 * A fresh index is recorded when its price or the sources it uses change, and at least this
 * often, so a gap in the record means it was stale.
 */
const HEARTBEAT_MS = 1000;

/** The index over the simulated walk (demo mode): one source, `simulated`, never stale. */
export class SimulatedIndex implements MarketIndex {
  private listeners = new Set<(quote: IndexQuote) => void>();

  constructor(
    private readonly market: Pick<MarketService, 'last' | 'onRecorded'>,
    private readonly hub?: Hub,
  ) {
    market.onRecorded((ticks) => this.recorded(ticks));
  }

  get(symbol: string): IndexQuote {
    const last = this.market.last(symbol);
    const price = last?.price ?? null;
    const time = last?.time ?? null;
    return {
      symbol,
      price,
      time,
      stale: false,
      sources: [{ venue: 'simulated', price, time, used: true }],
    };
  }

  subscribe(listener: (quote: IndexQuote) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  connections(): VenueConnection[] {
    return [{ venue: 'simulated', state: 'simulated', since: null }];
  }

  sourcesAt(): Promise<IndexSource[] | null> {
    return Promise.resolve(null);
  }

  staleAt(): boolean {
    return false;
  }

  firstAfter(): Promise<null> {
    return Promise.resolve(null);
  }

  private recorded(ticks: readonly Tick[]): void {
    for (const symbol of new Set(ticks.map((t) => t.symbol))) {
      const quote = this.get(symbol);
      if (this.hub?.has(indexChannel(symbol))) this.hub.publish(indexChannel(symbol), quote);
      for (const listener of this.listeners) listener(quote);
    }
  }
}

/** The bus subject of the leader's index quotes. */
const QUOTES = 'hx.market.index';

export interface VenueIndexDeps {
  db: Db;
  clock: Clock;
  hub: Hub;
  log: FastifyBaseLogger;
  market: Pick<MarketService, 'ingest' | 'specs'>;
}

export interface VenueIndexOptions extends IndexRules {
  venues: readonly Venue[];
  urls: Record<Venue, string>;
  /** Tests: faster reconnects and watchdog. */
  silentMs?: number;
  backoff?: { initialMs?: number; maxMs?: number };
}

interface Seen {
  price: string;
  time: number;
}

/**
 * The index over the venues `MARKET_SOURCE` names: each venue's last price (stamped with our
 * clock when received), the median of the fresh ones that agree, recorded into the market as its
 * ticks while fresh (so what settles comes only from recorded prices) with the sources beside
 * them (`index_prices`). Stale: nothing is recorded, and what trades on the index waits.
 */
export class VenueIndex implements MarketIndex {
  private readonly seen = new Map<string, Map<Venue, Seen>>();
  private readonly quotes = new Map<string, IndexQuote>();
  private readonly recordedAt = new Map<string, number>();
  private readonly states = new Map<Venue, VenueConnection>();
  private readonly listeners = new Set<(quote: IndexQuote) => void>();
  private readonly specs: Map<string, SymbolSpec>;
  private pending: (typeof indexPrices.$inferInsert)[] = [];
  private sources: MarketSource[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Another process leads (runs the venues): its quotes, and when each arrived here. */
  private readonly followed = new Map<string, { quote: IndexQuote; at: number }>();
  private bus: Bus | undefined;

  constructor(
    private readonly deps: VenueIndexDeps,
    private readonly opts: VenueIndexOptions,
  ) {
    this.specs = new Map(
      deps.market.specs.filter((s) => s.kind === 'spot').map((s) => [s.symbol, s]),
    );
    for (const venue of opts.venues)
      this.states.set(venue, { venue, state: 'closed', since: null });
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }

  /** Connects to the venues and checks staleness every second (the market's leader only). */
  start(): void {
    if (this.sources.length > 0) return;
    const symbols = [...this.specs.keys()];
    for (const venue of this.opts.venues) {
      const source = createVenueSource(venue, {
        url: this.opts.urls[venue],
        symbols,
        silentMs: this.opts.silentMs,
        backoff: this.opts.backoff,
      });
      this.sources.push(source);
      source.start((tick) => this.take(venue, tick), {
        onStatus: (s) => {
          this.states.set(venue, { venue, state: s.state, since: this.now() });
          this.deps.log.info({ venue, ...s }, 'index source');
        },
        onError: (err) => this.deps.log.warn({ err, venue }, 'index source error'),
      });
    }
    this.timer = setInterval(() => this.refreshAll(), 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.sources.map((s) => s.stop()));
    this.sources = [];
    await this.flush();
  }

  /** A venue's price, received now (tests call this directly). */
  take(venue: Venue, tick: Pick<Tick, 'symbol' | 'price'>): void {
    if (!this.specs.has(tick.symbol) || !/^\d{1,18}(\.\d{1,18})?$/.test(tick.price)) return;
    let venues = this.seen.get(tick.symbol);
    if (!venues) this.seen.set(tick.symbol, (venues = new Map()));
    venues.set(venue, { price: tick.price, time: this.now() });
    this.refresh(tick.symbol);
  }

  /** Re-evaluates every symbol at the clock's time (staleness changes without new prices). */
  refreshAll(): void {
    for (const symbol of this.specs.keys()) this.refresh(symbol);
    void this.flush();
    this.bus?.publish(QUOTES, JSON.stringify([...this.quotes.values()]));
  }

  /**
   * Several processes: the leader (which runs the venues) publishes every quote each second;
   * the others answer from the latest they got, stale when it is older than `INDEX_STALE_S`.
   */
  follow(bus: Bus, leads: () => boolean): void {
    this.bus = bus;
    bus.subscribe(QUOTES, (text) => {
      if (leads()) return;
      const at = this.now();
      for (const quote of JSON.parse(text) as IndexQuote[]) {
        const before = this.followed.get(quote.symbol)?.quote;
        this.followed.set(quote.symbol, { quote, at });
        if (!before || changed(before, quote)) for (const l of this.listeners) l(quote);
      }
    });
  }

  private compute(symbol: string, now: number): IndexQuote {
    const venues = this.seen.get(symbol);
    const spec = this.specs.get(symbol);
    const result = computeIndex(
      this.opts.venues.map((venue) => {
        const s = venues?.get(venue);
        return { venue, price: s?.price ?? null, time: s?.time ?? null };
      }),
      now,
      this.opts,
    );
    const before = this.quotes.get(symbol);
    const price =
      result.price === null || !spec
        ? (before?.price ?? null)
        : roundTo(result.price, spec.pricePrecision);
    const time = result.price === null ? (before?.time ?? null) : now;
    return { symbol, price, time, stale: result.stale, sources: result.sources };
  }

  private refresh(symbol: string): void {
    const now = this.now();
    const quote = this.compute(symbol, now);
    const before = this.quotes.get(symbol);
    this.quotes.set(symbol, quote);
    if (!quote.stale && quote.price !== null) {
      const last = this.recordedAt.get(symbol);
      if (
        before?.price !== quote.price ||
        before.stale ||
        before.sources.some((s, i) => s.used !== quote.sources[i]?.used) ||
        last === undefined ||
        now - last >= HEARTBEAT_MS
      ) {
        this.recordedAt.set(symbol, now);
        this.deps.market.ingest([{ symbol, time: now, price: quote.price, volume: '0' }]);
        this.pending.push({ symbol, time: now, price: quote.price, sources: quote.sources });
      }
    }
    if (!before || changed(before, quote)) this.emit(quote);
  }

  private emit(quote: IndexQuote): void {
    const { hub } = this.deps;
    if (hub.has(indexChannel(quote.symbol))) hub.publish(indexChannel(quote.symbol), quote);
    for (const listener of this.listeners) listener(quote);
  }

  /** Writes the sources of the prices recorded since the last write. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.pending.length === 0) return;
      // Two prices in one millisecond: the later is the one on record (as `priceAt` reads it).
      const rows = [...new Map(this.pending.map((r) => [`${r.symbol}:${r.time}`, r])).values()];
      this.pending = [];
      try {
        await this.deps.db
          .insert(indexPrices)
          .values(rows)
          .onConflictDoUpdate({
            target: [indexPrices.symbol, indexPrices.time],
            set: { price: sql`excluded.price`, sources: sql`excluded.sources` },
          });
      } catch (err) {
        this.deps.log.error({ err }, 'recording index sources failed');
      }
    });
    return this.writing;
  }

  get(symbol: string): IndexQuote {
    if (!this.specs.has(symbol))
      return { symbol, price: null, time: null, stale: true, sources: [] };
    const now = this.now();
    if (this.sources.length > 0 || !this.bus) return this.compute(symbol, now);
    const followed = this.followed.get(symbol);
    if (!followed) return { ...this.compute(symbol, now), stale: true };
    const stale = followed.quote.stale || now - followed.at > this.opts.staleMs;
    return { ...followed.quote, stale };
  }

  subscribe(listener: (quote: IndexQuote) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  connections(): VenueConnection[] {
    return [...this.states.values()];
  }

  async sourcesAt(symbol: string, time: number): Promise<IndexSource[] | null> {
    await this.flush();
    const [row] = await this.deps.db
      .select({ sources: indexPrices.sources })
      .from(indexPrices)
      .where(and(eq(indexPrices.symbol, symbol), eq(indexPrices.time, time)));
    return row?.sources ?? null;
  }

  staleAt(_symbol: string, time: number, recordedAt: number | null): boolean {
    return recordedAt === null || time - recordedAt > this.opts.staleMs;
  }

  async firstAfter(symbol: string, time: number): Promise<{ price: string; time: number } | null> {
    await this.flush();
    const [row] = await this.deps.db
      .select({ price: indexPrices.price, time: indexPrices.time })
      .from(indexPrices)
      .where(and(eq(indexPrices.symbol, symbol), gt(indexPrices.time, time)))
      .orderBy(asc(indexPrices.time))
      .limit(1);
    return row ?? null;
  }

  /** Deletes the sources of prices older than `before` (with the ticks' retention). */
  async prune(before: number): Promise<void> {
    await this.deps.db.delete(indexPrices).where(lt(indexPrices.time, before));
  }
}

/** `value` at exactly `decimals` places, half up, exact on the string. */
function roundTo(value: string, decimals: number): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const kept = `${whole}${fraction.padEnd(decimals, '0').slice(0, decimals)}`;
  const up = fraction.length > decimals && Number(fraction[decimals]) >= 5;
  const digits = (BigInt(kept) + (up ? 1n : 0n)).toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

function changed(a: IndexQuote, b: IndexQuote): boolean {
  if (a.price !== b.price || a.stale !== b.stale) return true;
  return a.sources.some((s, i) => s.used !== b.sources[i]?.used || s.price !== b.sources[i]?.price);
}
