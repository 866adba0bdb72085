import { describe, expect, it } from 'vitest';
import type { Db } from '@hx/db';
import { keptRead } from './kept.ts';

/** A query builder's shape: a thenable that runs its query each time it is awaited. */
function counted(rows: string[]) {
  const counter = { runs: 0 };
  const query = {
    then<R>(resolve: (value: string[]) => R) {
      counter.runs++;
      return Promise.resolve(rows).then(resolve);
    },
  };
  return { counter, query };
}

describe('keptRead', () => {
  it('runs a query builder once for every read within its time, again after forget', async () => {
    const { counter, query } = counted(['30', '60']);
    const db = {} as Db;
    const kept = keptRead(() => query as unknown as Promise<string[]>, 60_000);
    expect(await kept.get(db)).toEqual(['30', '60']);
    expect(await kept.get(db)).toEqual(['30', '60']);
    await Promise.all([kept.get(db), kept.get(db)]);
    expect(counter.runs).toBe(1);
    kept.forget(db);
    await kept.get(db);
    expect(counter.runs).toBe(2);
  });

  it('looks once more for what its copy lacks, and keeps no failed read', async () => {
    let rows = ['BTCUSDT'];
    let fail = true;
    const kept = keptRead(async () => {
      if (fail) throw new Error('down');
      return new Set(rows);
    }, 60_000);
    const db = {} as Db;
    await expect(kept.get(db)).rejects.toThrow('down');
    fail = false;
    expect(await kept.find(db, (set) => (set.has('BTCUSDT') ? 'BTCUSDT' : undefined))).toBe(
      'BTCUSDT',
    );
    rows = ['BTCUSDT', 'ETHUSDT'];
    expect(await kept.find(db, (set) => (set.has('ETHUSDT') ? 'ETHUSDT' : undefined))).toBe(
      'ETHUSDT',
    );
    expect(await kept.find(db, (set) => (set.has('XRPUSDT') ? 'XRPUSDT' : undefined))).toBe(
      undefined,
    );
  });
});
