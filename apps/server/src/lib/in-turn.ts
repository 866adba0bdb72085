const noop = () => undefined;

/**
 * Work done one piece at a time, in the order given: a tick batch is never judged against
 * half-made changes, and changes never land in the middle of a batch.
 */
export class InTurn {
  private queue: Promise<void> = Promise.resolve();

  /** Runs `work` after everything queued before it; its result (or failure) is the caller's. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.then(noop, noop);
    return run;
  }

  /** Queues `work`; a failure goes to `failed` and the queue goes on. */
  push(work: () => Promise<void>, failed: (err: unknown) => void): void {
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
