import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/** The port `npm run build:test` points the snap's Testnet URL at. */
export const TEST_NODE_PORT = 5055;

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
