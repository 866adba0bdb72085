import { and, eq, inArray } from 'drizzle-orm';
import { leverPositions, type Db } from '@hx/db';
import { hearOthers, tellOthers, type Bus } from '../../lib/bus.ts';
import type { Ownership } from '../../lib/ownership.ts';
import { listPairs } from './pairs.ts';
import type { TriggerRunner } from './triggers.ts';

const CHANGED = 'hx.lever.position';

/**
 * Several processes: each contract symbol's triggers fire in one process, the one owning
 * `lever:<SYMBOL>`. Every process keeps the whole index (a position opened anywhere is tracked
 * everywhere, told over the bus by id and read back from the database), so a process taking a
 * symbol over only re-reads that symbol's open positions for what it may have missed. A fired
 * trigger settles in one guarded transaction, so a stale index never settles anything twice.
 */
export async function shareTriggers(
  runner: TriggerRunner,
  deps: { bus: Bus; ownership: Ownership; db: Db },
): Promise<void> {
  const { bus, ownership, db } = deps;
  const reread = async (where: ReturnType<typeof eq>) => {
    for (const row of await db.select().from(leverPositions).where(where)) runner.trackHere(row);
  };
  hearOthers(bus, CHANGED, (id) => {
    reread(eq(leverPositions.id, Number(id))).catch(() => undefined); // next takeover re-reads
  });
  runner.changed = (id) => tellOthers(bus, CHANGED, String(id));
  runner.fires = (symbol) => ownership.owns(`lever:${symbol}`);
  for (const { symbol } of await listPairs(db)) {
    ownership.claim(`lever:${symbol}`, {
      gained: () =>
        reread(
          and(
            eq(leverPositions.symbol, symbol),
            inArray(leverPositions.status, ['waiting', 'holding']),
          )!,
        ),
      lost: () => undefined, // `fires` answers no from now on
    });
  }
}
