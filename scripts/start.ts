/* eslint-disable n/no-process-exit -- the way out, once everything started is stopped */
/**
 * `npm start`: a Starknet node with funded accounts (the local node, or
 * starknet-devnet, or one of yours), the snap built against it and served
 * for MetaMask Flask, and the companion page — all on 127.0.0.1. No keys and
 * no internet needed. `npm start -- --help` lists the options.
 *
 * It checks its ports before it starts anything, prints the banner only
 * once every part answers, and stops everything it started — on Ctrl-C,
 * SIGTERM, SIGHUP, the end of its parent, or the failure of any part.
 */
import { waitForAnswers } from './start/answers';
import { banner } from './start/banner';
import {
  buildDirectory,
  buildSnap,
  buildVariables,
  checkLastBuild,
} from './start/build';
import { prepareNode, startNode } from './start/node';
import type { RunningNode } from './start/node';
import { parseStartOptions, USAGE } from './start/options';
import type { StartOptions } from './start/options';
import { checkPortsFree, listeningOn, readPorts } from './start/ports';
import { Shutdown } from './start/shutdown';
import { serveSnap } from './start/snap-server';
import { StartError } from './start/start-error';
import { onStopRequest } from './start/stop-triggers';
import { serveSite } from '../packages/site/src/serve';

/**
 * Thrown between steps once stopping has begun: nothing new starts.
 */
class StopRequested extends Error {}

/**
 * Starts every part in order, each registered with `shutdown` as it starts.
 *
 * @param options - The command line.
 * @param shutdown - Stops what started.
 * @returns The node, for the banner and to watch.
 */
async function startEverything(
  options: StartOptions,
  shutdown: Shutdown,
): Promise<RunningNode> {
  const step = (): void => {
    if (shutdown.requested) {
      throw new StopRequested();
    }
  };
  const ports = readPorts(process.env);
  const buildDir = buildDirectory(process.env);
  const label = await prepareNode(options.node);
  await checkPortsFree(
    options.node.kind === 'existing'
      ? [ports.snap, ports.site]
      : [ports.node, ports.snap, ports.site],
  );
  step();

  const node = await startNode(options.node, label, ports.node, shutdown);
  step();
  const variables = buildVariables({
    SNAP_TESTNET_RPC_URL: node.url,
    // A node without a paymaster: Testnet is built without one (not AVNU's).
    SNAP_TESTNET_PAYMASTER_URL: node.paymasterUrl ?? 'none',
    // AVNU's swap API, which only the local node emulates.
    SNAP_TESTNET_SWAP_URL: node.swapUrl ?? 'none',
    // Token logos from the local node's content-storage API.
    ...(node.storageUrl ? { SNAP_CONTENT_STORAGE_URL: node.storageUrl } : {}),
  });
  if (options.build) {
    console.log(`npm start: building the snap against ${node.url}…`);
    await buildSnap(buildDir, variables, shutdown);
  } else {
    await checkLastBuild(buildDir, variables);
  }
  step();

  const snap = await listeningOn(ports.snap, async () =>
    serveSnap(buildDir, ports.snap.port),
  );
  shutdown.add(snap.stop);
  step();
  // The id MetaMask's docs and the page's own default use; localhost is
  // loopback in every browser, where the server listens.
  const snapId = `local:http://localhost:${snap.port}`;
  const site = await listeningOn(ports.site, async () =>
    serveSite({ host: '127.0.0.1', port: ports.site.port, snapId }),
  );
  shutdown.add(async () => site.stop());
  step();

  await waitForAnswers([
    {
      what: 'The Starknet node',
      url: node.url,
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"starknet_chainId"}',
      },
    },
    { what: 'The snap server', url: `${snap.url}/snap.manifest.json` },
    { what: 'The companion page', url: site.url },
  ]);
  step();
  console.log(banner({ node, snapUrl: snap.url, snapId, siteUrl: site.url }));
  return node;
}

/**
 * An unexpected error in full, stack included: a bug to report.
 *
 * @param error - The error.
 * @returns Its description.
 */
function describeUnexpected(error: unknown): string {
  return error instanceof Error
    ? (error.stack ?? error.message)
    : String(error);
}

/**
 * Runs `npm start` until it is asked to stop or a part fails.
 */
async function main(): Promise<void> {
  const shutdown = new Shutdown();
  let finishing = false;
  const finish = (code: number, message?: string): void => {
    // The first reason wins: a part ending because it was stopped is no
    // failure of its own.
    if (finishing) {
      return;
    }
    finishing = true;
    if (message) {
      console.error(`npm start: ${message}`);
    }
    shutdown
      .stop()
      .finally(() => process.exit(code))
      .catch(() => process.exit(1));
  };
  let options: StartOptions;
  try {
    options = parseStartOptions(process.argv.slice(2));
  } catch (error) {
    console.error(
      `npm start: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`,
    );
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  // A bug must not leave a child behind either (starknet-devnet and the
  // build run in sessions of their own and would outlive this process).
  process.on('uncaughtException', (error) =>
    finish(1, describeUnexpected(error)),
  );
  process.on('unhandledRejection', (error) =>
    finish(1, describeUnexpected(error)),
  );
  onStopRequest((reason) => {
    console.log(`\nnpm start: ${reason}: stopping everything it started…`);
    finish(0);
  });
  try {
    const node = await startEverything(options, shutdown);
    finish(1, await node.ended);
  } catch (error) {
    if (shutdown.requested) {
      return;
    }
    finish(
      1,
      error instanceof StartError ? error.message : describeUnexpected(error),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
