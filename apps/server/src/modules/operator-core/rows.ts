import { Decimal } from '@hx/money';

/** A table row on the wire: snake_case keys, dates as epoch ms, secrets left out. */
export function wireRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (/hash$/i.test(key)) continue;
    const name = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    out[name] = value instanceof Date ? value.getTime() : value;
  }
  return out;
}

/** The start of the UTC day of `now`. */
export function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** A row as audit text: its wire form in JSON. */
export const auditText = (row: Record<string, unknown> | null | undefined) =>
  row ? JSON.stringify(wireRow(row)) : null;

/** A stored decimal as the console shows it: no trailing zeros. */
export const plain = (v: string) => new Decimal(v).toFixed();
