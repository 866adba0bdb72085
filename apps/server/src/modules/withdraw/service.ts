import { and, count, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BANK_NETWORK, WITHDRAWALS_PER_DAY, type withdrawBody } from '@hx/protocol';
import { bankCards, coins, users, withdrawAddresses, withdrawals, type Db } from '@hx/db';
import { accountIds, post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPayPassword } from '../security/pay-password.ts';
import { checkTotp, spendTotp } from '../verification/authenticator.ts';
import { assertMayWithdraw } from '../security/withdraw-guard.ts';
import { assertCanMove } from '../coins/frozen.ts';
import { assertPrecision, plain, show } from '../coins/amounts.ts';
import { coinById, type Coin, recordCoin } from '../coins/coins.ts';
import { ms } from '../../lib/clock.ts';
import { utcDayStart } from '../wallet/service.ts';
import type { DepositSettings } from '../deposit/settings.ts';
import { countWhere, rowsBefore, type Page } from '../../lib/paging.ts';

type Body = z.output<typeof withdrawBody>;

/** The last four characters of a card number, the rest hidden. */
export const maskCard = (number: string) => `**** ${number.replace(/\s+/g, '').slice(-4)}`;

interface Destination {
  network: string;
  addressId: number | null;
  bankCardId: number | null;
  destination: string;
  bank: Record<string, string> | null;
}

/** The saved address (or bank card) the user chose; only their own, live ones. */
async function destinationOf(
  app: Pick<ServerDeps, 'db'>,
  settings: DepositSettings,
  user: User,
  coin: Coin,
  body: Body,
): Promise<Destination> {
  if (body.bank_id) {
    const [card] = await app.db
      .select()
      .from(bankCards)
      .where(
        and(
          eq(bankCards.id, body.bank_id),
          eq(bankCards.userId, user.id),
          isNull(bankCards.deletedAt),
        ),
      );
    if (!card) throw new AppError('NOT_FOUND');
    // Bank payouts are made in the bank currency only.
    if (settings.bank?.currency !== coin.name) throw new AppError('NETWORK_INVALID');
    const bank = {
      name: card.name,
      card_number: card.cardNumber,
      depositary_bank: card.depositaryBank,
      branch: card.branch,
      bank_name: card.bankName,
      bank_address: card.bankAddress,
      swift_code: card.swiftCode,
      payee_address: card.payeeAddress,
      zip_code: card.zipCode,
    };
    return {
      network: BANK_NETWORK,
      addressId: null,
      bankCardId: card.id,
      destination: `${card.bankName} ${maskCard(card.cardNumber)}`,
      bank,
    };
  }
  const live = and(
    eq(withdrawAddresses.userId, user.id),
    eq(withdrawAddresses.coinId, coin.id),
    isNull(withdrawAddresses.deletedAt),
  );
  if (!body.address_id) throw new AppError('ADDRESS_REQUIRED');
  const [address] = await app.db
    .select()
    .from(withdrawAddresses)
    .where(and(live, eq(withdrawAddresses.id, body.address_id)));
  if (!address) {
    const [any] = await app.db.select({ n: count() }).from(withdrawAddresses).where(live);
    throw new AppError((any?.n ?? 0) === 0 ? 'ADDRESS_REQUIRED' : 'NOT_FOUND');
  }
  return {
    network: address.network,
    addressId: address.id,
    bankCardId: null,
    destination: address.address,
    bank: null,
  };
}

/**
 * What `userId` requested today (UTC) of `coinId` on `network`, rejected requests left out:
 * what counts against the network's daily amount.
 */
export async function withdrawnToday(
  db: Db,
  userId: number,
  coinId: number,
  network: string,
  now: Date,
): Promise<Decimal> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${withdrawals.amount})` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.coinId, coinId),
        eq(withdrawals.network, network),
        ne(withdrawals.status, 'rejected'),
        gte(withdrawals.createdAt, utcDayStart(now)),
      ),
    );
  return new Decimal(row?.total ?? 0);
}

/**
 * A withdrawal request. Prerequisites in order, each with its own code: not frozen, basic KYC
 * verified, a fund password, a saved address (or bank card), no withdrawal lock and the
 * whitelist's 24 h (security/withdraw-guard.ts), the network open, the minimum, the network's
 * maximum per withdrawal, the fund password itself; then, in one transaction with the user row
 * locked: the lock and whitelist again, at most 3 a UTC day, the network's daily amount, and the
 * amount moved from available to frozen (INSUFFICIENT_BALANCE when short).
 */
export async function requestWithdrawal(
  app: Pick<ServerDeps, 'clock' | 'db' | 'ledger'>,
  settings: DepositSettings,
  { user, claim }: UserContext,
  body: Body,
) {
  assertCanMove(user);
  if (user.kycBasic !== 'verified') throw new AppError('KYC_REQUIRED');
  if (!user.payPasswordHash) throw new AppError('PAY_PASSWORD_NOT_SET');
  const coin = await coinById(app.db, body.currency_id);
  const target = await destinationOf(app, settings, user, coin, body);
  await assertMayWithdraw(app.db, user.id, target, app.clock.now());
  const terms = settings.terms(coin.name, target.network);
  if (!terms.withdrawEnabled) throw new AppError('WITHDRAW_SUSPENDED');
  const amount = assertPrecision(body.number, coin);
  const fee = new Decimal(coin.withdrawFee);
  const receive = amount.minus(fee);
  if (amount.lessThan(coin.withdrawMin) || !receive.greaterThan(0))
    throw new AppError('WITHDRAW_BELOW_MIN', { min: plain(coin.withdrawMin), coin: coin.name });
  if (terms.withdrawMax !== null && amount.greaterThan(terms.withdrawMax))
    throw new AppError('WITHDRAW_ABOVE_MAX', { max: plain(terms.withdrawMax), coin: coin.name });
  // The authenticator before the fund password, so a guess at it is not confirmed without it.
  const totp = await checkTotp(app, user.id, body.totp);
  await verifyPayPassword(app, user, body.pay_password);
  const spot = { user: user.id, sub: 'currency' as const, coin: coin.id };
  await accountIds(app.db, [spot]);

  const done = await app.ledger.transaction(
    async (tx) => {
      const at = app.clock.now();
      const [fresh] = await tx
        .select({ frozen: users.frozen })
        .from(users)
        .where(eq(users.id, user.id))
        .for('update');
      assertCanMove({ frozen: fresh?.frozen ?? true });
      await spendTotp(tx, user.id, totp, at); // spent with the withdrawal, so a replay needs none
      // Again under the user row's lock: a password reset committing meanwhile is seen.
      await assertMayWithdraw(tx, user.id, target, at);
      const [today] = await tx
        .select({ n: count() })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, user.id), gte(withdrawals.createdAt, utcDayStart(at))));
      if ((today?.n ?? 0) >= WITHDRAWALS_PER_DAY)
        throw new AppError('WITHDRAW_DAILY_LIMIT', { limit: WITHDRAWALS_PER_DAY });
      if (terms.withdrawDailyAmount !== null) {
        const limit = new Decimal(terms.withdrawDailyAmount);
        const used = await withdrawnToday(tx, user.id, coin.id, target.network, at);
        if (used.plus(amount).greaterThan(limit))
          throw new AppError('WITHDRAW_DAILY_AMOUNT', {
            limit: plain(limit),
            coin: coin.name,
            left: plain(Decimal.max(0, limit.minus(used))),
          });
      }
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId: user.id,
          coinId: coin.id,
          ...target,
          amount: amount.toFixed(),
          fee: fee.toFixed(),
          receive: receive.toFixed(),
          remark: body.remark ?? null,
          createdAt: at,
        })
        .returning({ id: withdrawals.id });
      await post(tx, {
        kind: 'withdraw_freeze',
        refType: 'withdrawal',
        refId: row!.id,
        at,
        lines: [
          { account: spot, bucket: 'available', amount: amount.negated() },
          { account: spot, bucket: 'frozen', amount },
        ],
      });
      return {
        id: row!.id,
        status: 'review' as const,
        fee: show(fee, coin.decimals),
        receive: show(receive, coin.decimals),
      };
    },
    { claim },
  );
  return done;
}

/** `charge_mention/log3`: the user's withdrawals, newest first. */
export async function withdrawalLog(
  app: Pick<ServerDeps, 'chain' | 'db'>,
  userId: number,
  page: Page,
) {
  const rows = await app.db
    .select({ w: withdrawals, name: coins.name, decimals: coins.decimals })
    .from(withdrawals)
    .innerJoin(coins, eq(coins.id, withdrawals.coinId))
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(page.limit)
    .offset(rowsBefore(page));
  const total = await countWhere(app.db, withdrawals, eq(withdrawals.userId, userId));
  return {
    list: rows.map(({ w, name, decimals }) => ({
      ...recordCoin(w, name),
      address: w.destination,
      number: show(w.amount, decimals),
      fee: show(w.fee, decimals),
      receive: show(w.receive, decimals),
      remark: w.remark,
      status: w.status,
      reason: w.reason,
      created_at: w.createdAt.getTime(),
      reviewed_at: ms(w.reviewedAt),
      chain_status: w.chainStatus,
      tx_hash: w.txHash,
      explorer_url: app.chain.explorer(w.network, w.txHash),
      confirmations: w.confirmations,
      confirmations_required: app.chain.find(w.network)?.confirmations ?? null,
    })),
    total,
    page: page.page,
  };
}
