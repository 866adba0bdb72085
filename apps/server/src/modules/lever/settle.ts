import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { LeverCloseReason } from '@hx/protocol';
import { leverPositions, lookup, tradingFees, users, type Db } from '@hx/db';
import { post, type Entry, type LedgerJob, type Line, type RowMove } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { liquidationPrice, pnl, settledProfit } from './math.ts';
import { trailingStopOf, type Mark, type PositionRow } from './view.ts';

/**
 * The state changes of a position, each one guarded in SQL (the row is locked and its status
 * checked), so a trigger and a user, or two processes, can race and only one wins. Each returns
 * the updated row, or null when the position was no longer in the state the caller saw.
 */

const contract = (row: PositionRow) => ({
  user: row.userId,
  sub: 'contract' as const,
  coin: row.coinId,
});
const nonzero = (lines: Line[]) => lines.filter((l) => !new Decimal(l.amount).isZero());

async function locked(tx: Db, id: number): Promise<PositionRow | undefined> {
  const [row] = await tx
    .select()
    .from(leverPositions)
    .where(eq(leverPositions.id, id))
    .for('update');
  return row;
}

/** A trading-fee record with the user's inviter at the time (referral rebates read these). */
export async function recordFee(tx: Db, row: PositionRow, at: Date): Promise<void> {
  if (new Decimal(row.fee).gt(0)) await tx.insert(tradingFees).values(feeRecord(row, at));
}

/** The same record, written with a ledger job's batch. */
export function recordFeeWith(job: LedgerJob, row: PositionRow, at: Date): void {
  if (new Decimal(row.fee).gt(0)) job.insert(tradingFees, feeRecord(row, at));
}

/** The fee row; its inviter is read by the insert itself. */
const feeRecord = (row: PositionRow, at: Date) => ({
  userId: row.userId,
  inviterId: lookup(users.invitedBy, users.id, row.userId),
  source: 'contract' as const,
  refId: row.id,
  coinId: row.coinId,
  amount: row.fee,
  createdAt: at,
});

export interface CloseGuard {
  /** For a stop: the stop price that fired must still be the position's stop. */
  stopProfit?: string;
  stopLoss?: string;
  /** For a trailing stop: the stop that fired must be where the position's stands (saved peak). */
  trailingStop?: string;
}

/**
 * Closes a holding position at a recorded price: the margin leaves the frozen bucket, margin + P&L
 * (never below zero) returns to the user, the P&L is settled against the platform's payouts.
 */
export async function closeAt(
  tx: Db,
  id: number,
  mark: Mark,
  reason: LeverCloseReason,
  at: Date,
  coinDecimals: number,
  guard: CloseGuard = {},
): Promise<PositionRow | null> {
  const row = await locked(tx, id);
  if (!row || row.status !== 'holding' || row.openPrice === null) return null;
  if (
    guard.stopProfit !== undefined &&
    (row.stopProfit === null || !new Decimal(row.stopProfit).eq(guard.stopProfit))
  )
    return null;
  if (
    guard.stopLoss !== undefined &&
    (row.stopLoss === null || !new Decimal(row.stopLoss).eq(guard.stopLoss))
  )
    return null;
  if (guard.trailingStop !== undefined) {
    const stop = trailingStopOf(row);
    if (stop === null || !new Decimal(stop).eq(guard.trailingStop)) return null;
  }
  const profit = settledProfit(pnl(row.openPrice, mark.price, row, coinDecimals), row.margin);
  const [closed] = await tx
    .update(leverPositions)
    .set(closedAt(mark, reason, at, profit))
    .where(and(eq(leverPositions.id, id), eq(leverPositions.status, 'holding')))
    .returning();
  if (!closed) return null;
  await post(tx, closeEntry(row, mark, reason, at, profit));
  return closed;
}

/** A position's columns once closed at `mark`. */
const closedAt = (mark: Mark, reason: LeverCloseReason, at: Date, profit: Decimal) => ({
  status: 'closed' as const,
  closePrice: mark.price,
  closeTime: mark.time,
  closeReason: reason,
  profit: profit.toFixed(),
  updatedAt: at.getTime(),
});

/** The margin leaves the frozen bucket, margin + P&L returns, the P&L against payouts. */
function closeEntry(
  row: PositionRow,
  mark: Mark,
  reason: LeverCloseReason,
  at: Date,
  profit: Decimal,
): Entry {
  const margin = new Decimal(row.margin);
  return {
    kind: 'contract_close',
    refType: 'lever_position',
    refId: row.id,
    at,
    memo: JSON.stringify({ reason, price: mark.price, price_time: mark.time }),
    lines: nonzero([
      { account: contract(row), bucket: 'frozen', amount: margin.negated() },
      { account: contract(row), amount: margin.plus(profit) },
      { account: { platform: 'payouts', coin: row.coinId }, amount: profit.negated() },
    ]),
  };
}

/**
 * `closeAt` as a ledger job without SQL of its own (a user's manual close): `row` is the position
 * as read while holding (what P&L needs never changes while it holds). The close itself is the
 * job's `move`, guarded on `holding` and made with the batch's other moves in one statement; a
 * trigger or another process that closed it first leaves `job.moved` null and nothing posted.
 */
export function closeHeld(
  row: PositionRow,
  mark: Mark,
  reason: LeverCloseReason,
  at: Date,
  coinDecimals: number,
): { move: RowMove; post: (job: LedgerJob) => Promise<PositionRow | null> } {
  const profit = settledProfit(pnl(row.openPrice!, mark.price, row, coinDecimals), row.margin);
  return {
    move: {
      table: leverPositions,
      id: row.id,
      guard: { status: 'holding' },
      set: closedAt(mark, reason, at, profit),
    },
    async post(job) {
      const closed = job.moved as PositionRow | null;
      if (!closed) return null;
      await job.post(closeEntry(closed, mark, reason, at, profit));
      return closed;
    },
  };
}

/**
 * Fills a waiting limit entry at its limit price, on the recorded tick that reached it: the fee
 * frozen at submission goes to the fees account, the margin stays frozen.
 */
export async function fillAt(
  tx: Db,
  id: number,
  tick: Mark,
  at: Date,
): Promise<PositionRow | null> {
  const row = await locked(tx, id);
  if (!row || row.status !== 'waiting' || row.limitPrice === null) return null;
  const [filled] = await tx
    .update(leverPositions)
    .set({
      status: 'holding',
      openPrice: row.limitPrice,
      openTickPrice: tick.price,
      openTime: tick.time,
      liquidationPrice: liquidationPrice(
        row.side,
        row.limitPrice,
        row.multiple,
        row.maintenanceRatio,
      ).toFixed(),
      // A trailing stop starts following the mark from the tick that filled the entry.
      trailingPeak: row.trailingDistance === null ? null : tick.price,
      updatedAt: at.getTime(),
    })
    .where(and(eq(leverPositions.id, id), eq(leverPositions.status, 'waiting')))
    .returning();
  if (!filled) return null;
  const fee = new Decimal(row.fee);
  if (fee.gt(0)) {
    await post(tx, {
      kind: 'contract_fee',
      refType: 'lever_position',
      refId: id,
      at,
      memo: JSON.stringify({ price: row.limitPrice, tick: tick.price, price_time: tick.time }),
      lines: [
        { account: contract(row), bucket: 'frozen', amount: fee.negated() },
        { account: { platform: 'fees', coin: row.coinId }, amount: fee },
      ],
    });
    await recordFee(tx, filled, at);
  }
  return filled;
}

/** Withdraws a waiting limit entry: margin and fee return to available. */
export async function cancelWaiting(
  tx: Db,
  id: number,
  userId: number,
  at: Date,
): Promise<PositionRow | null> {
  const row = await locked(tx, id);
  if (!row || row.userId !== userId || row.status !== 'waiting') return null;
  const [cancelled] = await tx
    .update(leverPositions)
    .set({ status: 'cancelled', updatedAt: at.getTime() })
    .where(and(eq(leverPositions.id, id), eq(leverPositions.status, 'waiting')))
    .returning();
  if (!cancelled) return null;
  const held = new Decimal(row.margin).plus(row.fee);
  await post(tx, {
    kind: 'contract_cancel',
    refType: 'lever_position',
    refId: id,
    at,
    lines: [
      { account: contract(row), bucket: 'frozen', amount: held.negated() },
      { account: contract(row), amount: held },
    ],
  });
  return cancelled;
}

/**
 * Records that the owner was warned of the liquidation nearing (at the tick's time), once: null
 * when the position is no longer holding or was already warned (another process was first).
 */
export async function markWarned(tx: Db, id: number, tick: Mark): Promise<PositionRow | null> {
  const [row] = await tx
    .update(leverPositions)
    .set({ liquidationWarnedAt: tick.time })
    .where(
      and(
        eq(leverPositions.id, id),
        eq(leverPositions.status, 'holding'),
        isNull(leverPositions.liquidationWarnedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Re-arms the liquidation warning (the mark went well back); false when nothing changed. */
export async function rearmWarning(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(leverPositions)
    .set({ liquidationWarnedAt: null })
    .where(
      and(
        eq(leverPositions.id, id),
        eq(leverPositions.status, 'holding'),
        isNotNull(leverPositions.liquidationWarnedAt),
      ),
    )
    .returning({ id: leverPositions.id });
  return rows.length > 0;
}

/**
 * Persists trailing peaks a mark passed: every holding trailing stop of `symbol` and `side`
 * whose peak is below `peak` (long; above for a short) gets it. One statement per symbol and
 * side, however many stops moved, exact because the peak is the best mark since each was set
 * (the runner calls it before a limit entry with a trailing stop can fill).
 */
export async function savePeaks(
  db: Db,
  symbol: string,
  side: 'long' | 'short',
  peak: string,
): Promise<void> {
  await db
    .update(leverPositions)
    .set({ trailingPeak: peak })
    .where(
      and(
        eq(leverPositions.symbol, symbol),
        eq(leverPositions.side, side),
        eq(leverPositions.status, 'holding'),
        isNotNull(leverPositions.trailingDistance),
        side === 'long'
          ? lt(leverPositions.trailingPeak, peak)
          : gt(leverPositions.trailingPeak, peak),
      ),
    );
}
