import { startBackendNode } from './backend';
import { ensureArgentDeclared } from './classes';
import type { BackendName, TestNode, TestNodeOptions } from './types';
import { defaultState } from '../../src/state/schema';
import { ETH, TESTNET } from '../fixtures';
import { TEST_NODE_PORT } from '../ports';
import { LOCAL_PAYMASTER_API_KEY, startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

export type { PredeployedAccount, TestNode } from './types';
export { BACKEND } from './backend';

/**
 * Starts a fresh local node for one test file, on the test build's port.
 *
 * @returns The node.
 */
export async function startTestNode(): Promise<LocalNode> {
  return startLocalNode({ host: '127.0.0.1', port: TEST_NODE_PORT, seed: 42 });
}

/**
 * Sends one raw JSON-RPC body to the node.
 *
 * @param node - The node (anything with a URL).
 * @param node.url - Its JSON-RPC URL.
 * @param method - The method, for the error message.
 * @param body - The request body.
 * @returns The result.
 */
async function send(
  node: { url: string },
  method: string,
  body: string,
): Promise<unknown> {
  // Node 20 has fetch (stable since 21, working and unflagged in 20).
  // eslint-disable-next-line n/no-unsupported-features/node-builtins
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  const answer: { result?: unknown; error?: unknown } = await response.json();
  if (answer.error !== undefined) {
    throw new Error(`${method} failed: ${JSON.stringify(answer.error)}`);
  }
  return answer.result;
}

/**
 * Sends one JSON-RPC request to the node, as a dapp or a test would.
 *
 * @param node - The node (anything with a URL).
 * @param node.url - Its JSON-RPC URL.
 * @param method - The method.
 * @param params - Its params.
 * @returns The result.
 */
export async function nodeRequest(
  node: { url: string },
  method: string,
  params: unknown,
): Promise<unknown> {
  return send(
    node,
    method,
    JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  );
}

/**
 * Gives an address tokens on the node (`devnet_mint`). starknet-devnet reads
 * the amount as a JSON number of any size; the local node as a string.
 *
 * @param node - The node.
 * @param node.url - Its JSON-RPC URL.
 * @param node.backend - `devnet` for starknet-devnet; absent on a local node.
 * @param address - The receiver.
 * @param amount - How much, in the unit's smallest denomination.
 * @param unit - FRI (STRK) or WEI (ETH).
 */
export async function mint(
  node: { url: string; backend?: BackendName },
  address: string,
  amount: bigint,
  unit: 'FRI' | 'WEI',
): Promise<void> {
  const literal =
    node.backend === 'devnet'
      ? amount.toString()
      : JSON.stringify(amount.toString());
  await send(
    node,
    'devnet_mint',
    `{"jsonrpc":"2.0","id":1,"method":"devnet_mint","params":{"address":${JSON.stringify(address)},"amount":${literal},"unit":"${unit}"}}`,
  );
}

/**
 * Gives an address STRK (in FRI) on the node.
 *
 * @param node - The node.
 * @param node.url - Its JSON-RPC URL.
 * @param node.backend - `devnet` for starknet-devnet; absent on a local node.
 * @param address - The receiver.
 * @param amount - How much.
 */
export async function mintStrk(
  node: { url: string; backend?: BackendName },
  address: string,
  amount: bigint,
): Promise<void> {
  await mint(node, address, amount, 'FRI');
}

export const ONE_STRK = 10n ** 18n;

/**
 * The `paymaster` param of a sponsored request to the test node's paymaster:
 * it speaks AVNU's dialect, which refuses sponsorship without the key
 * (packages/local-node/src/paymaster/dialect.ts).
 */
export const SPONSORED = {
  feeMode: { mode: 'sponsored' },
  apiKey: LOCAL_PAYMASTER_API_KEY,
};

/**
 * Gives the test file a fresh node of the selected backend for its whole
 * run, the wallet's account class (Argent 0.3.1) declared and `address`
 * funded, started before its tests and stopped after them.
 *
 * @param address - The account to fund.
 * @param amount - Its STRK (FRI).
 * @param options - How else to start it (the paymaster's dialect).
 * @returns A getter for the running node.
 */
export function useFundedNode(
  address: string,
  amount: bigint,
  options: Omit<TestNodeOptions, 'port'> = {},
): () => TestNode {
  let node: TestNode | undefined;
  beforeAll(async () => {
    node = await startBackendNode({ ...options, port: TEST_NODE_PORT });
    await ensureArgentDeclared(node);
    await mintStrk(node, address, amount);
  }, 300_000);
  afterAll(async () => {
    await node?.stop();
  });
  return () => {
    if (!node) {
      throw new Error('The test node is not running');
    }
    return node;
  };
}

/** `SN_DEVNET` as a chain id: the chain of a network added at runtime. */
export const SN_DEVNET = '0x534e5f4445564e4554';

/**
 * A second node, on SN_DEVNET, for a test file's runtime-network tests: a
 * local node whichever backend serves Testnet, on a free port.
 *
 * @returns A getter for the running node.
 */
export function useRuntimeNetworkNode(): () => LocalNode {
  let node: LocalNode | undefined;
  beforeAll(async () => {
    node = await startLocalNode({ host: '127.0.0.1', chainId: 'SN_DEVNET' });
  });
  afterAll(async () => {
    await node?.stop();
  });
  return () => {
    if (!node) {
      throw new Error('The runtime network node is not running');
    }
    return node;
  };
}

/**
 * A state as a fresh install has it, but without ETH on the testnet, so
 * that ETH can be added.
 *
 * @returns The state.
 */
export function freshStateWithoutEth(): Record<string, unknown> {
  const state = defaultState();
  return {
    ...state,
    tokens: state.tokens.filter(
      (token) => !(token.chainId === TESTNET && token.address === ETH),
    ),
  };
}
