import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDatabase, sessions, users, type Database } from '@hx/db';
import { newInviteCode, sha256 } from '../lib/tokens.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_MEMORY_MS, sessionLookup, sessionsChanged } from './session-lookup.ts';

describe('session lookup', () => {
  let database: Database;
  beforeEach(async () => {
    database = await freshDatabase();
  });
  afterEach(() => database.close());

  /** Sessions just made, looked up now: well within their lifetime. */
  const NOW = { life: { sessionIdleDays: 30, sessionMaxDays: 90 }, clock: () => new Date() };

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
    const lookup = sessionLookup(database.db, NOW);
    const found = await Promise.all(
      ['token-a', 'token-b', 'token-a', 'token-c', 'nobody'].map((t) => lookup(sha256(t))),
    );
    expect(found.map((row) => row?.user.id ?? null)).toEqual([a, b, a, null, null]);
  });

  it('remembers a session for a second, and forgets it at once when a user or session changes', async () => {
    await session('d@example.com', 'token-d');
    let clock = 1_000_000;
    const lookup = sessionLookup(database.db, NOW, () => clock);
    expect(await lookup(sha256('token-d'))).not.toBeNull();
    // Revoked behind the process's back: still remembered within the second...
    const revoke = (revokedAt: Date | null) =>
      database.db
        .update(sessions)
        .set({ revokedAt })
        .where(eq(sessions.tokenHash, sha256('token-d')));
    await revoke(new Date());
    expect(await lookup(sha256('token-d'))).not.toBeNull();
    // ...but not after it,
    clock += SESSION_MEMORY_MS;
    expect(await lookup(sha256('token-d'))).toBeNull();
    // and never after the change is announced, as every revocation in the server does.
    await revoke(null);
    expect(await lookup(sha256('token-d'))).not.toBeNull();
    await revoke(new Date());
    sessionsChanged();
    expect(await lookup(sha256('token-d'))).toBeNull();
  });

  it('does not find, nor go on remembering, a session past its lifetime', async () => {
    const DAY = 86_400_000;
    const start = new Date('2026-06-01T00:00:00Z');
    let clock = start;
    const life = { sessionIdleDays: 30, sessionMaxDays: 90 };
    const lookup = sessionLookup(database.db, { life, clock: () => clock });
    const id = await session('e@example.com', 'token-e');
    const seen = (at: Date) =>
      database.db
        .update(sessions)
        .set({ createdAt: start, lastSeenAt: at })
        .where(eq(sessions.userId, id));
    await seen(start);
    expect(await lookup(sha256('token-e'))).not.toBeNull();
    // Remembered within the second, but not past its end, whatever the memory says.
    clock = new Date(start.getTime() + 30 * DAY);
    expect(await lookup(sha256('token-e'))).toBeNull();
    // Seen 29 days in: 30 more from then, yet never past 90 from its start.
    await seen(new Date(start.getTime() + 29 * DAY));
    expect(await lookup(sha256('token-e'))).not.toBeNull();
    await seen(new Date(start.getTime() + 89 * DAY));
    clock = new Date(start.getTime() + 90 * DAY - 1);
    expect(await lookup(sha256('token-e'))).not.toBeNull();
    clock = new Date(start.getTime() + 90 * DAY);
    expect(await lookup(sha256('token-e'))).toBeNull();
  });

  it('is told of every change: each module that updates users, operators or their sessions calls sessionsChanged', () => {
    const modules = new URL('../modules', import.meta.url).pathname;
    const files = readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-kit'))
      .map((f) => join(modules, f));
    const changing = files.filter((f) =>
      /\.update\((users|sessions|admins|adminSessions)\)/.test(readFileSync(f, 'utf8')),
    );
    expect(changing.length).toBeGreaterThan(5);
    for (const file of changing)
      expect(readFileSync(file, 'utf8'), file).toMatch(/sessionsChanged\(\)/);
  });
});
