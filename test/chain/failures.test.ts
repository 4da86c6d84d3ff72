import { createServer } from 'http';
import type { Server } from 'http';

import { startBackendNode } from './backend';
import { ensureArgentDeclared } from './classes';
import { mintStrk, ONE_STRK } from './node';
import type { TestNode } from './types';
import { ACCOUNT_0, MAINNET, STRK } from '../fixtures';
import { sendEndlessBody, sendHeadersThenStall } from '../hostileResponses';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  installWallet,
  invoke,
  plainResultOf,
} from '../installedWallet';
import {
  TEST_MAINNET_PORT,
  TEST_MAINNET_SPARE_PORT,
  TEST_NODE_TIMEOUT_MS,
} from '../ports';

type Behaviour =
  | 'http-500'
  | 'garbage'
  | 'wrong-shape'
  | 'headers-then-stall'
  | 'endless-body';

/**
 * A Mainnet node's answers whose results have the wrong shape: it says it
 * serves Mainnet with spec 0.10.2, and answers every other call with an
 * array where a felt is expected.
 *
 * @param body - The request body (a batch).
 * @returns The answers.
 */
function wrongShapeAnswers(body: Buffer): unknown[] {
  const requests: { id: number; method: string }[] = [
    JSON.parse(body.toString('utf8')),
  ].flat();
  const results: Record<string, unknown> = {
    starknet_chainId: '0x534e5f4d41494e',
    starknet_specVersion: '0.10.2',
  };
  return requests.map(({ id, method }) => ({
    jsonrpc: '2.0',
    id,
    result: results[method] ?? ['not', 'a', 'felt'],
  }));
}

/**
 * A broken "Mainnet node": answers every request the way `behaviour` says.
 *
 * @param behaviour - How to misbehave.
 * @returns The listening server.
 */
async function brokenNode(behaviour: Behaviour): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (behaviour === 'headers-then-stall') {
        sendHeadersThenStall(response);
        return;
      }
      if (behaviour === 'endless-body') {
        sendEndlessBody(response);
        return;
      }
      if (behaviour === 'http-500') {
        response.writeHead(500, 'Internal Server Error').end('oops');
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        behaviour === 'garbage'
          ? '<html>not json</html>'
          : JSON.stringify(wrongShapeAnswers(Buffer.concat(chunks))),
      );
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(TEST_MAINNET_PORT, '127.0.0.1', resolve),
  );
  return server;
}

/**
 * Stops a server and its connections.
 *
 * @param server - The server.
 */
async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * Asks for a Mainnet balance through a fresh snap.
 *
 * @returns The error the snap answered.
 */
async function mainnetBalanceError(): Promise<{
  code: number;
  message: string;
}> {
  const wallet = await installSharedWallet();
  return errorOf(
    invoke(wallet, 'snapnet_getErc20TokenBalance', {
      tokenAddress: STRK,
      userAddress: ACCOUNT_0.address,
      chainId: MAINNET,
    }),
  );
}

describe('node failures are named, and change nothing', () => {
  it.each([
    ['http-500' as const, 'HTTP 500'],
    ['garbage' as const, 'malformed answer'],
    ['wrong-shape' as const, 'malformed answer to starknet_call'],
  ])(
    '%s → an error naming Mainnet and the failure',
    async (behaviour, expected) => {
      const server = await brokenNode(behaviour);
      try {
        const error = await mainnetBalanceError();
        expect(error.code).toBe(-32002);
        expect(error.message).toContain('Mainnet node error');
        expect(error.message).toContain(expected);
        // Mainnet's second node (down here) was tried too, and is named.
        expect(error.message).toContain(
          `127.0.0.1:${TEST_MAINNET_SPARE_PORT}: unreachable (`,
        );
      } finally {
        await stop(server);
      }
    },
  );

  it.each([
    [
      'headers-then-stall' as const,
      `no complete answer within ${TEST_NODE_TIMEOUT_MS / 1000} s`,
    ],
    ['endless-body' as const, 'answer larger than'],
  ])(
    '%s → an error naming Mainnet, and the account’s next send still runs',
    async (behaviour, expected) => {
      const wallet = await installWallet();
      const deploy = {
        addressIndex: 0,
        deploy: true,
        chainId: MAINNET,
      };
      let node: TestNode | undefined;
      const server = await brokenNode(behaviour);
      try {
        const error = await errorOf(
          invoke(wallet, 'snapnet_createAccount', deploy),
        );
        expect(error.code).toBe(-32002);
        expect(error.message).toContain('Mainnet node error');
        expect(error.message).toContain(expected);
        expect(error.data?.network).toBe('Mainnet');
      } finally {
        await stop(server);
      }
      try {
        node = await startBackendNode({
          port: TEST_MAINNET_PORT,
          chainId: 'SN_MAIN',
        });
        await ensureArgentDeclared(node);
        await mintStrk(node, ACCOUNT_0.address, 10n * ONE_STRK);
        // The same account's queue: this send waits for nothing left over.
        const deploying = invoke(wallet, 'snapnet_createAccount', deploy);
        await (await confirmationOf(deploying)).ok();
        const created = await plainResultOf(deploying);
        expect(created.address).toBe(ACCOUNT_0.address);
        expect(created.transaction_hash).toMatch(/^0x[0-9a-f]+$/u);
      } finally {
        await node?.stop();
      }
    },
  );

  it('refuses a node that serves another chain than the network', async () => {
    let node: TestNode | undefined;
    try {
      node = await startBackendNode({
        port: TEST_MAINNET_PORT,
        chainId: 'SN_SEPOLIA',
      });
      const error = await mainnetBalanceError();
      expect(error.message).toContain('wrong chain');
      expect(error.message).toContain('0x534e5f5345504f4c4941');
    } finally {
      await node?.stop();
    }
  });
});
