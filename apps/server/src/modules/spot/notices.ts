import type { Db } from '@hx/db';
import { reserveNotificationIds, type Facts, type Told } from '../notifications/notify.ts';
import { isUser, type Batch } from './matching.ts';
import type { Pair } from './pair.ts';
import { orderView } from './rows.ts';

/** A notification row the batch statement inserts (batch-sql.ts), its id taken beforehand. */
export interface NoticeRow extends Told {
  facts: Facts;
}

/**
 * `spot_filled` for every user order this batch completes (the market maker's have no user).
 * Ids come from the notifications' sequence first, so the rows can go into the batch's one
 * statement (written together with the fills, or not at all) and be pushed after it.
 */
export async function fillNotices(db: Db, pair: Pair, batch: Batch): Promise<NoticeRow[]> {
  const filled = [...batch.orders.values()].filter(
    (o) => isUser(o.userId) && o.status === 'completed', // not the maker's nor the demo flow's
  );
  if (filled.length === 0) return [];
  const ids = await reserveNotificationIds(db, filled.length);
  return filled.map((order, i) => {
    const view = orderView(pair, order);
    return {
      id: ids[i]!,
      userId: order.userId!,
      kind: 'spot_filled',
      facts: {
        order_id: order.id,
        symbol: pair.symbol,
        name: pair.name,
        side: order.side,
        amount: view.filled,
        base: pair.base,
        price: view.avg_price ?? '0',
        quote: pair.quote,
      },
    };
  });
}
