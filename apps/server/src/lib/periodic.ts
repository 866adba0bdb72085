/** A named job's last runs in this process (`/metrics`, the "job late" alert). */
export interface JobRun {
  /** When its last run started and when one last succeeded (ms), and failures since the start. */
  startedAt: number | null;
  succeededAt: number | null;
  /** When it was started: a job that never succeeded is late counted from here. */
  since: number;
  failures: number;
  /** How often it runs (ms): late is a multiple of this without a success. */
  intervalMs: number;
}

/** Every named job of this process, by name. */
export const jobRuns = new Map<string, JobRun>();

/**
 * A job's timer: `run` every `intervalMs` (and at once when `immediately`), never overlapping
 * itself; a failed run is handed to `failed` and the next tick tries again. `stop()` waits for
 * the run in progress.
 */
export class Periodic {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<unknown> | undefined;

  /** With a `name`, its runs are recorded in `jobRuns`. */
  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly failed: (err: unknown) => void,
    private readonly name?: string,
  ) {}

  start(intervalMs: number, options: { immediately?: boolean; unref?: boolean } = {}): void {
    if (this.timer) return;
    const run: JobRun | undefined = this.name
      ? { startedAt: null, succeededAt: null, failures: 0, intervalMs, since: Date.now() }
      : undefined;
    if (this.name && run) jobRuns.set(this.name, run);
    const tick = () => {
      if (this.running) return;
      if (run) run.startedAt = Date.now();
      this.running = this.run()
        .then(() => {
          if (run) run.succeededAt = Date.now();
        })
        .catch((err: unknown) => {
          if (run) run.failures++;
          this.failed(err);
        })
        .finally(() => {
          this.running = undefined;
        });
    };
    if (options.immediately) tick();
    this.timer = setInterval(tick, intervalMs);
    if (options.unref) this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
