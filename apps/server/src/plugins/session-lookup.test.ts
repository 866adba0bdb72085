import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDatabase, sessions, users, type Database } from '@hx/db';
import { newInviteCode, sha256 } from '../lib/tokens.ts';
import { sessionLookup } from './session-lookup.ts';

describe('session lookup', () => {
  let database: Database;
  beforeEach(async () => {
    database = await freshDatabase();
  });
  afterEach(() => database.close());

  const session = async (email: string, token: string) => {
    const [user] = await database.db
      .insert(users)
      .values({ email, nickname: email, passwordHash: 'x', inviteCode: newInviteCode(10) })
      .returning({ id: users.id });
    await database.db.insert(sessions).values({ userId: user!.id, tokenHash: sha256(token) });
    return user!.id;
  };

  it('answers each of many concurrent requests with its own user, and nobody for a revoked or unknown token', async () => {
    const a = await session('a@example.com', 'token-a');
    const b = await session('b@example.com', 'token-b');
    await session('c@example.com', 'token-c');
    await database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256('token-c')));
    const lookup = sessionLookup(database.db);
    const found = await Promise.all(
      ['token-a', 'token-b', 'token-a', 'token-c', 'nobody'].map((t) => lookup(sha256(t))),
    );
    expect(found.map((row) => row?.user.id ?? null)).toEqual([a, b, a, null, null]);
  });
});
