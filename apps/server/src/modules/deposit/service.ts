import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BANK_NETWORK, type chargeBody } from '@hx/protocol';
import { coins, deposits } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { AppError } from '../../lib/errors.ts';
import { ownUpload } from '../upload/store.ts';
import { assertCanMove } from '../coins/frozen.ts';
import { assertPrecision, plain, show } from '../coins/amounts.ts';
import { coinById, type Coin, recordCoin } from '../coins/coins.ts';
import { ms } from '../../lib/clock.ts';
import type { DepositSettings } from './settings.ts';
import { countWhere, rowsBefore, type Page } from '../../lib/paging.ts';

/**
 * Where `userId`'s deposit of `coin` on `network` goes: a chain address (the user's own when the
 * network has an xpub) or the platform bank account. DEPOSIT_SUSPENDED while an operator has
 * closed deposits on the network.
 */
export function depositTarget(
  settings: DepositSettings,
  coin: Coin,
  network: string,
  userId: number,
): string {
  if (network === BANK_NETWORK) {
    const bank = settings.bank;
    if (!bank || bank.currency !== coin.name) throw new AppError('NETWORK_INVALID');
    if (!settings.terms(coin.name, network).depositEnabled) throw new AppError('DEPOSIT_SUSPENDED');
    return `${bank.bank_name} ${bank.account_number}`;
  }
  if (!coin.networks.includes(network)) throw new AppError('NETWORK_INVALID');
  if (!settings.terms(coin.name, network).depositEnabled) throw new AppError('DEPOSIT_SUSPENDED');
  const address = settings.userAddress(coin.name, network, userId);
  if (!address) throw new AppError('DEPOSIT_UNAVAILABLE');
  return address;
}

export async function depositAddress(
  app: Pick<ServerDeps, 'chain' | 'db'>,
  settings: DepositSettings,
  userId: number,
  input: { currency_id: number; network: string },
) {
  const coin = await coinById(app.db, input.currency_id);
  if (input.network === BANK_NETWORK) throw new AppError('NETWORK_INVALID');
  const address = depositTarget(settings, coin, input.network, userId);
  const watched = watchedNetwork(app, settings, coin.name, input.network);
  return {
    address,
    network: input.network,
    currency_id: coin.id,
    min: show(coin.depositMin, coin.decimals),
    automatic: watched !== null,
    confirmations: watched?.confirmations ?? null,
  };
}

export async function bankInfo(app: Pick<ServerDeps, 'db'>, settings: DepositSettings) {
  const bank = settings.bank;
  if (!bank) throw new AppError('DEPOSIT_UNAVAILABLE');
  if (!settings.terms(bank.currency, BANK_NETWORK).depositEnabled)
    throw new AppError('DEPOSIT_SUSPENDED');
  const [coin] = await app.db.select().from(coins).where(eq(coins.name, bank.currency));
  if (!coin) throw new AppError('DEPOSIT_UNAVAILABLE');
  const { currency: _currency, ...details } = bank;
  return { currency_id: coin.id, ...details, min: show(coin.depositMin, coin.decimals) };
}

/**
 * The watched network a coin's deposits on `network` are found on by a chain watcher: the
 * network is watched, the coin is one of its assets and its addresses are per user (an xpub).
 * Null otherwise: such deposits keep the voucher and review.
 */
export function watchedNetwork(
  app: Pick<ServerDeps, 'chain'>,
  settings: DepositSettings,
  coin: string,
  network: string,
) {
  const watched = app.chain.find(network);
  if (!watched?.assets.some((a) => a.coin === coin)) return null;
  return settings.resolve(coin, network).kind === 'xpub' ? watched : null;
}

/**
 * A deposit report: amount and voucher, under review until an operator passes it. Not where a
 * chain watcher finds the deposits itself (DEPOSIT_AUTOMATIC): a voucher passed beside the
 * watcher's credit would pay twice.
 */
export async function requestDeposit(
  app: Pick<ServerDeps, 'chain' | 'clock' | 'db' | 'ledger'>,
  settings: DepositSettings,
  { user, claim }: UserContext,
  body: z.output<typeof chargeBody>,
) {
  assertCanMove(user);
  const coin = await coinById(app.db, body.currency_id);
  const address = depositTarget(settings, coin, body.network, user.id);
  if (watchedNetwork(app, settings, coin.name, body.network))
    throw new AppError('DEPOSIT_AUTOMATIC', { network: body.network });
  const amount = assertPrecision(body.number, coin);
  if (amount.lessThan(coin.depositMin))
    throw new AppError('DEPOSIT_BELOW_MIN', { min: plain(coin.depositMin), coin: coin.name });
  const voucher = await ownUpload(app.db, user.id, body.voucher);
  return app.ledger.transaction(
    async (tx) => {
      const [row] = await tx
        .insert(deposits)
        .values({
          userId: user.id,
          coinId: coin.id,
          network: body.network,
          address,
          amount: amount.toFixed(),
          voucher,
          createdAt: app.clock.now(),
        })
        .returning({ id: deposits.id });
      return { id: row!.id, status: 'review' as const };
    },
    { claim },
  );
}

/** `charge_mention/log2`: the user's deposits, newest first. */
export async function depositLog(
  app: Pick<ServerDeps, 'chain' | 'db'>,
  userId: number,
  page: Page,
) {
  const rows = await app.db
    .select({ d: deposits, name: coins.name, decimals: coins.decimals })
    .from(deposits)
    .innerJoin(coins, eq(coins.id, deposits.coinId))
    .where(eq(deposits.userId, userId))
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(page.limit)
    .offset(rowsBefore(page));
  const total = await countWhere(app.db, deposits, eq(deposits.userId, userId));
  return {
    list: rows.map(({ d, name, decimals }) => ({
      ...recordCoin(d, name),
      address: d.address,
      number: show(d.amount, decimals),
      credited_amount: d.creditedAmount === null ? null : show(d.creditedAmount, decimals),
      voucher: d.voucher,
      status: d.status,
      reason: d.reason,
      created_at: d.createdAt.getTime(),
      reviewed_at: ms(d.reviewedAt),
      tx_hash: d.txHash,
      explorer_url: app.chain.explorer(d.network, d.txHash),
      confirmations: d.confirmations,
      confirmations_required: d.confirmationsRequired,
    })),
    total,
    page: page.page,
  };
}
