/**
 * A job's timer: `run` every `intervalMs` (and at once when `immediately`), never overlapping
 * itself; a failed run is handed to `failed` and the next tick tries again. `stop()` waits for
 * the run in progress.
 */
export class Periodic {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly failed: (err: unknown) => void,
  ) {}

  start(intervalMs: number, options: { immediately?: boolean; unref?: boolean } = {}): void {
    if (this.timer) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.run()
        .catch(this.failed)
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
