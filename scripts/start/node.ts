import { devnetVersion, startDevnet } from './devnet';
import type { FundedAccount } from './node-rpc';
import {
  checkTestnetNode,
  servesPaymaster,
  predeployedAccounts,
  swapApiOf,
} from './node-rpc';
import type { NodeChoice } from './options';
import type { PortSetting } from './ports';
import { freePort, listeningOn } from './ports';
import type { Shutdown } from './shutdown';
import { startLocalNode } from '@snapnet/local-node';

export type RunningNode = {
  /** The JSON-RPC URL the snap's Testnet is built with. */
  url: string;
  /** What the node is, for the banner. */
  label: string;
  /** Its JSON-RPC version. */
  specVersion: string;
  accounts: FundedAccount[];
  /** The local node's content-storage API, which the build points token logos at. */
  storageUrl?: string;
  /** Where SNIP-29's `paymaster_*` methods are served (the local node's own URL). */
  paymasterUrl?: string;
  /** Where AVNU's swap API is served (the local node's root, or a node of yours that serves it). */
  swapUrl?: string;
  /** The AVNU exchange the local node emulates (none on another node). */
  swapExchange?: string;
  /** The staking the local node emulates (none on another node). */
  staking?: { contract: string; exitWaitWindow: number; validators: number };
  /** Settles, with how, if the node ends on its own (a node of ours). */
  ended: Promise<string>;
};

/** Never settles: a node that cannot end on its own. */
const NEVER = new Promise<string>(() => undefined);

/**
 * Checks, before anything starts, what the chosen node needs: for
 * `--devnet`, that starknet-devnet is installed.
 *
 * @param choice - The node.
 * @returns What to call it in the banner.
 */
export async function prepareNode(choice: NodeChoice): Promise<string> {
  switch (choice.kind) {
    case 'devnet':
      return `${await devnetVersion()}, started by npm start`;
    case 'existing':
      return 'a node of yours (--rpc-url)';
    default:
      return 'the local node of packages/local-node';
  }
}

/**
 * Starts the chosen node (or finds the existing one), registers how to stop
 * it, and checks it is a Testnet node the snap can use.
 *
 * @param choice - Which node.
 * @param label - What prepareNode called it.
 * @param port - The port of a node of ours.
 * @param shutdown - Where its stop is registered.
 * @returns The node.
 */
export async function startNode(
  choice: NodeChoice,
  label: string,
  port: PortSetting,
  shutdown: Shutdown,
): Promise<RunningNode> {
  if (choice.kind === 'local') {
    const node = await listeningOn(port, async () =>
      startLocalNode({
        host: '127.0.0.1',
        port: port.port,
        // One line per request, as starknet-devnet logs them.
        logLevel: 'info',
      }),
    );
    shutdown.add(async () => node.stop());
    return {
      url: node.url,
      label,
      specVersion: await checkTestnetNode(node.url),
      accounts: node.accounts,
      storageUrl: node.storageUrl,
      paymasterUrl: node.url,
      swapUrl: node.swap.apiUrl,
      swapExchange: node.swap.exchange,
      staking: node.staking,
      ended: NEVER,
    };
  }
  let url: string;
  let ended = NEVER;
  if (choice.kind === 'devnet') {
    const devnetPort = port.port === 0 ? await freePort() : port.port;
    const devnet = await startDevnet(devnetPort, (group) =>
      shutdown.add(group.stop),
    );
    ({ url } = devnet);
    ended = devnet.group.exited.then(
      (how) =>
        `starknet-devnet ended (${how}). It printed:\n${devnet.output()}`,
    );
  } else {
    ({ url } = choice);
  }
  const swapUrl = await swapApiOf(url);
  return {
    url,
    label,
    specVersion: await checkTestnetNode(url),
    accounts: await predeployedAccounts(url),
    ...((await servesPaymaster(url)) ? { paymasterUrl: url } : {}),
    ...(swapUrl === undefined ? {} : { swapUrl }),
    ended,
  };
}
