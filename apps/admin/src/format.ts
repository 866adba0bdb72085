/** Local date and time, e.g. 2026-11-22 14:05:09. */
export function time(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A decimal string without trailing zeros ('150.000000' → '150'); never through a float. */
export function amount(value: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (!value.includes('.')) return value;
  return value.replace(/\.?0+$/, '');
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
/** A stored country: an ISO code as its name with the code ("Japan (JP)"); older free text as is. */
export function country(value: string | null | undefined): string {
  if (!value) return '—';
  if (!/^[A-Z]{2}$/.test(value)) return value;
  const name = regions.of(value);
  return name && name !== value ? `${name} (${value})` : value;
}
