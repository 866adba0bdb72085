import { sql } from 'drizzle-orm';
import { meta, rowsOf, type Db } from '@hx/db';
import type { Bar, Period, Tick } from '@hx/market';
import type { HistoryChunk } from './generate.ts';

/**
 * The SQL of market data. Bulk writes pass whole columns as arrays through `unnest`, so one
 * statement carries any number of rows on both PGlite and PostgreSQL.
 */

/** A stored numeric ("64213.520000000000000000") at `dp` decimals, without re-parsing. */
export function atPrecision(value: string, dp: number): string {
  const dot = value.indexOf('.');
  const whole = dot === -1 ? value : value.slice(0, dot);
  if (dp === 0) return whole;
  const fraction = dot === -1 ? '' : value.slice(dot + 1, dot + 1 + dp);
  return `${whole}.${fraction.padEnd(dp, '0')}`;
}

export interface PeriodRow extends Bar {
  symbol: string;
  period: Period;
}

interface BarRow {
  symbol: string;
  period: string;
  time: string | number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

const toBar = (r: BarRow, dp: (symbol: string) => [number, number]): PeriodRow => {
  const [pp, ap] = dp(r.symbol);
  return {
    symbol: r.symbol,
    period: r.period as Period,
    time: Number(r.time),
    open: atPrecision(r.open, pp),
    high: atPrecision(r.high, pp),
    low: atPrecision(r.low, pp),
    close: atPrecision(r.close, pp),
    volume: atPrecision(r.volume, ap),
  };
};

export async function insertTicks(db: Db, ticks: readonly Tick[]): Promise<void> {
  if (ticks.length === 0) return;
  await db.execute(sql`
    insert into market_ticks (symbol, time, price, volume)
    select * from unnest(
      ${sql.param(ticks.map((t) => t.symbol))}::text[],
      ${sql.param(ticks.map((t) => t.time))}::bigint[],
      ${sql.param(ticks.map((t) => t.price))}::numeric[],
      ${sql.param(ticks.map((t) => t.volume))}::numeric[])`);
}

function insertBarsSql(bars: readonly PeriodRow[]) {
  const column = <K extends keyof PeriodRow>(k: K) => sql.param(bars.map((b) => b[k]));
  return sql`
    insert into market_klines (symbol, period, time, open, high, low, close, volume)
    select * from unnest(
      ${column('symbol')}::text[], ${column('period')}::text[], ${column('time')}::bigint[],
      ${column('open')}::numeric[], ${column('high')}::numeric[], ${column('low')}::numeric[],
      ${column('close')}::numeric[], ${column('volume')}::numeric[])`;
}

/**
 * Inserts a chunk of back-filled bars, columns as array literals. A bar already stored is the
 * same bar from an earlier, interrupted run of the same back-fill: kept.
 */
export async function insertChunk(db: Db, c: HistoryChunk): Promise<void> {
  await db.execute(sql`
    insert into market_klines (symbol, period, time, open, high, low, close, volume)
    select ${c.symbol}, * from unnest(
      ${c.period}::text[], ${c.time}::bigint[], ${c.open}::numeric[], ${c.high}::numeric[],
      ${c.low}::numeric[], ${c.close}::numeric[], ${c.volume}::numeric[])
    on conflict (symbol, period, time) do nothing`);
}

/**
 * Stores bars that are the earlier part of their period: where a bar of the same period is
 * stored (the later part), they open it, widen its range and add their volume; its close stays.
 */
export async function joinEarlierBars(db: Db, bars: readonly PeriodRow[]): Promise<void> {
  if (bars.length === 0) return;
  await db.execute(sql`${insertBarsSql(bars)}
    on conflict (symbol, period, time) do update set
      open = excluded.open,
      high = greatest(market_klines.high, excluded.high),
      low = least(market_klines.low, excluded.low),
      volume = market_klines.volume + excluded.volume`);
}

/** Inserts bars, replacing stored ones of the same (symbol, period, time). Keys must be unique. */
export async function upsertBars(db: Db, bars: readonly PeriodRow[]): Promise<void> {
  if (bars.length === 0) return;
  await db.execute(sql`${insertBarsSql(bars)}
    on conflict (symbol, period, time) do update set
      open = excluded.open, high = excluded.high, low = excluded.low,
      close = excluded.close, volume = excluded.volume`);
}

/** The last tick at or before `t` (ties: the one recorded last). */
export async function tickAt(
  db: Db,
  symbol: string,
  t: number,
): Promise<{ price: string; time: number } | null> {
  const [row] = rowsOf<{ price: string; time: string | number }>(
    await db.execute(sql`
      select price, time from market_ticks
      where symbol = ${symbol} and time <= ${t}
      order by time desc, id desc limit 1`),
  );
  return row ? { price: row.price, time: Number(row.time) } : null;
}

/** The latest tick of each symbol. */
export async function lastTicks(db: Db, symbols: readonly string[]) {
  const rows = rowsOf<{ symbol: string; price: string; time: string | number }>(
    await db.execute(sql`
      select t.symbol, t.price, t.time from unnest(${sql.param(symbols)}::text[]) as s(symbol)
      cross join lateral (
        select symbol, price, time from market_ticks where symbol = s.symbol
        order by time desc, id desc limit 1) as t`),
  );
  return rows.map((r) => ({ symbol: r.symbol, price: r.price, time: Number(r.time) }));
}

const BAR_COLUMNS = sql`symbol, period, time, open, high, low, close, volume`;

/** Bars of one symbol and period in [from, to): the latest `limit` of them, ascending. */
export async function barsBetween(
  db: Db,
  symbol: string,
  period: Period,
  from: number,
  to: number,
  limit: number,
  dp: (symbol: string) => [number, number],
): Promise<PeriodRow[]> {
  const rows = rowsOf<BarRow>(
    await db.execute(sql`
      select ${BAR_COLUMNS} from market_klines
      where symbol = ${symbol} and period = ${period} and time >= ${from} and time < ${to}
      order by time desc limit ${limit}`),
  );
  return rows.reverse().map((r) => toBar(r, dp));
}

/** The stored bars of `period` that start exactly at `time` (the open bars after a restart). */
export async function barsAt(
  db: Db,
  symbols: readonly string[],
  period: Period,
  time: number,
  dp: (symbol: string) => [number, number],
): Promise<PeriodRow[]> {
  const rows = rowsOf<BarRow>(
    await db.execute(sql`
      select ${BAR_COLUMNS} from market_klines
      where symbol = any(${sql.param(symbols)}::text[]) and period = ${period} and time = ${time}`),
  );
  return rows.map((r) => toBar(r, dp));
}

/** The 1min bars of all symbols in [from, to), by symbol and time. */
export async function minuteBars(
  db: Db,
  symbols: readonly string[],
  from: number,
  to: number,
  dp: (symbol: string) => [number, number],
): Promise<PeriodRow[]> {
  const rows = rowsOf<BarRow>(
    await db.execute(sql`
      select ${BAR_COLUMNS} from market_klines
      where symbol = any(${sql.param(symbols)}::text[]) and period = '1min'
        and time >= ${from} and time < ${to}
      order by symbol, time`),
  );
  return rows.map((r) => toBar(r, dp));
}

/** The latest stored bar of every (symbol, period), e.g. to continue history after a pause. */
export async function latestBars(
  db: Db,
  symbols: readonly string[],
  periods: readonly Period[],
  dp: (symbol: string) => [number, number],
): Promise<PeriodRow[]> {
  const rows = rowsOf<BarRow>(
    await db.execute(sql`
      select k.* from unnest(${sql.param(symbols)}::text[]) as s(symbol)
      cross join unnest(${sql.param(periods)}::text[]) as p(period)
      cross join lateral (
        select ${BAR_COLUMNS} from market_klines
        where symbol = s.symbol and period = p.period order by time desc limit 1) as k`),
  );
  return rows.map((r) => toBar(r, dp));
}

/** Deletes ticks older than `before`, symbol by symbol (each uses the (symbol, time) index). */
export async function pruneTicks(
  db: Db,
  symbols: readonly string[],
  before: number,
): Promise<number> {
  let deleted = 0;
  for (const symbol of symbols) {
    const result = await db.execute(
      sql`delete from market_ticks where symbol = ${symbol} and time < ${before}`,
    );
    // node-postgres says rowCount, PGlite affectedRows.
    const counts = result as { rowCount?: number | null; affectedRows?: number };
    deleted += counts.rowCount ?? counts.affectedRows ?? 0;
  }
  return deleted;
}

export async function readMeta(db: Db, key: string): Promise<string | null> {
  const rows = rowsOf<{ value: string }>(
    await db.execute(sql`select value from ${meta} where key = ${key}`),
  );
  return rows[0]?.value ?? null;
}

export async function writeMeta(db: Db, key: string, value: string, at: number): Promise<void> {
  await db
    .insert(meta)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: at } });
}
