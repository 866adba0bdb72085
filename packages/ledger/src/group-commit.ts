/**
 * What a group-commit writer does with its steps (the ledger writer, spot's pair writers).
 */
export interface GroupCommitSteps<J> {
  /** Writes one batch and answers its jobs; throws only when the batch as a whole failed. */
  run(batch: J[]): Promise<void>;
  /** Answers one job of a failed batch in a batch of its own. */
  alone(job: J): Promise<void>;
  /** The batch failed as a whole: told before its jobs run alone. */
  failed?(batch: J[], err: unknown): Promise<void> | void;
  /** The next batch out of the queue, and what stays queued (default: the first `maxBatch`). */
  take?(queue: J[]): { batch: J[]; rest: J[] };
}

/**
 * The queue of a group-commit writer: jobs that arrive while a batch is being written form the
 * next batch, so the cost of a commit is shared by every job of the batch. A batch that fails as
 * a whole has its jobs run again one by one (`alone`), so one bad job cannot take others down.
 */
export class GroupCommit<J> {
  private queue: J[] = [];
  /** Settles when the queue has drained; null while idle. */
  private draining: Promise<void> | null = null;

  constructor(
    private readonly steps: GroupCommitSteps<J>,
    private readonly maxBatch = 128,
  ) {}

  /** Queues `job`; the jobs queued in this turn of the event loop go in one batch. */
  push(job: J): void {
    this.queue.push(job);
    this.wake();
  }

  /** Puts `jobs` at the front of the queue (from `run`: decided again first in the next batch). */
  pushFront(jobs: Iterable<J>): void {
    this.queue.unshift(...jobs);
    this.wake();
  }

  /** Resolves when every queued job has been answered. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private wake(): void {
    if (this.draining || this.queue.length === 0) return;
    this.draining = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      do {
        // One turn of the event loop lets the requests read meanwhile join the batch: the
        // statement's fixed cost is then shared by about twice as many jobs.
        await new Promise((resolve) => setImmediate(resolve));
        const { batch, rest } = this.take();
        this.queue = rest;
        try {
          await this.steps.run(batch);
        } catch (err) {
          await this.steps.failed?.(batch, err);
          for (const job of batch) await this.steps.alone(job);
        }
      } while (this.queue.length > 0);
    } finally {
      this.draining = null;
    }
  }

  private take(): { batch: J[]; rest: J[] } {
    if (this.steps.take) return this.steps.take(this.queue);
    // One copy of the rest, not a shift per job (the queue can be thousands long).
    return { batch: this.queue.slice(0, this.maxBatch), rest: this.queue.slice(this.maxBatch) };
  }
}
