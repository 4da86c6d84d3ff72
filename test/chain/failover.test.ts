import { createServer } from 'http';
import type { Server } from 'http';

import { startBackendNode } from './backend';
import { ensureArgentDeclared } from './classes';
import { startHostileNode } from './hostile-node';
import type { HostileNode } from './hostile-node';
import { mintStrk, nodeRequest, ONE_STRK } from './node';
import type { TestNode } from './types';
import { freePort } from '../../scripts/start/ports';
import { ACCOUNT_0, MAINNET, STRK } from '../fixtures';
import { sendHeadersThenStall } from '../hostileResponses';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  installWallet,
  invoke,
  plainResultOf,
} from '../installedWallet';
import { TEST_MAINNET_PORT, TEST_MAINNET_SPARE_PORT } from '../ports';

/**
 * The test build's Mainnet has two nodes: 127.0.0.1:$TEST_MAINNET_PORT, then
 * 127.0.0.1:$TEST_MAINNET_SPARE_PORT. Here the second is a real Mainnet
 * node holding a balance only it knows, and the first is down, stalled,
 * of another chain, speaking JSON-RPC 0.9, or an honest node whose answer
 * to a transaction is garbled.
 */

const SPARE_BALANCE = 7n * ONE_STRK;

let spare: TestNode;
let first: TestNode;

beforeAll(async () => {
  spare = await startBackendNode({
    port: TEST_MAINNET_SPARE_PORT,
    chainId: 'SN_MAIN',
  });
  await mintStrk(spare, ACCOUNT_0.address, SPARE_BALANCE);
  // The first node's own chain, reached through whatever plays the first.
  first = await startBackendNode({
    port: await freePort(),
    chainId: 'SN_MAIN',
  });
  await ensureArgentDeclared(first);
  await mintStrk(first, ACCOUNT_0.address, 10n * ONE_STRK);
}, 300_000);

afterAll(async () => {
  await spare.stop();
  await first.stop();
});

/**
 * Something listening where the first Mainnet node is expected.
 */
type Stoppable = { stop(): Promise<void> };

/**
 * Listens on the first Mainnet port with an HTTP server.
 *
 * @param server - The server.
 * @returns It, stoppable.
 */
async function onFirstPort(server: Server): Promise<Stoppable> {
  await new Promise<void>((resolve) =>
    server.listen(TEST_MAINNET_PORT, '127.0.0.1', resolve),
  );
  return {
    stop: async (): Promise<void> => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The first node forwarding to a real Mainnet node, with answers rewritten.
 *
 * @returns The hostile node.
 */
async function hostileFirst(): Promise<HostileNode> {
  return startHostileNode({ target: first.url, port: TEST_MAINNET_PORT });
}

const FIRST_NODES: [string, () => Promise<Stoppable | undefined>][] = [
  ['down', async (): Promise<undefined> => undefined],
  [
    'stalled past the timeout',
    async (): Promise<Stoppable> =>
      onFirstPort(
        createServer((request, response) => {
          request.resume();
          request.on('end', () => sendHeadersThenStall(response));
        }),
      ),
  ],
  [
    'a node of another chain',
    async (): Promise<Stoppable> =>
      startBackendNode({ port: TEST_MAINNET_PORT, chainId: 'SN_SEPOLIA' }),
  ],
  [
    'speaking JSON-RPC 0.9',
    async (): Promise<Stoppable> => {
      const hostile = await hostileFirst();
      hostile.script('starknet_specVersion', () => ({ result: '0.9.0' }));
      return { stop: async (): Promise<void> => hostile.close() };
    },
  ],
];

describe('Mainnet with two nodes, through the built snap', () => {
  it.each(FIRST_NODES)(
    'answers from the second node when the first is %s, checking it in the same round trip',
    async (_case, startFirst) => {
      const running = await startFirst();
      try {
        const wallet = await installSharedWallet();
        spare.resetRequestCount();
        const balance = await plainResultOf(
          invoke(wallet, 'snapnet_getErc20TokenBalance', {
            tokenAddress: STRK,
            userAddress: ACCOUNT_0.address,
            chainId: MAINNET,
          }),
        );
        expect(BigInt(balance.balanceLatest)).toBe(SPARE_BALANCE);
        expect(spare.roundTripCount()).toBe(1);
        expect(spare.requestCount('starknet_chainId')).toBe(1);
        expect(spare.requestCount('starknet_specVersion')).toBe(1);
      } finally {
        await running?.stop();
      }
    },
  );

  it('sends a transaction to one node only: a garbled answer is -32002 with its hash, which that chain has; the second node never sees it', async () => {
    const hostile = await hostileFirst();
    try {
      hostile.script('starknet_addDeployAccountTransaction', () => ({
        result: { transaction_hash: 'garbled' },
      }));
      spare.resetRequestCount();
      const wallet = await installWallet();
      const deploying = invoke(wallet, 'snapnet_createAccount', {
        addressIndex: 0,
        deploy: true,
        chainId: MAINNET,
      });
      await (await confirmationOf(deploying)).ok();
      const error = await errorOf(deploying);
      expect(error.code).toBe(-32002);
      expect(error.message).toContain(
        'Mainnet node error: malformed answer to starknet_addDeployAccountTransaction',
      );
      expect(error.message).toContain('it may have reached the network');
      expect(error.data?.network).toBe('Mainnet');
      const hash = error.data?.transactionHash;
      if (typeof hash !== 'string') {
        throw new Error('Expected data.transactionHash');
      }
      expect(hash).toMatch(/^0x[0-9a-f]+$/u);
      expect(error.message).toContain(`Look up transaction ${hash}`);
      // It did reach the first node's chain, with the hash the snap names.
      const status = (await nodeRequest(
        first,
        'starknet_getTransactionStatus',
        { transaction_hash: hash },
      )) as { finality_status: string };
      expect(status.finality_status).toMatch(/^(RECEIVED|ACCEPTED_ON_L2)$/u);
      expect(spare.roundTripCount()).toBe(0);
    } finally {
      await hostile.close();
    }
  });
});
