import type { BundleFigures } from './bundle';
import { formatTable } from './table';
import type { TargetCheck } from './targets';
import type { ThroughputFigures } from './throughput';
import type { MethodMeasurement, SnapMeasurements } from './types';

export type Results = {
  generatedAt: string;
  machine: {
    cpus: string;
    cores: number;
    node: string;
    platform: string;
    /** 1-minute load average when the run started (other work skews figures). */
    loadAverage: number;
  };
  bundle: BundleFigures | undefined;
  install: SnapMeasurements['install'] | undefined;
  /** Every method of the router table, measured or not. */
  methods: Record<string, MethodMeasurement>;
  throughput: ThroughputFigures | undefined;
  targets: TargetCheck[];
  failures: string[];
};

const TOP_DEPENDENCIES = 12;
const TOP_FOLDERS = 12;

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
const millis = (value: number): string => value.toFixed(1);

/**
 * The bundle section.
 *
 * @param bundle - Its figures.
 * @returns The text.
 */
export function bundleSection(bundle: BundleFigures): string {
  const rows = (
    parts: BundleFigures['dependencies'],
    top: number,
  ): string[][] =>
    parts
      .slice(0, top)
      .map(({ name, bytes }) => [
        name,
        bytes.toLocaleString('en-US'),
        `${((100 * bytes) / bundle.bytes).toFixed(1)} %`,
      ]);
  return [
    `dist/bundle.js: ${bundle.bytes.toLocaleString('en-US')} bytes (${kb(bundle.bytes)}), gzip -9: ${bundle.gzipBytes.toLocaleString('en-US')} bytes`,
    "largest parts (source-map attribution through the bundle's own map):",
    formatTable(
      ['package / folder', 'bytes', 'share'],
      rows(bundle.dependencies, TOP_DEPENDENCIES),
    ),
    'src/ by folder (or top-level file):',
    formatTable(
      ['folder', 'bytes', 'share'],
      rows(bundle.srcFolders, TOP_FOLDERS),
    ),
  ].join('\n');
}

/**
 * One method's row.
 *
 * @param name - The method.
 * @param measurement - Its measurement.
 * @returns The cells.
 */
function methodRow(name: string, measurement: MethodMeasurement): string[] {
  if (!measurement.measured) {
    return [
      name,
      'not measured',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      measurement.reason,
    ];
  }
  const { latencyMs, toDialogMs, roundTrips, roundTripsBeforeDialog } =
    measurement;
  const range = ({ min, max }: { min: number; max: number }): string =>
    min === max ? `${max}` : `${min}–${max}`;
  return [
    name,
    millis(latencyMs.median),
    millis(latencyMs.min),
    millis(latencyMs.max),
    toDialogMs ? millis(toDialogMs.median) : '–',
    millis(measurement.firstCallMs),
    `${measurement.dialogs}`,
    range(roundTrips),
    roundTripsBeforeDialog ? range(roundTripsBeforeDialog) : '–',
    Object.entries(measurement.roundTripsByMethod)
      .map(([method, count]) => `${method}×${count}`)
      .join(' '),
  ];
}

/**
 * The whole report, as printed.
 *
 * @param results - The results.
 * @returns The text.
 */
export function formatReport(results: Results): string {
  const sections: string[] = [
    `npm run bench — ${results.generatedAt} — ${results.machine.cpus} (${results.machine.cores} cores, load ${results.machine.loadAverage} at start), Node ${results.machine.node}`,
  ];
  if (results.bundle) {
    sections.push(bundleSection(results.bundle));
  }
  if (results.install) {
    const { ms, firstMs } = results.install;
    sections.push(
      `snap install (snaps-jest simulation, ${ms.samples} installs): median ${ms.median} ms, min ${ms.min} ms, max ${ms.max} ms (first install ${firstMs} ms, not counted)`,
    );
  }
  const calls = Object.values(results.methods).find(
    (measurement) => measurement.measured,
  );
  sections.push(
    [
      `methods (${calls?.measured ? calls.calls : 0} calls each after one warm-up call; ms of snap time, dialogs approved at once and their open time left out; round trips = HTTP requests to the node per call, each a single call or a batch; before dialog = those the node had received when the first dialog was shown; the calls by method follow)`,
      formatTable(
        [
          'method',
          'median',
          'min',
          'max',
          'to dialog',
          'first call',
          'dialogs',
          'round trips',
          'before dialog',
          'by node method (last call)',
        ],
        Object.entries(results.methods).map(([name, measurement]) =>
          methodRow(name.replace(/^snapnet_/u, ''), measurement),
        ),
      ),
    ].join('\n'),
  );
  if (results.throughput) {
    const figures = results.throughput;
    sections.push(
      `local node: ${figures.txPerSecond} invoke tx/s (${figures.transactions} tx from ${figures.clients} concurrent starknet.js clients; p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms)${figures.fullFlowTxPerSecond === undefined ? '' : `; default starknet.js execute flow, 1 client: ${figures.fullFlowTxPerSecond} tx/s`}`,
    );
  }
  sections.push(
    [
      'targets (the older ConsenSys Starknet snap on this machine)',
      formatTable(
        ['target', 'wanted', 'measured', 'met'],
        results.targets.map((check) => [
          check.name,
          check.target,
          check.actual,
          check.met ? 'yes' : 'NO',
        ]),
      ),
    ].join('\n'),
  );
  if (results.failures.length > 0) {
    sections.push(`failures:\n${results.failures.join('\n')}`);
  }
  return `${sections.join('\n\n')}\n`;
}
