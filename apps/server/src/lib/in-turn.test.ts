import { describe, expect, it } from 'vitest';
import { InTurn } from './in-turn.ts';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('work in turn', () => {
  it('runs shared work together, never beside exclusive work before or after it', async () => {
    const turns = new InTurn();
    const log: string[] = [];
    const step = (name: string, ms: number) => async () => {
      log.push(`${name}+`);
      await later(ms);
      log.push(`${name}-`);
      return name;
    };
    const results = await Promise.all([
      turns.exclusive(step('tick1', 20)),
      turns.shared(step('openA', 20)),
      turns.shared(step('openB', 5)),
      turns.exclusive(step('tick2', 5)),
      turns.shared(step('openC', 5)),
    ]);
    expect(results).toEqual(['tick1', 'openA', 'openB', 'tick2', 'openC']);
    // A and B overlap; neither starts before tick1 ends, tick2 waits for both.
    expect(log).toEqual([
      'tick1+',
      'tick1-',
      'openA+',
      'openB+',
      'openB-',
      'openA-',
      'tick2+',
      'tick2-',
      'openC+',
      'openC-',
    ]);
  });

  it('a failing sharer fails alone and the queue goes on', async () => {
    const turns = new InTurn();
    const failing = turns.shared(async () => {
      await later(1);
      throw new Error('refused');
    });
    const fine = turns.shared(async () => 'ok');
    const after = turns.exclusive(async () => 'next');
    await expect(failing).rejects.toThrow('refused');
    expect(await fine).toBe('ok');
    expect(await after).toBe('next');
    await turns.idle();
  });

  it('shared work joins a turn already running, and idle waits for it', async () => {
    const turns = new InTurn();
    const log: string[] = [];
    const first = turns.shared(async () => {
      await later(10);
      log.push('first');
    });
    await later(2);
    const second = turns.shared(async () => {
      log.push('second');
    });
    await Promise.all([first, second]);
    expect(log).toEqual(['second', 'first']);
    await turns.idle();
  });
});
