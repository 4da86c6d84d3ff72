/**
 * `npm run test:devnet`: the conformance tier. Builds the snap with its
 * Testnet pointing at a free loopback port and runs the chain end-to-end
 * suite (test/chain/*.test.ts, the same files `npm test` runs against the
 * local node) with `TEST_BACKEND=devnet`: every test file starts its own
 * starknet-devnet there (fixed seed, predeployed accounts, SN_SEPOLIA) and
 * stops it when done; SNIP-29's `paymaster_*` calls on that port are
 * answered by the local node's paymaster service over devnet (its last
 * predeployed account relaying). Then the checks of the local node against
 * devnet (test/conformance/: the differential flows, the predeployed
 * accounts by seed, the token flow, the paymaster in real Cairo) and
 * `npm start -- --devnet`
 * (test/conformance/start-devnet.test.ts). Needs starknet-devnet 0.10.1
 * (`npm run devnet:install`).
 */
import { spawn, spawnSync } from 'child_process';

import { freePort } from './start/ports';
import { DEVNET_VERSION, devnetBinary } from '../test/chain/devnet';

/**
 * Runs a command to its end, with extra environment.
 *
 * @param command - The program.
 * @param args - Its arguments.
 * @param env - Extra environment.
 */
async function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<void> {
  console.log(`test:devnet: ${command} ${args.join(' ')}`);
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const code = await new Promise<number | null>((resolve) =>
    child.on('exit', resolve),
  );
  if (code !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
  }
}

/**
 * Fails with the fix when the pinned starknet-devnet is not installed.
 */
function checkDevnet(): void {
  // One probe before anything starts.
  // eslint-disable-next-line n/no-sync
  const probe = spawnSync(devnetBinary(), ['--version'], { encoding: 'utf8' });
  const version = probe.stdout?.trim().split(/\s+/u)[1];
  if (version !== DEVNET_VERSION) {
    throw new Error(
      `${devnetBinary()} ${probe.error ? `cannot run (${probe.error.message})` : `reports ${version ?? 'nothing'}`}; ` +
        `starknet-devnet ${DEVNET_VERSION} is needed: npm run devnet:install`,
    );
  }
}

/**
 * Builds, then runs the chain suite and the differential check on devnet.
 */
async function main(): Promise<void> {
  const started = Date.now();
  checkDevnet();
  const env = {
    TEST_BACKEND: 'devnet',
    TEST_TESTNET_PORT: String(await freePort()),
    TEST_MAINNET_PORT: String(await freePort()),
    TEST_MAINNET_SPARE_PORT: String(await freePort()),
  };
  console.log(
    `test:devnet: starknet-devnet ${DEVNET_VERSION}, snap Testnet → 127.0.0.1:${env.TEST_TESTNET_PORT}`,
  );
  await run('npm', ['run', 'build:test'], env);
  await run(
    'npx',
    ['jest', '--selectProjects', 'chain', 'conformance', '--runInBand'],
    env,
  );
  console.log(
    `test:devnet: done in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(`test:devnet: FAILED: ${String(error)}`);
  process.exitCode = 1;
});
