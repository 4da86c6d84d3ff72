import { createServer } from 'http';
import type { Server } from 'http';

import { startBackendNode } from './backend';
import type { TestNode } from './types';
import { ACCOUNT_0, errorOf, installWallet, invoke, MAINNET } from '../helpers';
import { TEST_MAINNET_PORT } from '../ports';

const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';

type Behaviour = 'http-500' | 'garbage' | 'wrong-shape';

/**
 * A broken "Mainnet node": answers every request the way `behaviour` says.
 *
 * @param behaviour - How to misbehave.
 * @returns The listening server.
 */
async function brokenNode(behaviour: Behaviour): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (behaviour === 'http-500') {
        response.writeHead(500, 'Internal Server Error').end('oops');
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        behaviour === 'garbage'
          ? '<html>not json</html>'
          : JSON.stringify([
              { jsonrpc: '2.0', id: 1, result: ['not', 'a', 'felt'] },
              { jsonrpc: '2.0', id: 2, result: ['not', 'a', 'felt'] },
              { jsonrpc: '2.0', id: 3, result: '0x534e5f4d41494e' },
            ]),
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
  const wallet = await installWallet();
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
      } finally {
        await stop(server);
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
