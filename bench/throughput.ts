import { execFile } from 'child_process';
import { resolve } from 'path';
import { promisify } from 'util';

import { ROOT } from './paths';

export type ThroughputFigures = {
  clients: number;
  transactions: number;
  txPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The same node, one client, starknet.js's default execute flow. */
  fullFlowTxPerSecond: number | undefined;
  command: string;
};

const CLIENTS = 4;
const TXS_PER_CLIENT = 50;

/**
 * A number that must appear in the local node benchmark's output.
 *
 * @param output - The output.
 * @param pattern - A pattern with one number group.
 * @returns The number.
 */
function numberIn(output: string, pattern: RegExp): number {
  const match = pattern.exec(output)?.[1];
  if (match === undefined) {
    throw new Error(
      `Local node benchmark output lacks ${String(pattern)}:\n${output}`,
    );
  }
  return Number(match);
}

/**
 * Runs the local node's own benchmark (packages/local-node/bench): invoke
 * transactions per second from several concurrent starknet.js clients, the
 * node in its own process on 127.0.0.1; and reads its output.
 *
 * @returns Its figures.
 */
export async function measureThroughput(): Promise<ThroughputFigures> {
  const script = resolve(ROOT, 'packages/local-node/bench/throughput.ts');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', script],
    {
      cwd: resolve(ROOT, 'packages/local-node'),
      env: {
        ...process.env,
        BENCH_CLIENTS: String(CLIENTS),
        BENCH_TXS: String(TXS_PER_CLIENT),
      },
      timeout: 300000,
    },
  );
  const flow = /execute flow[^:]*: ([\d.]+) tx\/s/u.exec(stdout)?.[1];
  return {
    clients: numberIn(stdout, /from (\d+) concurrent/u),
    transactions: numberIn(stdout, /throughput: (\d+) tx/u),
    txPerSecond: numberIn(stdout, /^[ \t]+([\d.]+) tx\/s/mu),
    p50Ms: numberIn(stdout, /p50 ([\d.]+) ms, p99/u),
    p99Ms: numberIn(stdout, /p99 ([\d.]+) ms/u),
    fullFlowTxPerSecond: flow === undefined ? undefined : Number(flow),
    command: `BENCH_CLIENTS=${CLIENTS} BENCH_TXS=${TXS_PER_CLIENT} npm run bench -w packages/local-node`,
  };
}
