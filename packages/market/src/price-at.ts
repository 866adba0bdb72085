/**
 * The last point at or before `t` in a series sorted by ascending time (binary search), or null
 * when `t` is before the first point. Equal times resolve to the last of them.
 */
export function priceAt<P extends { time: number }>(series: readonly P[], t: number): P | null {
  let lo = 0;
  let hi = series.length; // invariant: series[< lo].time <= t, series[>= hi].time > t
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const point = series[mid] as P;
    if (point.time <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : (series[lo - 1] ?? null);
}
