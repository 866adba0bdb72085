import { describe, expect, it } from 'vitest';
import { GroupCommit, type GroupCommitSteps } from './group-commit.ts';

/** A writer of numbers: each batch is recorded; a batch holding a negative number fails. */
function writer(overrides: Partial<GroupCommitSteps<number>> = {}, maxBatch = 128) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const failed: number[][] = [];
  const steps: GroupCommitSteps<number> = {
    run: async (batch) => {
      await Promise.resolve(); // a write takes a while
      if (batch.some((n) => n < 0)) throw new Error('refused');
      batches.push(batch);
    },
    alone: async (n) => {
      alone.push(n);
    },
    failed: (batch) => void failed.push(batch),
    ...overrides,
  };
  const commits = new GroupCommit(steps, maxBatch);
  return { commits, batches, alone, failed };
}

describe('a group-commit writer', () => {
  it('writes the jobs of one turn in one batch, and the ones that came meanwhile in the next', async () => {
    const w = writer({
      run: async (batch) => {
        w.batches.push(batch);
        // Jobs that arrive while this batch is being written.
        if (batch.includes(1)) for (const n of [4, 5]) w.commits.push(n);
        await Promise.resolve();
      },
    });
    for (const n of [1, 2, 3]) w.commits.push(n);
    await w.commits.idle();
    expect(w.batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('takes at most maxBatch jobs a batch', async () => {
    const w = writer({}, 2);
    for (const n of [1, 2, 3, 4, 5]) w.commits.push(n);
    await w.commits.idle();
    expect(w.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('runs every job of a failed batch alone, after telling the failure', async () => {
    const w = writer();
    for (const n of [1, -2, 3]) w.commits.push(n);
    await w.commits.idle();
    expect(w.failed).toEqual([[1, -2, 3]]);
    expect(w.alone).toEqual([1, -2, 3]);
    expect(w.batches).toEqual([]);
  });

  it('puts jobs sent back by a batch first in the next one', async () => {
    const w = writer({
      run: async (batch) => {
        w.batches.push(batch);
        if (batch.includes(1)) {
          w.commits.push(9);
          w.commits.pushFront([2]);
        }
        await Promise.resolve();
      },
    });
    w.commits.push(1);
    w.commits.push(2);
    await w.commits.idle();
    expect(w.batches).toEqual([
      [1, 2],
      [2, 9],
    ]);
  });

  it('idle() waits for the jobs queued while it waits, and answers at once when nothing is queued', async () => {
    const w = writer();
    await w.commits.idle();
    w.commits.push(1);
    const waiting = w.commits.idle().then(() => [...w.batches]);
    w.commits.push(2);
    expect(await waiting).toEqual([[1, 2]]);
    w.commits.push(3);
    await w.commits.idle();
    expect(w.batches).toEqual([[1, 2], [3]]);
  });

  it('with its own take(): what it leaves queued is written next', async () => {
    const w = writer({
      // Odd numbers first; the even ones wait for a batch of their own.
      take: (queue) => {
        const odd = queue.filter((n) => n % 2);
        return odd.length > 0
          ? { batch: odd, rest: queue.filter((n) => !(n % 2)) }
          : { batch: queue, rest: [] };
      },
    });
    for (const n of [1, 2, 3, 4]) w.commits.push(n);
    await w.commits.idle();
    expect(w.batches).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });
});
