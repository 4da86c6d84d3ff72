import { defaultState } from '../../src/state/schema';
import { TESTNET } from '../helpers';
import { TEST_NODE_PORT } from '../ports';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * Starts a fresh local node for one test file, on the test build's port.
 *
 * @returns The node.
 */
export async function startTestNode(): Promise<LocalNode> {
  return startLocalNode({ host: '127.0.0.1', port: TEST_NODE_PORT, seed: 42 });
}

/**
 * Sends one JSON-RPC request to the node, as a dapp or a test would.
 *
 * @param node - The node.
 * @param method - The method.
 * @param params - Its params.
 * @returns The result.
 */
export async function nodeRequest(
  node: LocalNode,
  method: string,
  params: unknown,
): Promise<unknown> {
  // Node 20 has fetch (stable since 21, working and unflagged in 20).
  // eslint-disable-next-line n/no-unsupported-features/node-builtins
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body: { result?: unknown; error?: unknown } = await response.json();
  if (body.error !== undefined) {
    throw new Error(`${method} failed: ${JSON.stringify(body.error)}`);
  }
  return body.result;
}

/**
 * Gives an address STRK (in FRI) on the node.
 *
 * @param node - The node.
 * @param address - The receiver.
 * @param amount - How much.
 */
export async function mintStrk(
  node: LocalNode,
  address: string,
  amount: bigint,
): Promise<void> {
  await nodeRequest(node, 'devnet_mint', {
    address,
    amount: amount.toString(),
    unit: 'FRI',
  });
}

export const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
export const ETH =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';
export const ONE_STRK = 10n ** 18n;

/**
 * Gives the test file a fresh node for its whole run, with `address` funded,
 * started before its tests and stopped after them.
 *
 * @param address - The account to fund.
 * @param amount - Its STRK (FRI).
 * @returns A getter for the running node.
 */
export function useFundedNode(
  address: string,
  amount: bigint,
): () => LocalNode {
  let node: LocalNode | undefined;
  beforeAll(async () => {
    node = await startTestNode();
    await mintStrk(node, address, amount);
  });
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
