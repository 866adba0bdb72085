import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { KycCenter, realName2Body, realNameBody } from '@hx/protocol';
import { kycSubmissions, users, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { ownUpload } from '../upload/store.ts';
import { ms } from '../../lib/clock.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

type Level = 'basic' | 'advanced';
const column = { basic: users.kycBasic, advanced: users.kycAdvanced } as const;

async function stateOf(db: Db, userId: number, level: Level): Promise<string> {
  const [row] = await db.select({ state: column[level] }).from(users).where(eq(users.id, userId));
  return row?.state ?? 'unverified';
}

/**
 * Moves the level to `review` if it is unverified or rejected (resubmission), in the same
 * transaction as the submission; otherwise says why not.
 */
async function openReview(db: Db, userId: number, level: Level): Promise<void> {
  const set = level === 'basic' ? { kycBasic: 'review' } : { kycAdvanced: 'review' };
  const moved = await db
    .update(users)
    .set(set)
    .where(and(eq(users.id, userId), inArray(column[level], ['unverified', 'rejected'])))
    .returning({ id: users.id });
  sessionsChanged();
  if (moved.length > 0) return;
  const state = await stateOf(db, userId, level);
  throw new AppError(state === 'review' ? 'KYC_IN_REVIEW' : 'KYC_ALREADY_VERIFIED');
}

export async function submitBasic(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  user: User,
  body: z.output<typeof realNameBody>,
) {
  await app.db.transaction(async (tx) => {
    await openReview(tx, user.id, 'basic');
    await tx.insert(kycSubmissions).values({
      userId: user.id,
      level: 'basic',
      country: body.country,
      name: body.name,
      idNumber: body.id_number,
      createdAt: app.clock.now(),
    });
  });
  return { status: 'review' as const };
}

export async function submitAdvanced(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  user: User,
  body: z.output<typeof realName2Body>,
) {
  if ((await stateOf(app.db, user.id, 'basic')) !== 'verified')
    throw new AppError('KYC_BASIC_REQUIRED');
  const front = await ownUpload(app.db, user.id, body.front);
  const back = await ownUpload(app.db, user.id, body.back);
  const hand = await ownUpload(app.db, user.id, body.hand);
  await app.db.transaction(async (tx) => {
    await openReview(tx, user.id, 'advanced');
    await tx.insert(kycSubmissions).values({
      userId: user.id,
      level: 'advanced',
      address: body.address,
      front,
      back,
      hand,
      createdAt: app.clock.now(),
    });
  });
  return { status: 'review' as const };
}

/** An ID number with only its first and last two characters shown. */
export function maskId(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
}

async function latest(db: Db, userId: number, level: Level) {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.level, level)))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row;
}

/** Both levels: the state (kept on the user) and the latest submission, photos left out. */
export async function kycCenter(app: Pick<ServerDeps, 'db'>, userId: number): Promise<KycCenter> {
  const [user] = await app.db
    .select({ basic: users.kycBasic, advanced: users.kycAdvanced })
    .from(users)
    .where(eq(users.id, userId));
  const basic = await latest(app.db, userId, 'basic');
  const advanced = await latest(app.db, userId, 'advanced');
  const common = (row: typeof basic) => ({
    reason: row?.status === 'rejected' ? row.reason : null,
    submitted_at: row ? row.createdAt.getTime() : null,
    reviewed_at: ms(row?.reviewedAt ?? null),
  });
  return {
    basic: {
      status: (user?.basic ?? 'unverified') as KycCenter['basic']['status'],
      ...common(basic),
      country: basic?.country ?? null,
      name: basic?.name ?? null,
      id_number: basic?.idNumber ? maskId(basic.idNumber) : null,
    },
    advanced: {
      status: (user?.advanced ?? 'unverified') as KycCenter['advanced']['status'],
      ...common(advanced),
      address: advanced?.address ?? null,
    },
  };
}
