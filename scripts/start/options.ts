import { StartError } from './start-error';
import { parseNodeUrls } from '../node-urls';

/** Which Starknet node the snap and the page run against. */
export type NodeChoice =
  | { kind: 'local' }
  | { kind: 'devnet' }
  | { kind: 'existing'; url: string };

export type StartOptions = {
  node: NodeChoice;
  /** False with `--no-build`: serve the last build as it is. */
  build: boolean;
  help: boolean;
};

export const USAGE = `Usage: npm start [-- options]

Starts a Starknet node with funded accounts, builds the snap with its Testnet
pointing at that node, and serves the snap and the companion page on
127.0.0.1 for MetaMask Flask.

  --devnet          run starknet-devnet (npm run devnet:install) instead of
                    the local node of packages/local-node
  --rpc-url <url>   use a node that is already running (a starknet-devnet):
                    it must serve Testnet (SN_SEPOLIA) and JSON-RPC 0.10.x
  --no-build        serve the last build as it is (it must have been built
                    for the same node); restarts in a second
  --help            show this help

Ports (0 = any free port): LOCAL_NODE_PORT (5050, the node; also
starknet-devnet's with --devnet), SNAP_SERVER_PORT (8081), SITE_PORT (8000).
`;

/**
 * Checks the URL of `--rpc-url` by the build's own rule for node URLs
 * (https, or plain http on localhost), so a wrong one fails before anything
 * starts rather than in the build.
 *
 * @param text - The URL.
 * @returns The URL.
 */
function oneNodeUrl(text: string): string {
  let urls: string[];
  try {
    urls = parseNodeUrls(text, '--rpc-url');
  } catch (error) {
    throw new StartError(
      error instanceof Error ? error.message : String(error),
    );
  }
  const [url] = urls;
  if (url === undefined || urls.length > 1) {
    throw new StartError('--rpc-url takes one URL');
  }
  return url;
}

/**
 * Reads the command line of `npm start` (what follows `npm start --`).
 *
 * @param argv - The arguments.
 * @returns The options.
 */
export function parseStartOptions(argv: string[]): StartOptions {
  let node: NodeChoice = { kind: 'local' };
  let build = true;
  const choose = (choice: NodeChoice): void => {
    if (node.kind !== 'local') {
      throw new StartError('--devnet and --rpc-url exclude each other');
    }
    node = choice;
  };
  for (let index = 0; index < argv.length; index++) {
    const [flag, inlineValue] = (argv[index] ?? '').split(/[=](.*)/su);
    switch (flag) {
      case '--help':
      case '-h':
        return { node, build, help: true };
      case '--devnet':
        choose({ kind: 'devnet' });
        break;
      case '--no-build':
        build = false;
        break;
      case '--rpc-url': {
        const value = inlineValue ?? argv[(index += 1)];
        if (value === undefined) {
          throw new StartError('--rpc-url needs the URL of a node');
        }
        choose({ kind: 'existing', url: oneNodeUrl(value) });
        break;
      }
      default:
        throw new StartError(`unknown option: ${argv[index] ?? ''}`);
    }
  }
  return { node, build, help: false };
}
