import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { coins, makerPairs, spotOrders, type Db } from '@hx/db';
import { platformBalances } from '@hx/ledger';
import type { makerFills, makerOverview, makerPairView } from '@hx/protocol';
import type { ServerDeps } from '../../lib/deps.ts';
import { plain } from '../operator-core/rows.ts';
import type { SpotService } from '../spot/service.ts';
import { latestFills, pnlOf } from './fills.ts';
import { latestHedges, unhedged } from './hedges.ts';
import type { MakerRow, MakerService } from './service.ts';

type View = z.infer<typeof makerPairView>;
type Deps = Pick<ServerDeps, 'db' | 'priceIndex'> & { maker: MakerService; spot: SpotService };
const maybe = (v: string | null) => (v === null ? null : plain(v));

/** The maker's resting orders per pair. */
export async function makerOpenOrders(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ symbol: spotOrders.symbol, n: count() })
    .from(spotOrders)
    .where(
      and(
        eq(spotOrders.status, 'waiting'),
        isNull(spotOrders.userId),
        eq(spotOrders.type, 'limit'),
      ),
    )
    .groupBy(spotOrders.symbol);
  return new Map(rows.map((r) => [r.symbol, Number(r.n)]));
}

/** A pair's settings (the defaults while it has none), state, index, open orders and P&L. */
export async function pairView(
  deps: Deps,
  symbol: string,
  row: MakerRow | undefined,
  open: number,
): Promise<View> {
  const index = deps.priceIndex.get(symbol);
  const status = deps.maker.status.get(symbol);
  return {
    symbol,
    enabled: row?.enabled ?? false,
    levels: row?.levels ?? 3,
    spread_bps: row?.spreadBps ?? 20,
    size: plain(row?.size ?? '0'),
    refresh_ms: row?.refreshMs ?? 5000,
    base_min: maybe(row?.baseMin ?? null),
    base_max: maybe(row?.baseMax ?? null),
    quote_min: maybe(row?.quoteMin ?? null),
    quote_max: maybe(row?.quoteMax ?? null),
    hedge: row?.hedge ?? false,
    max_unhedged: plain(row?.maxUnhedged ?? '0'),
    state: row?.enabled ? (status?.state ?? 'off') : 'off',
    bounded: row?.enabled ? (status?.bounded ?? []) : [],
    index: index.price,
    open_orders: open,
    unhedged: row ? await unhedged(deps.db, symbol) : '0',
    pnl: await pnlOf(deps.db, symbol, index.price),
  };
}

/** Every spot pair's maker, and the market_maker account's coins. */
export async function overview(deps: Deps): Promise<z.infer<typeof makerOverview>> {
  const rows = new Map((await deps.db.select().from(makerPairs)).map((r) => [r.symbol, r]));
  const open = await makerOpenOrders(deps.db);
  const pairs = await Promise.all(
    [...deps.spot.pairs.values()].map((p) =>
      pairView(deps, p.symbol, rows.get(p.symbol), open.get(p.symbol) ?? 0),
    ),
  );
  const coinRows = await deps.db.select({ id: coins.id, name: coins.name }).from(coins);
  const names = new Map(coinRows.map((c) => [c.id, c.name]));
  const inventory = (await platformBalances(deps.db, 'market_maker')).map((b) => ({
    currency_id: b.coin,
    coin: names.get(b.coin) ?? String(b.coin),
    available: plain(b.available),
    frozen: plain(b.frozen),
  }));
  return { pairs, inventory, hedge_venue: deps.maker.hedgeVenue };
}

/** A pair's latest fills and the hedges beside them. */
export async function fillsView(db: Db, symbol: string): Promise<z.infer<typeof makerFills>> {
  const fills = (await latestFills(db, symbol)).map((f) => ({
    trade_id: f.tradeId,
    symbol: f.symbol,
    side: f.side,
    price: plain(f.price),
    amount: plain(f.amount),
    time: f.time,
  }));
  const hedges = (await latestHedges(db, symbol)).map((h) => ({
    trade_id: h.tradeId,
    side: h.side,
    amount: plain(h.amount),
    status: h.status,
    attempts: h.attempts,
    venue: h.venue,
    venue_order_id: h.venueOrderId,
    price: maybe(h.price),
    error: h.error,
  }));
  return { fills, hedges };
}
