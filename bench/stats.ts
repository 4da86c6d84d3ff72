import type { Summary } from './types';

/**
 * Median, min and max of a series.
 *
 * @param values - The samples (at least one).
 * @returns Their summary, rounded to 0.1.
 */
export function summarize(values: number[]): Summary {
  if (values.length === 0) {
    throw new Error('No samples to summarize');
  }
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  const round = (value: number): number => Math.round(value * 10) / 10;
  return {
    median: round(median),
    min: round(sorted[0] ?? 0),
    max: round(sorted[sorted.length - 1] ?? 0),
    samples: sorted.length,
  };
}
