import { eq } from 'drizzle-orm';
import type { RecordDetail, RecordItem, RecordKind } from '@hx/protocol';
import {
  coins,
  deposits,
  financeInterest,
  financeOrders,
  leverPositions,
  optionOrders,
  spotOrders,
  subscriptions,
  withdrawals,
} from '@hx/db';
import { conversionOf } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ms } from '../../lib/clock.ts';
import { show } from '../coins/amounts.ts';
import { findRecord } from './records.ts';

/**
 * One record with what its own table knows beyond the list: addresses, fees, prices, reasons.
 * The record is looked up through the list's query first, so another user's id is not found.
 */

type Extra = Omit<RecordDetail, keyof RecordItem>;
type Extras = (app: Pick<ServerDeps, 'chain' | 'db'>, item: RecordItem) => Promise<Extra>;

/** Decimals of a coin (for amounts read from a table with the coin's id). */
async function decimalsOf(app: Pick<ServerDeps, 'db'>, coinId: number): Promise<number> {
  const [row] = await app.db
    .select({ decimals: coins.decimals })
    .from(coins)
    .where(eq(coins.id, coinId));
  return row?.decimals ?? 8;
}

const fee = (item: RecordItem, amount: Decimal.Value, decimals: number, coin = item) => ({
  currency_id: coin.currency_id,
  coin: coin.coin,
  amount: show(amount, decimals),
});

/** Trimmed to the places the value has (prices, rates). */
const plain = (value: Decimal.Value | null) =>
  value === null ? null : new Decimal(value).toFixed();

const EXTRAS: Partial<Record<RecordKind, Extras>> = {
  async deposit(app, item) {
    const [d] = await app.db.select().from(deposits).where(eq(deposits.id, item.id));
    const decimals = await decimalsOf(app, item.currency_id);
    return {
      address: d!.address,
      reason: d!.reason,
      reviewed_at: ms(d!.reviewedAt),
      reported: show(d!.amount, decimals),
      ...(d!.txHash
        ? {
            tx_hash: d!.txHash,
            explorer_url: app.chain.explorer(d!.network, d!.txHash),
            chain_confirmations: {
              seen: d!.confirmations ?? 0,
              required: d!.confirmationsRequired ?? 0,
            },
          }
        : {}),
    };
  },
  async withdraw(app, item) {
    const [w] = await app.db.select().from(withdrawals).where(eq(withdrawals.id, item.id));
    const decimals = await decimalsOf(app, item.currency_id);
    return {
      fee: fee(item, w!.fee, decimals),
      receive: show(w!.receive, decimals),
      address: w!.destination,
      remark: w!.remark,
      reason: w!.reason,
      reviewed_at: ms(w!.reviewedAt),
      ...(w!.chainStatus
        ? {
            chain_status: w!.chainStatus,
            tx_hash: w!.txHash,
            explorer_url: app.chain.explorer(w!.network, w!.txHash),
            chain_confirmations: w!.txHash
              ? {
                  seen: w!.confirmations ?? 0,
                  required: app.chain.find(w!.network)?.confirmations ?? 0,
                }
              : null,
          }
        : {}),
    };
  },
  async convert(app, item) {
    const entry = await conversionOf(app.db, item.id);
    const memo = JSON.parse(entry.memo ?? '{}') as { price?: string };
    const decimals = await decimalsOf(app, item.currency_id);
    return {
      price: memo.price ?? null,
      fee: fee(item, entry.fee, decimals),
    };
  },
  async spot(app, item) {
    const [o] = await app.db.select().from(spotOrders).where(eq(spotOrders.id, item.id));
    const decimals = await decimalsOf(app, item.currency_id);
    const filled = new Decimal(o!.filled);
    return {
      order_type: o!.type,
      price: filled.gt(0) ? plain(new Decimal(o!.filledQuote).div(filled)) : null,
      fee: fee(item, o!.fee, decimals),
      close_reason: o!.cancelReason,
    };
  },
  async option(app, item) {
    const [o] = await app.db.select().from(optionOrders).where(eq(optionOrders.id, item.id));
    const decimals = await decimalsOf(app, item.currency_id);
    return {
      margin: show(o!.number, decimals),
      seconds: o!.seconds,
      price: plain(o!.openPrice),
      close_price: plain(o!.closePrice),
      closed_at: o!.settleTime,
      profit: o!.profit === null ? null : show(o!.profit, decimals),
    };
  },
  async contract(app, item) {
    const [p] = await app.db.select().from(leverPositions).where(eq(leverPositions.id, item.id));
    const decimals = await decimalsOf(app, item.currency_id);
    return {
      order_type: p!.type,
      lots: p!.lots,
      multiple: p!.multiple,
      margin: show(p!.margin, decimals),
      fee: fee(item, p!.fee, decimals),
      price: plain(p!.openPrice ?? p!.limitPrice),
      close_price: plain(p!.closePrice),
      closed_at: p!.closeTime,
      close_reason: p!.closeReason,
      profit: p!.profit === null ? null : show(p!.profit, decimals),
    };
  },
  async finance(app, item) {
    const [o] = await app.db.select().from(financeOrders).where(eq(financeOrders.id, item.id));
    const decimals = await decimalsOf(app, item.currency_id);
    return {
      days: o!.days,
      daily_rate: plain(o!.dailyRate)!,
      earned: show(o!.earned, decimals),
      penalty: o!.penalty === null ? null : show(o!.penalty, decimals),
      returned: o!.returned === null ? null : show(o!.returned, decimals),
      end_at: o!.endAt.getTime(),
      closed_at: ms(o!.closedAt),
    };
  },
  async interest(app, item) {
    const [row] = await app.db
      .select({ day: financeInterest.day, days: financeOrders.days })
      .from(financeInterest)
      .innerJoin(financeOrders, eq(financeOrders.id, financeInterest.orderId))
      .where(eq(financeInterest.id, item.id));
    return { day: row!.day, days: row!.days };
  },
  async subscription(app, item) {
    const [s] = await app.db.select().from(subscriptions).where(eq(subscriptions.id, item.id));
    const payDecimals = await decimalsOf(app, s!.payCoinId);
    return {
      tokens: plain(s!.tokens)!,
      price: plain(s!.rate),
      refund: s!.refund === null ? null : show(s!.refund, payDecimals),
      reason: s!.reason,
      reviewed_at: ms(s!.reviewedAt),
      unlock_at: ms(s!.unlockAt),
    };
  },
};

/** GET wallet/record: NOT_FOUND unless the record is the caller's. */
export async function recordDetail(
  app: Pick<ServerDeps, 'chain' | 'db'>,
  userId: number,
  kind: RecordKind,
  id: number,
): Promise<RecordDetail> {
  const item = await findRecord(app, userId, kind, id);
  if (!item) throw new AppError('NOT_FOUND');
  const extras = EXTRAS[kind];
  return { ...item, ...(extras ? await extras(app, item) : {}) };
}
