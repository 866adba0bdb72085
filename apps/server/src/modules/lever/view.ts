import type { LeverPosition } from '@hx/protocol';
import type { leverPositions } from '@hx/db';
import { Decimal } from '@hx/money';
import {
  liquidationReached,
  marginRatio,
  pnl,
  settledProfit,
  trailingStop as trailingStopAt,
} from './math.ts';

export type PositionRow = typeof leverPositions.$inferSelect;
/** The columns a new position starts without. */
export const NOT_CLOSED = {
  closePrice: null,
  closeTime: null,
  closeReason: null,
  profit: null,
  liquidationWarnedAt: null,
} as const;
export interface Mark {
  price: string;
  time: number;
}

const plain = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());

/** Where a position's trailing stop sits now (null without one, or before its entry fills). */
export function trailingStopOf(row: PositionRow): string | null {
  const { trailingDistance: distance, trailingUnit: unit, trailingPeak: peak } = row;
  if (distance === null || unit === null || peak === null) return null;
  return trailingStopAt(row.side, peak, distance, unit).toFixed();
}

/**
 * A position as the API shows it. A holding position is valued at `mark` (the last recorded
 * price): live P&L, loss capped at the margin, and the margin ratio (risk: 100% is liquidation);
 * a closed one shows what it settled on.
 */
export function positionView(row: PositionRow, mark: Mark | null, coinDecimals = 4): LeverPosition {
  let profit = plain(row.profit);
  let ratio: string | null = null;
  const live = row.status === 'holding' && mark !== null && row.openPrice !== null;
  if (live) {
    const raw = pnl(row.openPrice!, mark.price, row, coinDecimals);
    const capped = settledProfit(raw, row.margin);
    profit = capped.toFixed();
    ratio = liquidationReached(row.side, mark.price, row.liquidationPrice)
      ? '100.00'
      : marginRatio(row.margin, capped, row.maintenanceRatio);
  }
  return {
    id: row.id,
    symbol: row.symbol,
    currency_id: row.coinId,
    side: row.side,
    type: row.type,
    status: row.status,
    lots: row.lots,
    multiple: row.multiple,
    lot_size: new Decimal(row.lotSize).toFixed(),
    limit_price: plain(row.limitPrice),
    open_price: plain(row.openPrice),
    open_tick_price: plain(row.openTickPrice),
    spread: new Decimal(row.spread).toFixed(),
    open_time: row.openTime,
    margin: new Decimal(row.margin).toFixed(),
    fee: new Decimal(row.fee).toFixed(),
    stop_profit: plain(row.stopProfit),
    stop_loss: plain(row.stopLoss),
    liquidation_price: plain(row.liquidationPrice),
    trailing_distance: plain(row.trailingDistance),
    trailing_unit: row.trailingUnit,
    trailing_peak: plain(row.trailingPeak),
    trailing_stop: trailingStopOf(row),
    mark_price: live ? mark.price : null,
    mark_time: live ? mark.time : null,
    profit,
    margin_ratio: ratio,
    close_price: plain(row.closePrice),
    close_time: row.closeTime,
    close_reason: row.closeReason,
    created_at: row.createdAt,
  };
}
