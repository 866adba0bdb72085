import { asc } from 'drizzle-orm';
import { spotPairs, type Db } from '@hx/db';
import { parseUnits, type PairSpec } from '@hx/engine';
import { SYMBOLS } from '@hx/market';
import { Decimal } from '@hx/money';

/** Fee rates are kept as integers over RATE_ONE: 0.001 → 100_000n. */
export const RATE_DECIMALS = 8;
export const RATE_ONE = 10n ** BigInt(RATE_DECIMALS);

/** A spot pair as the writer uses it: the engine's units, coins and fee rates. */
export interface Pair {
  symbol: string;
  name: string;
  base: string;
  quote: string;
  baseCoin: number;
  quoteCoin: number;
  spec: PairSpec;
  /** Rates over RATE_ONE. */
  makerFee: bigint;
  takerFee: bigint;
  makerFeeText: string;
  takerFeeText: string;
  enabled: boolean;
}

/** Inserts the catalogue's spot pairs that are missing (operators edit the rows later). */
export async function seedPairs(db: Db): Promise<void> {
  const rows = SYMBOLS.filter((s) => s.kind === 'spot').map((s, i) => {
    // The venue's lot: the step is one unit of its last amount decimal.
    const amountScale = s.amountPrecision;
    return {
      symbol: s.symbol,
      baseCoinId: s.baseCoinId!,
      quoteCoinId: s.quoteCoinId!,
      priceScale: s.pricePrecision,
      amountScale,
      tick: s.tickSize,
      step: amountScale === 0 ? '1' : `0.${'0'.repeat(amountScale - 1)}1`,
      sort: i,
    };
  });
  await db.insert(spotPairs).values(rows).onConflictDoNothing();
}

export async function loadPairs(db: Db): Promise<Pair[]> {
  const rows = await db.select().from(spotPairs).orderBy(asc(spotPairs.sort));
  const names = new Map(SYMBOLS.map((s) => [s.symbol, s]));
  return rows.map((row) => {
    const info = names.get(row.symbol);
    const rate = (text: string) => parseUnits(text, RATE_DECIMALS);
    return {
      symbol: row.symbol,
      name: info?.name ?? row.symbol,
      base: info?.base ?? '',
      quote: info?.quote ?? '',
      baseCoin: row.baseCoinId,
      quoteCoin: row.quoteCoinId,
      spec: {
        symbol: row.symbol,
        priceScale: row.priceScale,
        amountScale: row.amountScale,
        tick: parseUnits(row.tick, row.priceScale),
        step: parseUnits(row.step, row.amountScale),
      },
      makerFee: rate(row.makerFee),
      takerFee: rate(row.takerFee),
      makerFeeText: new Decimal(row.makerFee).toFixed(),
      takerFeeText: new Decimal(row.takerFee).toFixed(),
      enabled: row.enabled,
    };
  });
}
