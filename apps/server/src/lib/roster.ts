import { hostname } from 'node:os';
import type { Bus } from './bus.ts';
import type { Ownership } from './ownership.ts';

/** One server process as the others see it (the console's dashboard lists them). */
export interface ProcessInfo {
  process: string;
  host: string;
  pid: number;
  version: string;
  started_at: number;
  seen_at: number;
  owns: string[];
  /** The spot books this process writes: resting orders and the engine's state hash. */
  books: BookState[];
}

export interface BookState {
  symbol: string;
  orders: number;
  hash: string;
}

const SUBJECT = 'hx.processes';
const EVERY_MS = 2000;

/**
 * The live server processes: each says who it is and what it owns every 2 s over the bus; one
 * not heard for three times that is gone (dead, or cut off from the bus).
 */
export class Roster {
  private readonly others = new Map<string, ProcessInfo>();
  private readonly startedAt = Date.now();
  private readonly timer: ReturnType<typeof setInterval> | undefined;
  private readonly off: () => void;
  /** The books this process writes (the spot module tells). */
  books: () => BookState[] = () => [];

  constructor(
    private readonly bus: Bus,
    private readonly ownership: Ownership,
    private readonly version: string,
  ) {
    this.off = bus.subscribe(SUBJECT, (text) => {
      const info = JSON.parse(text) as ProcessInfo;
      if (info.process !== bus.processId)
        this.others.set(info.process, { ...info, seen_at: Date.now() });
    });
    // Alone there is nobody to tell.
    this.timer = bus.clustered ? setInterval(() => this.announce(), EVERY_MS) : undefined;
    this.timer?.unref();
    this.announce();
  }

  /** This process now. */
  self(): ProcessInfo {
    return {
      process: this.bus.processId,
      host: hostname(),
      pid: process.pid,
      version: this.version,
      started_at: this.startedAt,
      seen_at: Date.now(),
      owns: this.ownership.owned(),
      books: this.books(),
    };
  }

  /** This process first, then the others heard lately, oldest first. */
  list(): ProcessInfo[] {
    const fresh = Date.now() - 3 * EVERY_MS;
    const others = [...this.others.values()].filter((p) => p.seen_at >= fresh);
    return [this.self(), ...others.sort((a, b) => a.started_at - b.started_at)];
  }

  private announce(): void {
    if (this.bus.clustered) this.bus.publish(SUBJECT, JSON.stringify(this.self()));
  }

  close(): void {
    clearInterval(this.timer);
    this.off();
  }
}
