import type { Db } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import type { Notice } from '../notifications/notify.ts';
import { coinById } from '../coins/coins.ts';
import { show } from '../coins/amounts.ts';
import { trailingStopOf, type PositionRow } from './view.ts';

/**
 * What a position's owner is told after a price trigger settled it: a limit entry filled, or a
 * stop, take-profit or liquidation closed it at the recorded price. Null for anything else
 * (a close by hand is the user's own doing). Read inside the settling transaction.
 */
export async function leverNotice(
  app: Pick<ServerDeps, 'market'>,
  tx: Db,
  row: PositionRow,
  at: Date,
): Promise<Notice | null> {
  const spec = app.market.spec(row.symbol);
  const price = (v: string | null) => show(v ?? '0', spec.pricePrecision);
  const base = { position_id: row.id, symbol: row.symbol, name: spec.name, side: row.side };
  const userId = row.userId;
  if (row.status === 'holding')
    return {
      userId,
      at,
      kind: 'lever_entry_filled',
      facts: { ...base, price: price(row.openPrice), lots: row.lots, multiple: row.multiple },
    };
  if (row.status !== 'closed' || row.closeReason === 'manual' || row.closeReason === null)
    return null;
  const coin = await coinById(tx, row.coinId);
  const closed = { ...base, price: price(row.closePrice), coin: coin.name };
  const money = (v: Decimal.Value | null) => show(v ?? '0', coin.decimals);
  if (row.closeReason === 'liquidation') {
    // What the position's loss took of its margin (what is left of it returned to the user).
    const lost = Decimal.max(0, new Decimal(row.profit ?? '0').negated());
    return { userId, at, kind: 'lever_liquidated', facts: { ...closed, margin: money(lost) } };
  }
  if (row.closeReason === 'trailing_stop')
    return {
      userId,
      at,
      kind: 'lever_trailing_stop',
      facts: { ...closed, stop: price(trailingStopOf(row)), profit: money(row.profit) },
    };
  const stopLoss = row.closeReason === 'stop_loss';
  return {
    userId,
    at,
    kind: stopLoss ? 'lever_stop_loss' : 'lever_take_profit',
    facts: {
      ...closed,
      stop: price(stopLoss ? row.stopLoss : row.stopProfit),
      profit: money(row.profit),
    },
  };
}

/** The warning that the mark (`price`, recorded) came near a holding position's liquidation price. */
export function warningNotice(
  app: Pick<ServerDeps, 'market'>,
  row: PositionRow,
  price: string,
  at: Date,
): Notice {
  const spec = app.market.spec(row.symbol);
  return {
    userId: row.userId,
    at,
    kind: 'lever_liquidation_warning',
    facts: {
      position_id: row.id,
      symbol: row.symbol,
      name: spec.name,
      side: row.side,
      price: show(price, spec.pricePrecision),
      liquidation: show(row.liquidationPrice ?? '0', spec.pricePrecision),
    },
  };
}
