import { createServer } from 'http';
import type { Server, ServerResponse } from 'http';
import { ec, typedData } from 'starknet';

import { startBackendNode } from './backend';
import { ensureArgentDeclared } from './classes';
import { mintStrk, nodeRequest, ONE_STRK } from './node';
import type { TestNode } from './types';
import { ACCOUNT_0, MAINNET, STRK, typedDataRevision1 } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  installWallet,
  invoke,
  plainResultOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_MAINNET_PORT, TEST_MAINNET_SPARE_PORT } from '../ports';

/**
 * The test build's Mainnet has two nodes: 127.0.0.1:$TEST_MAINNET_PORT, then
 * 127.0.0.1:$TEST_MAINNET_SPARE_PORT (a real Mainnet node here). The first
 * is a provider that serves the chain id and spec version as it should, and
 * answers every other call with an error of its own, as public endpoints
 * answer when they are rate-limited: HTTP 200 with a JSON-RPC error that is
 * not one of Starknet's. That is a failure of the endpoint, never the
 * chain's answer: each request succeeds through the second node.
 */

const SPARE_BALANCE = 7n * ONE_STRK;

const RECIPIENT =
  '0x00000000000000000000000000000000000000000000000000000000005151a1';

let spare: TestNode;

beforeAll(async () => {
  spare = await startBackendNode({
    port: TEST_MAINNET_SPARE_PORT,
    chainId: 'SN_MAIN',
  });
  await ensureArgentDeclared(spare);
  await mintStrk(spare, ACCOUNT_0.address, SPARE_BALANCE + 10n * ONE_STRK);
  // ACCOUNT_0 is deployed on the spare (the first node is down meanwhile),
  // so that it can send a transaction through it.
  const deploying = invoke(await installWallet(), 'snapnet_createAccount', {
    addressIndex: 0,
    deploy: true,
    chainId: MAINNET,
  });
  await (await confirmationOf(deploying)).ok();
  await plainResultOf(deploying);
}, 300_000);

afterAll(async () => {
  await spare.stop();
});

/** A JSON-RPC error as a provider sends it. */
type RpcError = { code: number; message: string };

/** How the first node answers the calls that are not its checks. */
type Behaviour = { status: 429 } | { error: RpcError };

/** The first node: what it received, and how to stop it. */
type FirstNode = { methods: string[]; stop(): Promise<void> };

/**
 * The answer to one call of the first node.
 *
 * @param call - The call.
 * @param call.id - Its id.
 * @param call.method - Its method.
 * @param error - The error it answers to anything but its checks.
 * @returns The response.
 */
function answerTo(
  call: { id?: unknown; method?: unknown },
  error: RpcError,
): Record<string, unknown> {
  if (call.method === 'starknet_chainId') {
    return { jsonrpc: '2.0', id: call.id, result: MAINNET };
  }
  if (call.method === 'starknet_specVersion') {
    return { jsonrpc: '2.0', id: call.id, result: '0.10.2' };
  }
  return { jsonrpc: '2.0', id: call.id, error };
}

/**
 * Starts the first Mainnet node, behaving as `behaviour` says.
 *
 * @param behaviour - An HTTP status for every POST, or the error it answers
 * to every call but its checks.
 * @returns The node.
 */
async function startFirstNode(behaviour: Behaviour): Promise<FirstNode> {
  const methods: string[] = [];
  const server: Server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const calls = [body].flat() as { id?: unknown; method?: unknown }[];
      methods.push(...calls.map((call) => String(call.method)));
      if ('status' in behaviour) {
        response.writeHead(behaviour.status).end('{}');
        return;
      }
      const answers = calls.map((call) => answerTo(call, behaviour.error));
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(TEST_MAINNET_PORT, '127.0.0.1', resolve),
  );
  return {
    methods,
    stop: async (): Promise<void> => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A signature of the fixtures' typed data by the spare's first predeployed
 * account: an account the wallet does not own, so the node is asked.
 *
 * @returns The account and its signature.
 */
function foreignSignature(): { address: string; signature: string[] } {
  const [predeployed] = spare.accounts;
  if (!predeployed) {
    throw new Error('The spare node has no predeployed account');
  }
  const messageHash = typedData.getMessageHash(
    typedDataRevision1,
    predeployed.address,
  );
  const { r, s } = ec.starkCurve.sign(messageHash, predeployed.privateKey);
  return {
    address: predeployed.address,
    signature: [`0x${r.toString(16)}`, `0x${s.toString(16)}`],
  };
}

/**
 * Asks the spare's account whether it accepts its own signature, through a
 * fresh snap (which tries the first node first).
 *
 * @returns The answer.
 */
async function verifyForeignSignature(): Promise<unknown> {
  const { address, signature } = foreignSignature();
  return plainResultOf(
    invoke(await installSharedWallet(), 'snapnet_verifySignedMessage', {
      typedDataMessage: typedDataRevision1,
      address,
      signature,
      chainId: MAINNET,
    }),
  );
}

/**
 * Asks a snap for ACCOUNT_0's STRK balance on Mainnet.
 *
 * @param wallet - A fresh snap (which tries the first node first).
 * @returns The pending request.
 */
function balanceRequest(wallet: Wallet): ReturnType<typeof invoke> {
  return invoke(wallet, 'snapnet_getErc20TokenBalance', {
    tokenAddress: STRK,
    userAddress: ACCOUNT_0.address,
    chainId: MAINNET,
  });
}

const PROVIDER_FAILURES: [string, Behaviour][] = [
  [
    '-32005 limit exceeded',
    { error: { code: -32005, message: 'limit exceeded' } },
  ],
  [
    'Zan’s -32011',
    {
      error: {
        code: -32011,
        message: 'cu limit exceeded; Request too fast per second',
      },
    },
  ],
  [
    '-32603 internal error',
    { error: { code: -32603, message: 'Internal error' } },
  ],
  ['an unknown code', { error: { code: 12345, message: 'upstream busy' } }],
  ['HTTP 429', { status: 429 }],
];

describe('a provider failing by its own error, through the built snap', () => {
  it.each(PROVIDER_FAILURES)(
    'getErc20TokenBalance answers from the second node when the first answers %s',
    async (_case, behaviour) => {
      const first = await startFirstNode(behaviour);
      try {
        const balance = await plainResultOf(
          balanceRequest(await installSharedWallet()),
        );
        expect(BigInt(balance.balanceLatest)).toBeGreaterThan(0n);
        expect(first.methods).toContain('starknet_call');
      } finally {
        await first.stop();
      }
    },
  );

  it.each(PROVIDER_FAILURES)(
    'verifySignedMessage keeps a valid signature valid when the first answers %s',
    async (_case, behaviour) => {
      const first = await startFirstNode(behaviour);
      try {
        expect(await verifyForeignSignature()).toBe(true);
        expect(first.methods).toContain('starknet_call');
      } finally {
        await first.stop();
      }
    },
  );

  it.each(PROVIDER_FAILURES)(
    'executeTxn sends through the second node when the first answers %s; the first never sees the transaction',
    async (_case, behaviour) => {
      const first = await startFirstNode(behaviour);
      try {
        const sending = invoke(
          await installSharedWallet(),
          'snapnet_executeTxn',
          {
            address: ACCOUNT_0.address,
            calls: [
              {
                contractAddress: STRK,
                entrypoint: 'transfer',
                calldata: [RECIPIENT, '0x1', '0x0'],
              },
            ],
            chainId: MAINNET,
          },
        );
        await (await confirmationOf(sending)).ok();
        const { transaction_hash: hash } = await plainResultOf(sending);
        const receipt = (await nodeRequest(
          spare,
          'starknet_getTransactionReceipt',
          { transaction_hash: hash },
        )) as { execution_status: string };
        expect(receipt.execution_status).toBe('SUCCEEDED');
        expect(first.methods.length).toBeGreaterThan(0);
        expect(
          first.methods.filter((method) => method.startsWith('starknet_add')),
        ).toStrictEqual([]);
      } finally {
        await first.stop();
      }
    },
  );
});

describe('a Starknet error from the first node, through the built snap', () => {
  it('is the answer (-32603 with its nodeCode), and the second node is not asked', async () => {
    const first = await startFirstNode({
      error: { code: 20, message: 'Contract not found' },
    });
    try {
      spare.resetRequestCount();
      const error = await errorOf(balanceRequest(await installSharedWallet()));
      expect(error.code).toBe(-32603);
      expect(error.data?.nodeCode).toBe(20);
      expect(spare.roundTripCount()).toBe(0);
    } finally {
      await first.stop();
    }
  });

  it('of the account refusing (40) is "not valid", and the second node is not asked', async () => {
    const first = await startFirstNode({
      error: { code: 40, message: 'Contract error' },
    });
    try {
      spare.resetRequestCount();
      expect(await verifyForeignSignature()).toBe(false);
      expect(spare.roundTripCount()).toBe(0);
    } finally {
      await first.stop();
    }
  });
});
