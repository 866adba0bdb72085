import { and, asc, count, desc, eq, gte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BANK_NETWORK,
  SUB_ACCOUNT_NAMES,
  WITHDRAWALS_PER_DAY,
  type legalLogBody,
  type SubAccountName,
  type transferBody,
  type WalletList,
} from '@hx/protocol';
import { coins, transfers, withdrawals } from '@hx/db';
import { balances, statement, statementSize } from '@hx/ledger';
import { Decimal, floorTo } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { assertCanMove } from '../coins/frozen.ts';
import { assertPrecision, show } from '../coins/amounts.ts';
import { coinById } from '../coins/coins.ts';
import { usdtValue } from '../coins/prices.ts';

const allCoins = (app: Pick<ServerDeps, 'db'>) =>
  app.db.select().from(coins).orderBy(asc(coins.sort), asc(coins.id));

async function balancesOf(app: Pick<ServerDeps, 'db'>, userId: number) {
  const rows = await balances(app.db, userId);
  return new Map(rows.map((r) => [`${r.sub}:${r.coin}`, r]));
}

/** Every coin in every sub-account, zero balances included, floored to the coin's decimals. */
export async function walletList(
  app: Pick<ServerDeps, 'db' | 'prices'>,
  userId: number,
): Promise<WalletList> {
  const list = await allCoins(app);
  const balances = await balancesOf(app, userId);
  const usdtDecimals = list.find((c) => c.name === 'USDT')?.decimals ?? 4;
  const result = {} as WalletList;
  for (const sub of [...SUB_ACCOUNT_NAMES, 'savings' as const]) {
    result[sub] = list.map((coin) => {
      const row = balances.get(`${sub}:${coin.id}`);
      const available = row?.available ?? '0';
      const frozen = row?.frozen ?? '0';
      return {
        currency_id: coin.id,
        name: coin.name,
        available: floorTo(available, coin.decimals),
        frozen: floorTo(frozen, coin.decimals),
        usdt_value: usdtValue(
          coin.name,
          new Decimal(available).plus(frozen),
          app.prices,
          usdtDecimals,
        ),
      };
    });
  }
  return result;
}

/** Start of the UTC day of `now`. */
export const utcDayStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * One coin: its settings, today's withdrawals, its balance in every sub-account, and per network
 * (the coin's, and BANK for the bank currency) whether it is open and its withdrawal limits.
 */
export async function walletDetail(
  app: Pick<ServerDeps, 'clock' | 'coinNetworks' | 'db'>,
  userId: number,
  currencyId: number,
) {
  const coin = await coinById(app.db, currencyId);
  const balances = await balancesOf(app, userId);
  const dayStart = utcDayStart(app.clock.now());
  const [today] = await app.db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, dayStart)));
  const byNetwork = await app.db
    .select({ network: withdrawals.network, total: sql<string | null>`sum(${withdrawals.amount})` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.coinId, coin.id),
        ne(withdrawals.status, 'rejected'),
        gte(withdrawals.createdAt, dayStart),
      ),
    )
    .groupBy(withdrawals.network);
  const withdrawn = new Map(byNetwork.map((r) => [r.network, r.total ?? '0']));
  const settings = await app.coinNetworks.current();
  const networks = [...coin.networks];
  if (settings.bank?.currency === coin.name && !networks.includes(BANK_NETWORK))
    networks.push(BANK_NETWORK);
  const networkLimits = networks.map((network) => {
    const terms = settings.terms(coin.name, network);
    return {
      network,
      deposit_enabled: terms.depositEnabled,
      withdraw_enabled: terms.withdrawEnabled,
      withdraw_max: terms.withdrawMax === null ? null : show(terms.withdrawMax, coin.decimals),
      withdraw_daily_amount:
        terms.withdrawDailyAmount === null ? null : show(terms.withdrawDailyAmount, coin.decimals),
      withdrawn_today: show(withdrawn.get(network) ?? '0', coin.decimals),
    };
  });
  const accounts = Object.fromEntries(
    SUB_ACCOUNT_NAMES.map((sub) => {
      const row = balances.get(`${sub}:${coin.id}`);
      return [
        sub,
        {
          available: floorTo(row?.available ?? '0', coin.decimals),
          frozen: floorTo(row?.frozen ?? '0', coin.decimals),
        },
      ];
    }),
  ) as Record<SubAccountName, { available: string; frozen: string }>;
  return {
    currency_id: coin.id,
    name: coin.name,
    decimals: coin.decimals,
    networks: coin.networks,
    deposit_min: show(coin.depositMin, coin.decimals),
    withdraw_min: show(coin.withdrawMin, coin.decimals),
    withdraw_fee: show(coin.withdrawFee, coin.decimals),
    withdrawals_per_day: WITHDRAWALS_PER_DAY,
    withdrawals_today: today?.n ?? 0,
    network_limits: networkLimits,
    accounts,
  };
}

/** An instant move between two of the user's sub-accounts: one balanced ledger entry. */
export async function transfer(
  app: Pick<ServerDeps, 'clock' | 'db' | 'ledger'>,
  { user, claim }: UserContext,
  body: z.output<typeof transferBody>,
): Promise<Record<string, never>> {
  assertCanMove(user);
  const coin = await coinById(app.db, body.currency_id);
  const amount = assertPrecision(body.number, coin);
  // All four sub-accounts exist before the transaction, created in one fixed order, so two
  // opposite transfers never wait on each other's new accounts.
  await app.ledger.accounts(
    SUB_ACCOUNT_NAMES.map((sub) => ({ user: user.id, sub, coin: coin.id })),
  );
  const at = app.clock.now();
  const from = { user: user.id, sub: body.from, coin: coin.id };
  const to = { user: user.id, sub: body.to, coin: coin.id };
  // No SQL of its own: the transfer row and its entry are written with the writer's batch.
  return app.ledger.submit(
    async (job) => {
      const id = await job.nextId('transfers');
      await job.post({
        kind: 'transfer',
        refType: 'transfer',
        refId: id,
        at,
        lines: [
          { account: from, amount: amount.negated() },
          { account: to, amount },
        ],
      });
      job.insert(transfers, {
        id,
        userId: user.id,
        coinId: coin.id,
        fromAccount: body.from,
        toAccount: body.to,
        amount: amount.toFixed(),
        createdAt: at,
      });
      return {};
    },
    { claim, accounts: [from, to] },
  );
}

export async function transferHistory(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
  query: { page: number; limit: number; currency_id?: number },
) {
  const where: SQL[] = [eq(transfers.userId, userId)];
  if (query.currency_id) where.push(eq(transfers.coinId, query.currency_id));
  const rows = await app.db
    .select({ t: transfers, name: coins.name, decimals: coins.decimals })
    .from(transfers)
    .innerJoin(coins, eq(coins.id, transfers.coinId))
    .where(and(...where))
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await app.db
    .select({ n: count() })
    .from(transfers)
    .where(and(...where));
  return {
    list: rows.map(({ t, name, decimals }) => ({
      id: t.id,
      from: t.fromAccount as SubAccountName,
      to: t.toAccount as SubAccountName,
      currency_id: t.coinId,
      name,
      number: show(t.amount, decimals),
      created_at: t.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
    page: query.page,
  };
}

/** Every posting on the user's accounts, newest first: the asset records. */
export async function assetRecords(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
  query: z.output<typeof legalLogBody>,
) {
  const filter = { kind: query.type || undefined };
  const lines = await statement(app.db, userId, {
    ...filter,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const coinOf = new Map((await allCoins(app)).map((c) => [c.id, c]));
  return {
    list: lines.map((l) => {
      const coin = coinOf.get(l.coin)!;
      return {
        id: l.id,
        type: l.kind,
        account: l.sub,
        bucket: l.bucket,
        currency_id: l.coin,
        name: coin.name,
        amount: show(l.amount, coin.decimals),
        ref_type: l.refType,
        ref_id: l.refId,
        created_at: l.at.getTime(),
      };
    }),
    total: await statementSize(app.db, userId, filter),
    page: query.page,
  };
}
