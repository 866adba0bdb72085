import { and, asc, isNotNull, isNull, sql } from 'drizzle-orm';
import { referralRebates, tradingFees } from '@hx/db';
import { post, type Line, type LedgerWriter } from '@hx/ledger';
import { Decimal } from '@hx/money';

const BATCH = 500;

/**
 * Pays the inviter's share of trading fees: claims fee rows of invited users that have no rebate
 * yet (`FOR UPDATE SKIP LOCKED`, so two processes never take the same rows), records one rebate
 * per fee (unique per fee, so a fee is rebated once) and moves the total from the fees account to
 * each inviter's spot account in one balanced entry. Returns the number of fees handled.
 */
export async function settleRebates(
  ledger: Pick<LedgerWriter, 'transaction'>,
  rate: string,
  at: Date,
): Promise<number> {
  const share = new Decimal(rate);
  const handled = await ledger.transaction(async (tx) => {
    const fees = await tx
      .select()
      .from(tradingFees)
      .where(
        and(
          isNotNull(tradingFees.inviterId),
          isNull(
            sql`(select ${referralRebates.id} from ${referralRebates} where ${referralRebates.feeId} = ${tradingFees.id})`,
          ),
        ),
      )
      .orderBy(asc(tradingFees.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (fees.length === 0) return 0;
    const rows = fees.map((fee) => ({
      feeId: fee.id,
      inviterId: fee.inviterId!,
      inviteeId: fee.userId,
      coinId: fee.coinId,
      fee: fee.amount,
      rate,
      amount: new Decimal(fee.amount)
        .times(share)
        .toDecimalPlaces(18, Decimal.ROUND_DOWN)
        .toFixed(),
      createdAt: at,
    }));
    const lines: Line[] = [];
    for (const row of rows) {
      if (!new Decimal(row.amount).gt(0)) continue;
      lines.push(
        { account: { platform: 'fees', coin: row.coinId }, amount: `-${row.amount}` },
        { account: { user: row.inviterId, sub: 'currency', coin: row.coinId }, amount: row.amount },
      );
    }
    const entry =
      lines.length > 0
        ? await post(tx, {
            kind: 'referral_rebate',
            refType: 'trading_fee',
            refId: fees[0]!.id,
            memo: `fees ${fees[0]!.id}–${fees.at(-1)!.id} at ${rate}`,
            lines,
            at,
          })
        : null;
    await tx
      .insert(referralRebates)
      .values(rows.map((r) => ({ ...r, entryId: entry?.entryId ?? null })));
    return fees.length;
  });
  return handled;
}
