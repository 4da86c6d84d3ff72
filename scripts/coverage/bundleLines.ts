import { mergeScriptCovs } from '@bcoe/v8-coverage';
import type { ScriptCov } from '@bcoe/v8-coverage';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';
import { readdir, readFile } from 'fs/promises';
import { join } from 'path';

import type { LineHits } from './lineHits';
import { addLine } from './lineHits';

/**
 * The V8 coverage of the snap's bundle, merged over every thread that ran
 * it. snaps-jest runs each installed snap in a worker thread that evaluates
 * the bundle in an SES compartment: V8 records it as a script without URL,
 * recognised here by its top-level range spanning exactly the bundle's text.
 *
 * @param directory - Where `NODE_V8_COVERAGE` wrote its files.
 * @param bundle - The bundle's text.
 * @returns The merged coverage and how many runs it adds up, or undefined
 * when no thread ran the bundle.
 */
export async function readBundleCoverage(
  directory: string,
  bundle: string,
): Promise<(ScriptCov & { runs: number }) | undefined> {
  let merged: ScriptCov | undefined;
  let runCount = 0;
  for (const name of await readdir(directory)) {
    if (!name.endsWith('.json')) {
      continue;
    }
    const { result } = JSON.parse(
      await readFile(join(directory, name), 'utf8'),
    ) as { result: ScriptCov[] };
    const runs = result.filter(
      (script) =>
        script.url === '' &&
        script.functions[0]?.ranges[0]?.startOffset === 0 &&
        script.functions[0]?.ranges[0]?.endOffset === bundle.length,
    );
    if (runs.length > 0) {
      merged = mergeScriptCovs(merged ? [merged, ...runs] : runs);
      runCount += runs.length;
    }
  }
  return merged && { ...merged, runs: runCount };
}

/**
 * The threads whose coverage is missing from a `NODE_V8_COVERAGE` folder.
 * Node writes one file per thread as the thread ends, named
 * `coverage-<pid>-<time>-<threadId>.json`, and numbers a process's threads
 * 0 (the main one), 1, 2… in the order they start; snaps-jest runs each
 * installed snap in its own thread. A worker's number missing below a
 * process's highest one is a thread that ended without writing its file: a
 * lost run. Main threads (0) run no snap and are left out: a child process
 * a test kills writes none.
 *
 * @param fileNames - The folder's file names.
 * @returns How many thread files there are, and each missing thread as
 * `<pid>:<threadId>`.
 */
export function threadFiles(fileNames: string[]): {
  threads: number;
  missing: string[];
} {
  const byProcess = new Map<string, Set<number>>();
  let threads = 0;
  for (const name of fileNames) {
    const match = /^coverage-(\d+)-\d+-(\d+)\.json$/u.exec(name);
    if (match?.[1] !== undefined && match[2] !== undefined) {
      const ids = byProcess.get(match[1]) ?? new Set<number>();
      ids.add(Number(match[2]));
      byProcess.set(match[1], ids);
      threads += 1;
    }
  }
  const missing: string[] = [];
  for (const [pid, ids] of byProcess) {
    for (let id = 1; id < Math.max(...ids); id += 1) {
      if (!ids.has(id)) {
        missing.push(`${pid}:${id}`);
      }
    }
  }
  return { threads, missing };
}

type CountedRange = { start: number; end: number; count: number };

/**
 * How often the code at each offset ran: V8's block ranges nest, and the
 * innermost range holding an offset gives its count.
 *
 * @param script - The coverage.
 * @param offsets - Offsets in the bundle, ascending.
 * @returns Their counts, in the same order.
 */
function countsAt(script: ScriptCov, offsets: number[]): number[] {
  const ranges: CountedRange[] = script.functions
    .flatMap((fn) => fn.ranges)
    .map(({ startOffset, endOffset, count }) => ({
      start: startOffset,
      end: endOffset,
      count,
    }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const open: CountedRange[] = [];
  let next = 0;
  return offsets.map((offset) => {
    while (next < ranges.length && (ranges[next]?.start ?? 0) <= offset) {
      open.push(ranges[next] as CountedRange);
      next += 1;
    }
    // Ranges that ended before this offset close; nested ones close first.
    for (let index = open.length - 1; index >= 0; index -= 1) {
      if ((open[index] as CountedRange).end <= offset) {
        open.splice(index, 1);
      }
    }
    return open.at(-1)?.count ?? 0;
  });
}

/**
 * The lines of the snap's sources the bundle's coverage reached: each
 * source-map segment points a piece of the bundle at a line of a source; a
 * line counts as run when any of its pieces ran.
 *
 * @param script - The bundle's merged coverage.
 * @param bundle - The bundle's text (one line: offsets are its columns).
 * @param sourceMap - The bundle's source map (JSON text).
 * @param keep - Maps a source-map path to a source file to report, or
 * undefined to leave it out (libraries).
 * @returns Hits per file and line.
 */
export function bundleLineHits(
  script: ScriptCov,
  bundle: string,
  sourceMap: string,
  keep: (source: string) => string | undefined,
): LineHits {
  const lineStarts = [0];
  for (let index = 0; index < bundle.length; index += 1) {
    if (bundle[index] === '\n') {
      lineStarts.push(index + 1);
    }
  }
  const segments: { offset: number; file: string; line: number }[] = [];
  eachMapping(new TraceMap(sourceMap), (mapping) => {
    const file = mapping.source === null ? undefined : keep(mapping.source);
    if (file !== undefined && mapping.originalLine !== null) {
      segments.push({
        offset:
          (lineStarts[mapping.generatedLine - 1] ?? 0) +
          mapping.generatedColumn,
        file,
        line: mapping.originalLine,
      });
    }
  });
  segments.sort((a, b) => a.offset - b.offset);
  const counts = countsAt(
    script,
    segments.map(({ offset }) => offset),
  );
  const hits: LineHits = new Map();
  segments.forEach(({ file, line }, index) =>
    addLine(hits, file, line, counts[index] ?? 0),
  );
  return hits;
}
