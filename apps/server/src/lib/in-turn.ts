const noop = () => undefined;

interface SharedTurn {
  started: boolean;
  running: number;
  waiting: (() => void)[];
  finish: () => void;
}

/**
 * Work done one piece at a time, in the order given: a tick batch is never judged against
 * half-made changes, and changes never land in the middle of a batch. Changes that cannot
 * disturb each other (each user's own new position) may share a turn (`shared`): they run
 * together, still never beside exclusive work.
 */
export class InTurn {
  private queue: Promise<void> = Promise.resolve();
  /** The shared turn at the end of the queue, which later shared work joins. */
  private open: SharedTurn | null = null;

  /** Runs `work` after everything queued before it; its result (or failure) is the caller's. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    this.open = null;
    const run = this.queue.then(work);
    this.queue = run.then(noop, noop);
    return run;
  }

  /**
   * Runs `work` in a turn shared with the other shared work queued since the last exclusive
   * piece: after what came before, beside its sharers, before anything queued after.
   */
  shared<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.open ?? this.openTurn();
    turn.running++;
    const gate = turn.started
      ? Promise.resolve()
      : new Promise<void>((resolve) => turn.waiting.push(resolve));
    return gate.then(work).finally(() => {
      if (--turn.running > 0) return;
      if (this.open === turn) this.open = null;
      turn.finish();
    });
  }

  private openTurn(): SharedTurn {
    let finish: () => void = noop;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const turn: SharedTurn = { started: false, running: 0, waiting: [], finish };
    void this.queue.then(() => {
      turn.started = true;
      for (const go of turn.waiting.splice(0)) go();
    });
    this.queue = done;
    this.open = turn;
    return turn;
  }

  /** Queues `work`; a failure goes to `failed` and the queue goes on. */
  push(work: () => Promise<void>, failed: (err: unknown) => void): void {
    this.open = null;
    this.queue = this.queue.then(work).catch(failed);
  }

  /** Resolves once everything queued so far is done (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.queue;
      await seen;
    } while (seen !== this.queue);
  }
}
