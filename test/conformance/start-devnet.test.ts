/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch */
/**
 * `npm start -- --devnet` (in `npm run test:devnet`, which needs
 * starknet-devnet): starknet-devnet in place of the local node, on
 * 127.0.0.1, with the same banner, funded accounts and snap build; when
 * starknet-devnet fails, everything stops.
 */
import { mkdtemp, rm } from 'fs/promises';
import { resolve } from 'path';

import {
  MINT_ADDRESS_PLACEHOLDER,
  READY_LINE,
} from '../../scripts/start/banner';
import { DEVNET_VERSION } from '../chain/devnet';
import {
  freeStartPorts,
  killRun,
  listeningAddresses,
  markedProcesses,
  mintBody,
  post,
  processesLeft,
  runStart,
  takenPorts,
} from '../start/run-start';
import type { StartRun } from '../start/run-start';

/** The production build of the snap, on a loaded 2-core machine. */
const BUILD_LIMIT_MS = 600_000;

describe('npm start -- --devnet', () => {
  let run: StartRun | undefined;
  let buildDir: string;

  beforeAll(async () => {
    buildDir = await mkdtemp(
      resolve(__dirname, '../../node_modules/.cache/snapnet-start-test-'),
    );
  });

  afterAll(async () => {
    if (run) {
      await killRun(run.mark);
    }
    await rm(buildDir, { recursive: true, force: true });
  });

  it(
    'runs starknet-devnet with funded accounts, the snap built against it and the page, and stops everything when devnet dies',
    async () => {
      const ports = await freeStartPorts();
      run = runStart({ via: 'npm', args: ['--devnet'], ports, buildDir });
      await run.waitFor(READY_LINE);
      const banner = run.output();
      expect(banner).toContain(`starknet-devnet ${DEVNET_VERSION}`);
      expect(
        await listeningAddresses([ports.node, ports.snap, ports.site]),
      ).toStrictEqual(
        [ports.node, ports.snap, ports.site]
          .map((port) => `127.0.0.1:${port}`)
          .sort(),
      );
      const nodeUrl = `http://127.0.0.1:${ports.node}/rpc`;
      const bundle = await (
        await fetch(`http://127.0.0.1:${ports.snap}/dist/bundle.js`)
      ).text();
      expect(bundle).toContain(nodeUrl);

      // Ten funded accounts; the mint line works as printed.
      const accounts = [...banner.matchAll(/#\d (0x[0-9a-f]+)/gu)].map(
        (match) => match[1] ?? '',
      );
      expect(accounts).toHaveLength(10);
      expect(
        await post(
          nodeUrl,
          mintBody(banner, MINT_ADDRESS_PLACEHOLDER, accounts[1] ?? ''),
        ),
      ).toMatchObject({
        result: { new_balance: String(10n ** 21n + 10n ** 20n), unit: 'FRI' },
      });

      // starknet-devnet dies as a crash would end it.
      const devnet = (await markedProcesses(run.mark)).find((line) =>
        line.includes('starknet-devnet --host'),
      );
      expect(devnet).toBeDefined();
      process.kill(Number(devnet?.split(' ')[0]), 'SIGKILL');
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(
        'starknet-devnet ended (ended by SIGKILL)',
      );
      expect(await processesLeft(run.mark)).toStrictEqual([]);
      expect(await takenPorts(ports)).toStrictEqual([]);
    },
    BUILD_LIMIT_MS,
  );
});
