/* eslint-disable n/no-process-env -- the backend is chosen by the environment */
import { startDevnet } from './devnet';
import type { BackendName, TestNode, TestNodeOptions } from './types';
import { startLocalNode } from '@snapnet/local-node';

/**
 * The node the chain tests run against: `TEST_BACKEND=devnet` selects
 * starknet-devnet (`npm run test:devnet`), anything else the local node.
 */
export const BACKEND: BackendName =
  process.env.TEST_BACKEND === 'devnet' ? 'devnet' : 'local';

/**
 * Starts a fresh node of the selected backend.
 *
 * @param options - Port and chain.
 * @returns The running node.
 */
export async function startBackendNode(
  options: TestNodeOptions,
): Promise<TestNode> {
  if (BACKEND === 'devnet') {
    if (options.batchSizeLimit !== undefined) {
      throw new Error('A batch size limit needs the local node');
    }
    if (options.exitWaitWindow !== undefined) {
      throw new Error('Staking needs the local node');
    }
    return startDevnet(options);
  }
  return startLocalNode({
    host: '127.0.0.1',
    port: options.port,
    seed: 42,
    ...(options.chainId === undefined ? {} : { chainId: options.chainId }),
    ...(options.paymasterDialect === undefined
      ? {}
      : { paymasterDialect: options.paymasterDialect }),
    ...(options.batchSizeLimit === undefined
      ? {}
      : { batchSizeLimit: options.batchSizeLimit }),
    ...(options.exitWaitWindow === undefined
      ? {}
      : { exitWaitWindow: options.exitWaitWindow }),
  });
}
