import { coins, users, type Db } from '@hx/db';
import { post } from './post.ts';

export const USDT = 3;

/** The ledger tests' world: USDT, and `count` users with 100 USDT each in their spot account. */
export async function peopleWith100Usdt(db: Db, count: number): Promise<number[]> {
  await db.insert(coins).values([{ id: USDT, name: 'USDT', fullName: 'Tether', decimals: 4 }]);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `u${i}@x.io`,
        nickname: `u${i}`,
        passwordHash: 'x',
        inviteCode: `CODE000${i}`,
      })),
    )
    .returning({ id: users.id });
  for (const { id } of rows)
    await post(db, {
      kind: 'deposit',
      lines: [
        { account: { platform: 'treasury', coin: USDT }, amount: '-100' },
        { account: { user: id, sub: 'currency', coin: USDT }, amount: '100' },
      ],
    });
  return rows.map((r) => r.id);
}
