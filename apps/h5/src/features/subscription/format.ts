import { Decimal } from '@hx/money';

/** A ratio ("0.2512") as a percentage with two decimals ("25.12"), floored. */
export function percent(ratio: string): string {
  return new Decimal(ratio).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** Days, hours, minutes and seconds left until `target` (zeros once it has passed). */
export function timeLeft(target: number, now: number) {
  const total = Math.max(0, Math.floor((target - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    done: total === 0,
    days: Math.floor(total / 86_400),
    clock: `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`,
  };
}

/** What the countdown of a project counts to: its start, its close, or its launch. */
export function countdownTarget(
  project: { start_time: number; close_time: number; launch_time: number },
  now: number,
): { phase: 'start' | 'close' | 'launch'; at: number } | null {
  if (now < project.start_time) return { phase: 'start', at: project.start_time };
  if (now < project.close_time) return { phase: 'close', at: project.close_time };
  if (now < project.launch_time) return { phase: 'launch', at: project.launch_time };
  return null;
}
