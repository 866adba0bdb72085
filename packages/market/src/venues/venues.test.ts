import { afterEach, describe, expect, it } from 'vitest';
import type { MarketSource, SourceStatus, Tick } from '../types.ts';
import { createVenueSource, VENUES, type Venue } from './create.ts';
import { computeIndex } from './median.ts';
import { startVenueServer, type VenueServer } from './venue-server.ts';

const rules = { staleMs: 10_000, maxDeviation: '0.02', minSources: 1 };
const at = (venue: string, price: string | null, time: number | null = 1000) => ({
  venue,
  price,
  time,
});

describe('computeIndex', () => {
  it('is the median of the fresh sources', () => {
    const r = computeIndex(
      [at('binance', '100'), at('okx', '101'), at('bybit', '100.5')],
      5000,
      rules,
    );
    expect(r).toMatchObject({ price: '100.5', stale: false });
    expect(r.sources.every((s) => s.used)).toBe(true);
    expect(computeIndex([at('a', '100'), at('b', '101')], 5000, rules).price).toBe('100.5');
  });

  it('leaves out a source too far from the median of the others, and shows it', () => {
    const r = computeIndex(
      [at('binance', '100'), at('okx', '103'), at('bybit', '100.2')],
      5000,
      rules,
    );
    expect(r.price).toBe('100.1');
    expect(r.sources.map((s) => s.used)).toEqual([true, false, true]);
  });

  it('goes stale when too few sources are fresh, keeping the last price', () => {
    const three = { ...rules, minSources: 2 };
    const old = computeIndex(
      [at('a', '100', 0), at('b', '101', 11_000), at('c', null, null)],
      12_000,
      three,
    );
    expect(old).toMatchObject({ price: '101', stale: true });
    expect(old.sources.map((s) => s.used)).toEqual([false, true, false]);
    // Two that disagree: neither is trusted.
    expect(computeIndex([at('a', '100'), at('b', '110')], 2000, rules).stale).toBe(true);
  });
});

const servers: VenueServer[] = [];
const sources: MarketSource[] = [];
afterEach(async () => {
  await Promise.all(sources.splice(0).map((s) => s.stop()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function connect(venue: Venue, silentMs = 30_000) {
  const server = await startVenueServer(venue);
  servers.push(server);
  const source = createVenueSource(venue, {
    url: server.url,
    symbols: ['BTCUSDT', 'ETHUSDT', 'XAUUSD'],
    backoff: { initialMs: 20, maxMs: 50 },
    silentMs,
    pingMs: 30,
  });
  sources.push(source);
  const ticks: Tick[] = [];
  const states: SourceStatus['state'][] = [];
  source.start((t) => ticks.push(t), { onStatus: (s) => states.push(s.state) });
  await server.subscribed(1);
  return { server, ticks, states };
}

describe.each(VENUES)('%s public stream', (venue) => {
  it('subscribes to the spot pairs, takes prices, and reconnects after a drop', async () => {
    const { server, ticks } = await connect(venue);
    expect(JSON.stringify(server.subscriptions[0])).toMatch(/btc/i);
    expect(JSON.stringify(server.subscriptions[0])).not.toMatch(/xau/i);
    server.push('BTC', 'USDT', '97000.25', 1_765_000_000_000);
    await until(() => ticks.length === 1);
    expect(ticks[0]).toMatchObject({
      symbol: 'BTCUSDT',
      price: '97000.25',
      time: 1_765_000_000_000,
    });
    server.drop();
    await server.subscribed(2);
    server.push('ETH', 'USDT', '3100.25');
    await until(() => ticks.some((t) => t.symbol === 'ETHUSDT' && t.price === '3100.25'));
  });
});

describe('keeping a connection', () => {
  it('pings OKX and Bybit as they ask', async () => {
    const okx = await connect('okx');
    const bybit = await connect('bybit');
    await until(() => okx.server.pings >= 2 && bybit.server.pings >= 2);
  });

  it('drops a silent socket and connects again (watchdog)', async () => {
    const { server, states } = await connect('binance', 100);
    await server.subscribed(2);
    expect(states.filter((s) => s === 'closed').length).toBeGreaterThanOrEqual(1);
  });
});
