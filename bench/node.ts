import { TESTNET_PORT } from './paths';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The node's JSON-RPC methods (packages/local-node/README.md), to break a
 * call's round trips down by method.
 */
const NODE_METHODS = [
  'specVersion',
  'chainId',
  'syncing',
  'blockNumber',
  'blockHashAndNumber',
  'getBlockWithTxHashes',
  'getBlockWithTxs',
  'getBlockWithReceipts',
  'getStateUpdate',
  'getBlockTransactionCount',
  'getTransactionByHash',
  'getTransactionByBlockIdAndIndex',
  'getTransactionReceipt',
  'getTransactionStatus',
  'getNonce',
  'getClassHashAt',
  'getClassAt',
  'getClass',
  'getStorageAt',
  'call',
  'estimateFee',
  'estimateMessageFee',
  'simulateTransactions',
  'getEvents',
  'addInvokeTransaction',
  'addDeployAccountTransaction',
  'addDeclareTransaction',
].map((name) => `starknet_${name}`);

/**
 * JSON-RPC calls the node received since its last counter reset, by method.
 *
 * @param node - The node.
 * @returns Calls per method (methods not called are left out).
 */
export function callsByMethod(node: LocalNode): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const method of NODE_METHODS) {
    const count = node.requestCount(method);
    if (count > 0) {
      counts[method.replace(/^starknet_/u, '')] = count;
    }
  }
  return counts;
}

const RETRIES = 30;
const RETRY_MS = 2000;

/**
 * Starts the local node on the test build's Testnet port (127.0.0.1). The
 * project's own chain tests use the same port: while another run holds it,
 * wait (bounded: about a minute) rather than fail.
 *
 * @returns The node.
 */
export async function startBenchNode(): Promise<LocalNode> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalNode({
        host: '127.0.0.1',
        port: TESTNET_PORT,
        seed: 1,
      });
    } catch (error) {
      const busy =
        error instanceof Error && error.message.includes('EADDRINUSE');
      if (!busy || attempt >= RETRIES) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
