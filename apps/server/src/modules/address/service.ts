import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { addAddressBody } from '@hx/protocol';
import { coins, withdrawAddresses } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeCode } from '../verification/codes.ts';
import { verifyPayPassword } from '../security/pay-password.ts';
import { protectionsOf, usableAt, whitelistAt } from '../security/protection.ts';
import { requireTotp } from '../verification/authenticator.ts';
import { coinById } from '../coins/coins.ts';
import { destinationOfUser } from '../verification/codes.ts';
import { isValidAddress, normalizeAddress } from './formats.ts';

const live = (userId: number, id?: number) =>
  and(
    eq(withdrawAddresses.userId, userId),
    isNull(withdrawAddresses.deletedAt),
    id === undefined ? undefined : eq(withdrawAddresses.id, id),
  );

/**
 * Saves a withdraw address: fund password set, network of the coin, format with checksum,
 * not saved already, then an 'address' code sent to the user and the fund password.
 * Cheap checks come first so a typo does not use up the code.
 */
export async function addAddress(
  app: Pick<ServerDeps, 'clock' | 'config' | 'db'>,
  user: User,
  body: z.output<typeof addAddressBody>,
) {
  if (!user.payPasswordHash) throw new AppError('PAY_PASSWORD_NOT_SET');
  const coin = await coinById(app.db, body.currency_id);
  if (!coin.networks.includes(body.network)) throw new AppError('NETWORK_INVALID');
  if (!isValidAddress(body.network, body.address, app.config.bitcoinChain))
    throw new AppError('ADDRESS_INVALID', { network: body.network });
  const address = normalizeAddress(body.network, body.address);
  const duplicate = and(
    live(user.id),
    eq(withdrawAddresses.coinId, coin.id),
    eq(withdrawAddresses.network, body.network),
    eq(withdrawAddresses.address, address),
  );
  const [existing] = await app.db
    .select({ id: withdrawAddresses.id })
    .from(withdrawAddresses)
    .where(duplicate);
  if (existing) throw new AppError('ADDRESS_EXISTS');
  await requireTotp(app, user.id, body.totp);
  // The code is spent before the fund password is checked: each guess at it costs a code.
  await consumeCode(app, destinationOfUser(user), 'address', body.code);
  await verifyPayPassword(app, user, body.pay_password);
  const [row] = await app.db
    .insert(withdrawAddresses)
    .values({
      userId: user.id,
      coinId: coin.id,
      network: body.network,
      address,
      label: body.label ?? null,
      createdAt: app.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: withdrawAddresses.id });
  if (!row) throw new AppError('ADDRESS_EXISTS');
  return { id: row.id };
}

/** Renames one of the user's own addresses; no label removes the name. */
export async function labelAddress(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
  id: number,
  label?: string,
) {
  const renamed = await app.db
    .update(withdrawAddresses)
    .set({ label: label ?? null })
    .where(live(userId, id))
    .returning({ id: withdrawAddresses.id });
  if (renamed.length === 0) throw new AppError('NOT_FOUND');
  return { id, label: label ?? null };
}

/** Deletes one of the user's own addresses (kept for the withdrawals that used it). */
export async function deleteAddress(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  id: number,
) {
  const deleted = await app.db
    .update(withdrawAddresses)
    .set({ deletedAt: app.clock.now() })
    .where(live(userId, id))
    .returning({ id: withdrawAddresses.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
}

export async function listAddresses(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  query: { page: number; limit: number; currency_id?: number },
) {
  const where: (SQL | undefined)[] = [live(userId)];
  if (query.currency_id) where.push(eq(withdrawAddresses.coinId, query.currency_id));
  const rows = await app.db
    .select({ a: withdrawAddresses, name: coins.name })
    .from(withdrawAddresses)
    .innerJoin(coins, eq(coins.id, withdrawAddresses.coinId))
    .where(and(...where))
    .orderBy(desc(withdrawAddresses.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await app.db
    .select({ n: count() })
    .from(withdrawAddresses)
    .where(and(...where));
  const now = app.clock.now();
  const whitelist = whitelistAt(await protectionsOf(app.db, userId), now);
  return {
    list: rows.map(({ a, name }) => ({
      id: a.id,
      currency_id: a.coinId,
      name,
      network: a.network,
      address: a.address,
      label: a.label,
      created_at: a.createdAt.getTime(),
      usable_at: usableAt(a.createdAt, whitelist, now)?.getTime() ?? null,
    })),
    total: total?.n ?? 0,
    page: query.page,
  };
}
