import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { bankCardBody } from '@hx/protocol';
import { bankCards } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeCode } from '../verification/codes.ts';
import { verifyPayPassword } from '../security/pay-password.ts';
import { requireTotp } from '../verification/authenticator.ts';
import { destinationOfUser } from '../verification/codes.ts';

export const liveCards = (userId: number, id?: number) =>
  and(
    eq(bankCards.userId, userId),
    isNull(bankCards.deletedAt),
    id === undefined ? undefined : eq(bankCards.id, id),
  );

/**
 * Binds a card, or with `id` rewrites one of the user's own: a card is a withdrawal
 * destination, so either takes what a new withdraw address takes (fund password, an 'address'
 * code, the authenticator with 2FA on). Cheap checks first so a wrong id does not use up the
 * code, and the code is spent before the fund password is checked: each guess costs a code.
 */
export async function saveCard(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  user: User,
  body: z.output<typeof bankCardBody>,
) {
  if (!user.payPasswordHash) throw new AppError('PAY_PASSWORD_NOT_SET');
  const { id, pay_password, code, totp, ...fields } = body;
  if (id) {
    const [mine] = await app.db
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(liveCards(user.id, id));
    if (!mine) throw new AppError('NOT_FOUND');
  }
  await requireTotp(app, user.id, totp);
  await consumeCode(app, destinationOfUser(user), 'address', code);
  await verifyPayPassword(app, user, pay_password);

  const values = {
    name: fields.name,
    cardNumber: fields.card_number,
    depositaryBank: fields.depositary_bank,
    branch: fields.branch,
    bankName: fields.bank_name,
    bankAddress: fields.bank_address,
    swiftCode: fields.swift_code,
    payeeAddress: fields.payee_address,
    zipCode: fields.zip_code,
  };
  if (id) {
    // An edited card is a new destination: the whitelist's 24 h counts from now (withdraw-guard).
    const [updated] = await app.db
      .update(bankCards)
      .set({ ...values, createdAt: app.clock.now() })
      .where(liveCards(user.id, id))
      .returning({ id: bankCards.id });
    if (!updated) throw new AppError('NOT_FOUND');
    return { id: updated.id };
  }
  const [row] = await app.db
    .insert(bankCards)
    .values({ userId: user.id, ...values, createdAt: app.clock.now() })
    .returning({ id: bankCards.id });
  return { id: row!.id };
}
