import { Decimal } from '@hx/money';

/** Readers of the chain settings shared by the networks (config.ts, bitcoin/config.ts). */

export function whole(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max = 1e9,
) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}; got '${value}'`);
  return n;
}

export function coinName(name: string, value: string): string {
  if (!/^[A-Za-z0-9]{1,20}$/.test(value)) throw new Error(`${name}: '${value}' is not a coin name`);
  return value.toUpperCase();
}

/** An explorer's transaction page: `{tx}` replaced by the hash, or `<url>/tx/{tx}`. */
export function explorer(value: string | undefined, name = 'EVM_EXPLORER_URL'): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.replace('{tx}', 'TX'));
  } catch {
    throw new Error(`${name}: '${value}' is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL`);
  return value.includes('{tx}') ? value : `${value.replace(/\/+$/, '')}/tx/{tx}`;
}

/** A hot wallet's low-balance marks as `COIN:amount,...`. */
export function lowBalance(
  value: string | undefined,
  name = 'EVM_HOT_WALLET_LOW',
): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of (value ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const [coin, amount] = trimmed.split(':');
    if (!coin || !amount || !/^\d+(\.\d+)?$/.test(amount))
      throw new Error(`${name}: '${trimmed}' is not COIN:amount`);
    map.set(coinName(name, coin), new Decimal(amount).toFixed());
  }
  return map;
}
