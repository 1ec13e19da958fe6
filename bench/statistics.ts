// The few statistics the bench reports: medians over rounds, percentiles over keystrokes, and
// rounding for the table and bench/results.json.

/** The middle value; for an even count, the upper of the two middle values (no averaging). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
}

/** The nearest-rank percentile: the smallest value at or above `p` per cent of the values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export function round(value: number, digits = 1): number {
  return Math.round(value * 10 ** digits) / 10 ** digits
}
