// The benches' summary statistics, one definition each so every table means the same by "median" and "p99".

/** The nearest-rank percentile (the smallest value with at least p % of the values at or below it) of sorted values. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN;

/** The median of values in any order (the mean of the middle two when their count is even). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
