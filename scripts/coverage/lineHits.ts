import { createCoverageMap } from 'istanbul-lib-coverage';
import type { CoverageMapData } from 'istanbul-lib-coverage';
import { relative } from 'path';

/** How often each line of each file ran: file → line → count. */
export type LineHits = Map<string, Map<number, number>>;

/**
 * Records that a line ran `count` times (adding to what is there).
 *
 * @param hits - The hits.
 * @param file - The file.
 * @param line - The line (1-based).
 * @param count - How often it ran.
 */
export function addLine(
  hits: LineHits,
  file: string,
  line: number,
  count: number,
): void {
  const lines = hits.get(file) ?? new Map<number, number>();
  lines.set(line, (lines.get(line) ?? 0) + count);
  hits.set(file, lines);
}

/**
 * The line hits of an istanbul coverage report (jest's `coverage-final.json`).
 *
 * @param data - The report.
 * @param root - The repository, which file names are made relative to.
 * @returns Hits per file (repository-relative) and line.
 */
export function istanbulLineHits(
  data: CoverageMapData,
  root: string,
): LineHits {
  const map = createCoverageMap(data);
  const hits: LineHits = new Map();
  for (const file of map.files()) {
    const lines = map.fileCoverageFor(file).getLineCoverage();
    for (const [line, count] of Object.entries(lines)) {
      addLine(hits, relative(root, file), Number(line), count);
    }
  }
  return hits;
}

/**
 * Measures runs on a fixed set of lines, istanbul's statement lines: the two
 * instruments count lines differently (the bundle's map also names the
 * continuation lines of a statement), so the lines that count come from one
 * of them, and a line runs when any run saw it.
 *
 * @param lines - The lines that count (their counts are ignored).
 * @param runs - The runs to add up on them.
 * @returns Hits on exactly those lines.
 */
export function onLines(lines: LineHits, ...runs: LineHits[]): LineHits {
  const hits: LineHits = new Map();
  for (const [file, fileLines] of lines) {
    for (const line of fileLines.keys()) {
      const count = runs.reduce(
        (sum, run) => sum + (run.get(file)?.get(line) ?? 0),
        0,
      );
      addLine(hits, file, line, count);
    }
  }
  return hits;
}

export type LineSummary = { covered: number; total: number };

/**
 * Covered and total lines, per file and over all files.
 *
 * @param hits - The hits.
 * @returns The totals and each file's.
 */
export function summarise(hits: LineHits): {
  all: LineSummary;
  files: Map<string, LineSummary>;
} {
  const all = { covered: 0, total: 0 };
  const files = new Map<string, LineSummary>();
  for (const [file, lines] of hits) {
    const counts = [...lines.values()];
    const summary = {
      covered: counts.filter((count) => count > 0).length,
      total: counts.length,
    };
    files.set(file, summary);
    all.covered += summary.covered;
    all.total += summary.total;
  }
  return { all, files };
}

/**
 * A percentage with one decimal.
 *
 * @param summary - The lines.
 * @returns E.g. `84.2`.
 */
export function percent(summary: LineSummary): number {
  return summary.total === 0
    ? 100
    : Math.floor((1000 * summary.covered) / summary.total) / 10;
}

/**
 * The lines not run, per file, as ranges of consecutive counted lines (a
 * range skips lines that do not count), most lines not run first.
 *
 * @param hits - The hits.
 * @returns E.g. `src/x.ts (3): 12-14, 20`, one line per file with misses.
 */
export function uncoveredListing(hits: LineHits): string[] {
  return [...hits]
    .map(([file, lines]) => {
      const counted = [...lines.keys()].sort((a, b) => a - b);
      const ranges: [number, number][] = [];
      let missed = 0;
      counted.forEach((line, index) => {
        if ((lines.get(line) ?? 0) > 0) {
          return;
        }
        missed += 1;
        const last = ranges[ranges.length - 1];
        if (last && last[1] === counted[index - 1]) {
          last[1] = line;
        } else {
          ranges.push([line, line]);
        }
      });
      const text = ranges
        .map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`))
        .join(', ');
      return { file, missed, text };
    })
    .filter(({ missed }) => missed > 0)
    .sort((a, b) => b.missed - a.missed)
    .map(({ file, missed, text }) => `${file} (${missed}): ${text}`);
}
