import { sql, type SQL } from 'drizzle-orm';
import { CodedError } from '@hx/protocol';
import { idempotencyKeys, rowsOf, unnest, type Db } from '@hx/db';

/**
 * Work done once per key: the one idempotency mechanism. The claim's row (`idempotency_keys`,
 * unique per owner and key) is written with the work's own rows, in the same transaction or
 * statement, with the answer it gave. A repeat with the same route and fields is answered with
 * that first answer; the same key for another route or other fields is refused
 * (IDEMPOTENCY_KEY_REUSED); a failed attempt stores nothing. A twin running at the same time in
 * another process meets the unique index when its batch writes, and its retry finds the row.
 */
export interface IdempotencyClaim {
  /** Whose key: a user's own (two users may use the same one), or null: the platform's. */
  userId: number | null;
  key: string;
  /** What was asked: the route (`entry` for a platform's entry) and a hash of its fields. */
  route: string;
  requestHash: string;
}

export type ClaimFound = { response: unknown } | { reused: true };

interface StoredClaim {
  user_id: number | null;
  key: string;
  route: string;
  request_hash: string;
  response: unknown;
}

export const claimKey = (c: Pick<IdempotencyClaim, 'userId' | 'key'>) =>
  `${c.userId ?? 'platform'}:${c.key}`;

/**
 * An entry the platform's own jobs post once (an option's settlement, a day's interest):
 * `Entry.idempotencyKey` as a claim without a user, answering the first entry's id.
 */
export const entryClaim = (key: string): IdempotencyClaim => ({
  userId: null,
  key,
  route: 'entry',
  requestHash: '',
});

/** The stored answers of the claims already done, by `claimKey` (one statement for them all). */
export async function claimsDone(
  tx: Db,
  claims: IdempotencyClaim[],
): Promise<Map<string, ClaimFound>> {
  const found = new Map<string, ClaimFound>();
  const users = claims.filter((c) => c.userId !== null);
  const platform = claims.filter((c) => c.userId === null);
  const rows: StoredClaim[] = [];
  if (users.length > 0)
    rows.push(
      ...rowsOf<StoredClaim>(
        await tx.execute(sql`select k.user_id, k.key, k.route, k.request_hash, k.response
          from idempotency_keys k
          join ${unnest(
            users.map((c) => [c.userId, c.key]),
            [
              ['user_id', 'int'],
              ['key', 'text'],
            ],
          )} on k.user_id = v.user_id and k.key = v.key`),
      ),
    );
  if (platform.length > 0)
    rows.push(
      ...rowsOf<StoredClaim>(
        await tx.execute(sql`select user_id, key, route, request_hash, response
          from idempotency_keys
          where user_id is null and key = any(${sql.param(platform.map((c) => c.key))}::text[])`),
      ),
    );
  for (const row of rows) {
    const userId = row.user_id === null ? null : Number(row.user_id);
    const claim = claims.find((c) => c.userId === userId && c.key === row.key)!;
    found.set(
      claimKey(claim),
      row.route === claim.route && row.request_hash === claim.requestHash
        ? { response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response }
        : { reused: true },
    );
  }
  return found;
}

/** The answer to a repeated claim: the first answer, or the refusal of a key used otherwise. */
export function repeatAnswer(found: ClaimFound): unknown {
  if ('reused' in found) throw new CodedError('IDEMPOTENCY_KEY_REUSED');
  return found.response;
}

/** The claim's row, stored with its work once the work succeeded. */
export function claimRow(claim: IdempotencyClaim, response: unknown, at: Date) {
  return {
    table: idempotencyKeys,
    values: { ...claim, response: response as object, createdAt: at },
  };
}

/** Claims with their answers as one CTE, for a writer that writes its batch in one statement. */
export function claimsCte(rows: { claim: IdempotencyClaim; response: unknown; at: Date }[]): {
  name: string;
  body: SQL;
} {
  return {
    name: 'claims',
    body: sql`insert into idempotency_keys (user_id, key, route, request_hash, response, created_at)
        select * from ${unnest(
          rows.map(({ claim, response, at }) => [
            claim.userId,
            claim.key,
            claim.route,
            claim.requestHash,
            JSON.stringify(response),
            at.toISOString(),
          ]),
          [
            ['user_id', 'int'],
            ['key', 'text'],
            ['route', 'text'],
            ['request_hash', 'text'],
            ['response', 'jsonb'],
            ['created_at', 'timestamptz'],
          ],
        )}`,
  };
}
