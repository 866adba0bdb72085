import { sql, type SQL } from 'drizzle-orm';
import type { RecordKind } from '@hx/protocol';
import {
  coins,
  deposits,
  financeInterest,
  financeOrders,
  leverPositions,
  optionOrders,
  referralRebates,
  spotOrders,
  spotPairs,
  subscriptionProjects,
  subscriptions,
  tradingFees,
  transfers,
  withdrawals,
} from '@hx/db';
import { conversionFees, conversions, demoFundsCredits } from '@hx/ledger';

/**
 * Where each kind of asset record comes from: the table (or ledger subquery) that holds it, and
 * its columns in the shape every kind shares (see records.ts).
 */
/** The common columns every kind's SELECT fills (absent ones are typed NULLs). */
interface Columns {
  id: SQL;
  coin: SQL;
  amount: SQL;
  state: SQL;
  /** Epoch milliseconds. */
  at: SQL;
  counterCoin?: SQL;
  counterAmount?: SQL;
  subject?: SQL;
  side?: SQL;
  network?: SQL;
  from?: SQL;
  to?: SQL;
  sourceKind?: SQL;
  sourceId?: SQL;
  /** A deposit found on chain, while it waits: confirmations seen and needed. */
  confirmations?: SQL;
  confirmationsRequired?: SQL;
}

interface Branch {
  columns: Columns;
  /** FROM … WHERE …, limited to the user; `id` (the record id column) appended when asked. */
  from: SQL;
  where: SQL;
}

const ms = (timestamp: SQL | unknown) => sql`(extract(epoch from ${timestamp}) * 1000)::float8`;
const msOf = (epochMs: unknown) => sql`${epochMs}::float8`;

export const BRANCHES: Record<RecordKind, (user: number) => Branch> = {
  deposit: (user) => ({
    columns: {
      id: sql`${deposits.id}`,
      coin: sql`${deposits.coinId}`,
      // What was credited once passed (an operator may credit another amount than reported).
      amount: sql`case when ${deposits.status} = 'passed'
        then coalesce(${deposits.creditedAmount}, ${deposits.amount}) else ${deposits.amount} end`,
      state: sql`${deposits.status}`,
      at: ms(deposits.createdAt),
      network: sql`${deposits.network}`,
      confirmations: sql`${deposits.confirmations}`,
      confirmationsRequired: sql`${deposits.confirmationsRequired}`,
    },
    from: sql`${deposits}`,
    where: sql`${deposits.userId} = ${user}`,
  }),
  demo_funds: (user) => ({
    // One entry credits several coins: one record per coin credited.
    columns: {
      id: sql`d.id`,
      coin: sql`d.coin_id`,
      amount: sql`d.amount`,
      state: sql`'done'`,
      at: ms(sql`d.at`),
    },
    from: sql`(${demoFundsCredits(user)}) as d`,
    where: sql`true`,
  }),
  withdraw: (user) => ({
    columns: {
      id: sql`${withdrawals.id}`,
      coin: sql`${withdrawals.coinId}`,
      amount: sql`-${withdrawals.amount}`,
      state: sql`${withdrawals.status}`,
      at: ms(withdrawals.createdAt),
      network: sql`${withdrawals.network}`,
    },
    from: sql`${withdrawals}`,
    where: sql`${withdrawals.userId} = ${user}`,
  }),
  transfer: (user) => ({
    columns: {
      id: sql`${transfers.id}`,
      coin: sql`${transfers.coinId}`,
      amount: sql`${transfers.amount}`,
      state: sql`'done'`,
      at: ms(transfers.createdAt),
      from: sql`${transfers.fromAccount}`,
      to: sql`${transfers.toAccount}`,
    },
    from: sql`${transfers}`,
    where: sql`${transfers.userId} = ${user}`,
  }),
  convert: (user) => ({
    // The coin received (+) and the coin paid (−).
    columns: {
      id: sql`cv.id`,
      coin: sql`cv.coin_id`,
      amount: sql`cv.amount`,
      state: sql`'done'`,
      at: ms(sql`cv.at`),
      counterCoin: sql`cv.paid_coin_id`,
      counterAmount: sql`cv.paid`,
    },
    from: sql`(${conversions(user)}) as cv`,
    where: sql`true`,
  }),
  spot: (user) => ({
    // An order that traded: what it received (fee taken off) and what it paid. Orders that never
    // filled moved no money and are left to the order history.
    columns: {
      id: sql`${spotOrders.id}`,
      coin: sql`case when ${spotOrders.side} = 'buy'
        then ${spotPairs.baseCoinId} else ${spotPairs.quoteCoinId} end`,
      amount: sql`case when ${spotOrders.side} = 'buy'
        then ${spotOrders.filled} - ${spotOrders.fee} else ${spotOrders.filledQuote} - ${spotOrders.fee} end`,
      state: sql`${spotOrders.status}`,
      at: msOf(spotOrders.createdAt),
      counterCoin: sql`case when ${spotOrders.side} = 'buy'
        then ${spotPairs.quoteCoinId} else ${spotPairs.baseCoinId} end`,
      counterAmount: sql`case when ${spotOrders.side} = 'buy'
        then -${spotOrders.filledQuote} else -${spotOrders.filled} end`,
      subject: sql`${spotOrders.symbol}`,
      side: sql`${spotOrders.side}`,
    },
    from: sql`${spotOrders} join ${spotPairs} on ${spotPairs.symbol} = ${spotOrders.symbol}`,
    where: sql`${spotOrders.userId} = ${user} and ${spotOrders.filled} > 0`,
  }),
  option: (user) => ({
    columns: {
      id: sql`${optionOrders.id}`,
      coin: sql`${optionOrders.coinId}`,
      amount: sql`case when ${optionOrders.status} = 'open'
        then -${optionOrders.number} else coalesce(${optionOrders.profit}, 0) end`,
      state: sql`coalesce(${optionOrders.result}, 'open')`,
      at: msOf(optionOrders.createdAt),
      subject: sql`${optionOrders.symbol}`,
      side: sql`${optionOrders.type}`,
    },
    from: sql`${optionOrders}`,
    where: sql`${optionOrders.userId} = ${user}`,
  }),
  contract: (user) => ({
    columns: {
      id: sql`${leverPositions.id}`,
      coin: sql`${leverPositions.coinId}`,
      amount: sql`case when ${leverPositions.status} = 'closed'
        then coalesce(${leverPositions.profit}, 0) else -${leverPositions.margin} end`,
      state: sql`${leverPositions.status}`,
      at: msOf(leverPositions.createdAt),
      subject: sql`${leverPositions.symbol}`,
      side: sql`${leverPositions.side}`,
    },
    from: sql`${leverPositions}`,
    where: sql`${leverPositions.userId} = ${user}`,
  }),
  finance: (user) => ({
    columns: {
      id: sql`${financeOrders.id}`,
      coin: sql`${financeOrders.coinId}`,
      amount: sql`${financeOrders.amount}`,
      state: sql`${financeOrders.status}`,
      at: ms(financeOrders.startAt),
    },
    from: sql`${financeOrders}`,
    where: sql`${financeOrders.userId} = ${user}`,
  }),
  interest: (user) => ({
    columns: {
      id: sql`${financeInterest.id}`,
      coin: sql`${financeInterest.coinId}`,
      amount: sql`${financeInterest.amount}`,
      state: sql`'done'`,
      at: ms(financeInterest.paidAt),
      sourceKind: sql`'finance'`,
      sourceId: sql`${financeInterest.orderId}`,
    },
    from: sql`${financeInterest}`,
    where: sql`${financeInterest.userId} = ${user} and ${financeInterest.amount} > 0`,
  }),
  rebate: (user) => ({
    columns: {
      id: sql`${referralRebates.id}`,
      coin: sql`${referralRebates.coinId}`,
      amount: sql`${referralRebates.amount}`,
      state: sql`'done'`,
      at: ms(referralRebates.createdAt),
    },
    from: sql`${referralRebates}`,
    // A rebate that rounded to zero paid nothing (no entry).
    where: sql`${referralRebates.inviterId} = ${user} and ${referralRebates.entryId} is not null`,
  }),
  subscription: (user) => {
    const allocated = sql`(${subscriptions.status} = 'passed' and coalesce(${subscriptions.allocated}, 0) > 0)`;
    return {
      // Once allocated: the tokens received for what was paid; before: the payment held.
      columns: {
        id: sql`${subscriptions.id}`,
        coin: sql`case when ${allocated} then ${subscriptionProjects.coinId} else ${subscriptions.payCoinId} end`,
        amount: sql`case when ${allocated} then ${subscriptions.allocated}
          else -coalesce(${subscriptions.paid}, ${subscriptions.amount}) end`,
        state: sql`${subscriptions.status}`,
        at: ms(subscriptions.createdAt),
        counterCoin: sql`case when ${allocated} then ${subscriptions.payCoinId} end`,
        counterAmount: sql`case when ${allocated} then -${subscriptions.paid} end`,
        subject: sql`(select ${coins.name} from ${coins} where ${coins.id} = ${subscriptionProjects.coinId})`,
      },
      from: sql`${subscriptions} join ${subscriptionProjects}
        on ${subscriptionProjects.id} = ${subscriptions.projectId}`,
      where: sql`${subscriptions.userId} = ${user}`,
    };
  },
  trade_fee: (user) => ({
    columns: {
      id: sql`${tradingFees.id}`,
      coin: sql`${tradingFees.coinId}`,
      amount: sql`-${tradingFees.amount}`,
      state: sql`'done'`,
      at: ms(tradingFees.createdAt),
      sourceKind: sql`${tradingFees.source}`,
      sourceId: sql`${tradingFees.refId}`,
    },
    from: sql`${tradingFees}`,
    where: sql`${tradingFees.userId} = ${user}`,
  }),
  withdraw_fee: (user) => ({
    // Taken only when the withdrawal passes; a rejected one returns everything.
    columns: {
      id: sql`${withdrawals.id}`,
      coin: sql`${withdrawals.coinId}`,
      amount: sql`-${withdrawals.fee}`,
      state: sql`'done'`,
      at: ms(withdrawals.reviewedAt),
      network: sql`${withdrawals.network}`,
      sourceKind: sql`'withdraw'`,
      sourceId: sql`${withdrawals.id}`,
    },
    from: sql`${withdrawals}`,
    where: sql`${withdrawals.userId} = ${user} and ${withdrawals.status} = 'passed' and ${withdrawals.fee} > 0`,
  }),
  convert_fee: (user) => ({
    // What the fees account received in the user's conversion entry.
    columns: {
      id: sql`cf.id`,
      coin: sql`cf.coin_id`,
      amount: sql`-cf.amount`,
      state: sql`'done'`,
      at: ms(sql`cf.at`),
      sourceKind: sql`'convert'`,
      sourceId: sql`cf.id`,
    },
    from: sql`(${conversionFees(user)}) as cf`,
    where: sql`true`,
  }),
};
