import { spawn } from 'child_process';
import { mkdir, readFile, rm, writeFile } from 'fs/promises';
import { cpus, loadavg, platform } from 'os';
import { resolve } from 'path';

import { measureBundle } from './bundle';
import type { BundleFigures } from './bundle';
import { RESULTS_DIR, ROOT, SNAP_MEASUREMENTS } from './paths';
import { formatReport } from './report';
import type { Results } from './report';
import { checkTargets } from './targets';
import { measureThroughput } from './throughput';
import type { ThroughputFigures } from './throughput';
import type { MethodMeasurement, SnapMeasurements } from './types';
import { methods } from '../src/methods/router';

/**
 * `npm run bench`: builds the snap for the local node, measures the bundle,
 * runs the snaps-jest benchmark (bench/snap.bench.ts) and the local node's
 * throughput benchmark, prints the table and writes results/latest.json.
 * Everything runs on 127.0.0.1, with bounded counts.
 */

const LATEST = resolve(RESULTS_DIR, 'latest.json');

/**
 * Runs a command in the repository root, its output shown.
 *
 * @param command - The program.
 * @param args - Its arguments.
 * @returns Whether it exited with 0.
 */
async function run(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', () => resolvePromise(false));
    child.on('exit', (code) => resolvePromise(code === 0));
  });
}

/**
 * Builds the snap with both networks on 127.0.0.1 (`npm run build:test`).
 *
 * @returns Whether the build succeeded.
 */
async function buildSnap(): Promise<boolean> {
  return run('npm', ['run', 'build:test']);
}

/**
 * Runs the snaps-jest benchmark and reads what it wrote.
 *
 * @returns The measurements, or undefined if the run failed.
 */
async function runSnapBench(): Promise<SnapMeasurements | undefined> {
  await rm(SNAP_MEASUREMENTS, { force: true });
  const passed = await run(process.execPath, [
    resolve(ROOT, 'node_modules/jest/bin/jest.js'),
    '--config',
    resolve(__dirname, 'jest.config.js'),
    '--runInBand',
  ]);
  const text = await readFile(SNAP_MEASUREMENTS, 'utf8').catch(() => undefined);
  if (!passed || text === undefined) {
    return undefined;
  }
  const measurements: SnapMeasurements = JSON.parse(text);
  return measurements;
}

/**
 * Every method of the router table, with its measurement or the reason
 * there is none; methods the run reported that the table lacks are kept.
 *
 * @param snap - The snaps-jest measurements.
 * @returns Measurements by method.
 */
function everyMethod(
  snap: SnapMeasurements | undefined,
): Record<string, MethodMeasurement> {
  const all: Record<string, MethodMeasurement> = {};
  for (const name of Object.keys(methods)) {
    all[name] = snap?.methods[name] ?? {
      measured: false,
      reason: snap ? 'no bench scenario' : 'the snaps-jest run failed',
    };
  }
  return { ...snap?.methods, ...all };
}

/**
 * Runs one step, recording its failure instead of stopping the benchmark.
 *
 * @param name - The step.
 * @param step - The step.
 * @param failures - Failures so far.
 * @returns Its result, or undefined if it failed.
 */
async function attempt<Type>(
  name: string,
  step: () => Promise<Type>,
  failures: string[],
): Promise<Type | undefined> {
  try {
    return await step();
  } catch (error) {
    failures.push(`${name}: ${String(error)}`);
    return undefined;
  }
}

/**
 * The benchmark.
 *
 * @returns Whether everything ran.
 */
async function main(): Promise<boolean> {
  const failures: string[] = [];
  const [loadAverage = 0] = loadavg();
  if (!(await buildSnap())) {
    process.stderr.write('npm run build:test failed\n');
    return false;
  }
  const bundle: BundleFigures | undefined = await attempt(
    'bundle',
    measureBundle,
    failures,
  );
  let snap = await runSnapBench();
  if (!snap) {
    // The test build is shared with other test runs: rebuild, retry once.
    process.stderr.write('snaps-jest benchmark failed; rebuilding, retrying\n');
    snap = (await buildSnap()) ? await runSnapBench() : undefined;
    if (!snap) {
      failures.push('snaps-jest benchmark: failed twice (see its output)');
    }
  }
  const throughput: ThroughputFigures | undefined = await attempt(
    'local node throughput',
    measureThroughput,
    failures,
  );
  const [cpu] = cpus();
  const results: Results = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: cpu?.model.trim() ?? 'unknown',
      cores: cpus().length,
      node: process.versions.node,
      platform: platform(),
      loadAverage: Math.round(loadAverage * 100) / 100,
    },
    bundle,
    install: snap?.install,
    methods: everyMethod(snap),
    throughput,
    targets: checkTargets(bundle, snap),
    failures,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(LATEST, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\n${formatReport(results)}`);
  process.stdout.write(`written to ${LATEST}\n`);
  return failures.length === 0;
}

main()
  .then((ok) => (process.exitCode = ok ? 0 : 1))
  .catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exitCode = 1;
  });
