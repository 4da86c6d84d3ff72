import { FeltText, parsedBy } from './answers';
import { addTransactionCall } from './calls';
import { NodeClient } from './client';
import { isSupportedSpec } from './endpoints';
import type { NodeCall } from './nodeCall';
import { sendHeadersThenStall } from '../../test/hostileResponses';
import {
  answering,
  closeScriptedNodes,
  scriptedNode,
  BROADCAST_INVOKE,
  failureOf,
} from '../../test/scriptedNode';
import type { RpcRequest, ScriptedNode } from '../../test/scriptedNode';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';
import {
  ChainRejectedError,
  NodeError,
  SubmissionUnknownError,
  WrongChainError,
} from '../errors';

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };

/** The hash every healthy node of these tests answers for a transaction. */
const TX_HASH = '0x7a5';

afterAll(closeScriptedNodes);

/**
 * A node's answers: a healthy Testnet node speaking 0.10.2, except where
 * `overrides` says otherwise, by method.
 *
 * @param overrides - Results by method.
 * @returns The result of each request.
 */
function node(
  overrides: Record<string, unknown> = {},
): (request: RpcRequest) => unknown {
  return (request) => {
    if (request.method in overrides) {
      return overrides[request.method];
    }
    switch (request.method) {
      case 'starknet_chainId':
        return TESTNET_CHAIN_ID;
      case 'starknet_specVersion':
        return '0.10.2';
      case 'starknet_addInvokeTransaction':
        return { transaction_hash: TX_HASH };
      default:
        return `0x${request.id.toString(16)}`;
    }
  };
}

/**
 * Starts a healthy node that tells which it is by its block number.
 *
 * @param blockNumber - Its answer to starknet_blockNumber.
 * @returns The node.
 */
async function healthyNode(blockNumber: string): Promise<ScriptedNode> {
  return scriptedNode(answering(node({ starknet_blockNumber: blockNumber })));
}

/**
 * A node that is down: its port no longer listens.
 *
 * @returns Its URL.
 */
async function downNode(): Promise<string> {
  const down = await scriptedNode(() => undefined);
  await down.close();
  return down.url;
}

const BLOCK_NUMBER: NodeCall<string> = {
  method: 'starknet_blockNumber',
  params: [],
  parse: parsedBy(FeltText),
};

/**
 * The methods of each POST a node received.
 *
 * @param scripted - The node.
 * @returns The methods, POST by POST.
 */
function methodsOf(scripted: ScriptedNode): string[][] {
  return scripted.posts.map((post) => post.map(({ method }) => method));
}

describe('a network with several endpoints', () => {
  it('goes past one down, one stalled, one of another chain and one speaking 0.9, checking each in the batch itself', async () => {
    const stalled = await scriptedNode((_requests, response) =>
      sendHeadersThenStall(response),
    );
    const otherChain = await scriptedNode(
      answering(node({ starknet_chainId: MAINNET_CHAIN_ID })),
    );
    const oldSpec = await scriptedNode(
      answering(node({ starknet_specVersion: '0.9.0' })),
    );
    const healthy = await healthyNode('0x2a');
    const client = new NodeClient(TESTNET, {
      urls: [
        await downNode(),
        stalled.url,
        otherChain.url,
        oldSpec.url,
        healthy.url,
      ],
      timeoutMs: 300,
    });
    expect(await client.call(BLOCK_NUMBER)).toBe('0x2a');
    // Each endpoint got the call with both checks, in one POST.
    const checked = [
      ['starknet_blockNumber', 'starknet_chainId', 'starknet_specVersion'],
    ];
    expect(methodsOf(stalled)).toStrictEqual(checked);
    expect(methodsOf(otherChain)).toStrictEqual(checked);
    expect(methodsOf(oldSpec)).toStrictEqual(checked);
    expect(methodsOf(healthy)).toStrictEqual(checked);

    // The next request (another client, as the next dapp call makes one)
    // starts at the endpoint that answered, checked already: one POST.
    const next = new NodeClient(TESTNET, {
      urls: [stalled.url, otherChain.url, oldSpec.url, healthy.url],
      timeoutMs: 300,
    });
    expect(await next.call(BLOCK_NUMBER)).toBe('0x2a');
    expect(methodsOf(healthy).slice(1)).toStrictEqual([
      ['starknet_blockNumber'],
    ]);
    expect(stalled.posts).toHaveLength(1);
  });

  it('fails with a node error naming the network only when every endpoint failed, each by host and never by path', async () => {
    const oldSpec = await scriptedNode(
      answering(node({ starknet_specVersion: '0.9.0' })),
    );
    const keyed = `${oldSpec.url}/secret-api-key`;
    const down = await downNode();
    const error = await failureOf(
      new NodeClient(TESTNET, { urls: [keyed, down] }).call(BLOCK_NUMBER),
    );
    expect(error).toBeInstanceOf(NodeError);
    expect(error).toHaveProperty('network', 'Testnet');
    const message = String(error);
    expect(message).toContain('Testnet node error: no node answered (');
    expect(message).toContain(
      `${new URL(keyed).host}: unsupported JSON-RPC version: the node at this network's URL speaks 0.9.0, not 0.10.x`,
    );
    expect(message).toContain(`${new URL(down).host}: unreachable (`);
    expect(message).not.toContain('secret-api-key');
  });

  it('keeps the only endpoint’s own error, and goes nowhere else on a rejected call', async () => {
    const otherChain = await scriptedNode(
      answering(node({ starknet_chainId: MAINNET_CHAIN_ID })),
    );
    expect(
      await failureOf(
        new NodeClient(TESTNET, { urls: [otherChain.url] }).call(BLOCK_NUMBER),
      ),
    ).toBeInstanceOf(WrongChainError);

    // The node's own word on a call (here: a JSON-RPC error) is an answer.
    const refusing = await scriptedNode((requests, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          requests.map((request) =>
            request.method === 'starknet_blockNumber'
              ? {
                  jsonrpc: '2.0',
                  id: request.id,
                  error: { code: 24, message: 'Block not found' },
                }
              : { jsonrpc: '2.0', id: request.id, result: node()(request) },
          ),
        ),
      );
    });
    const spare = await healthyNode('0x1');
    const error = await failureOf(
      new NodeClient(TESTNET, { urls: [refusing.url, spare.url] }).call(
        BLOCK_NUMBER,
      ),
    );
    expect(error).toBeInstanceOf(ChainRejectedError);
    expect(error).toHaveProperty('code', 24);
    expect(spare.posts).toHaveLength(0);
  });

  it('refuses an endpoint that cannot say which spec version it speaks', async () => {
    const silent = await scriptedNode((requests, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          requests.map((request) =>
            request.method === 'starknet_specVersion'
              ? {
                  jsonrpc: '2.0',
                  id: request.id,
                  error: { code: -32601, message: 'Method not found' },
                }
              : { jsonrpc: '2.0', id: request.id, result: node()(request) },
          ),
        ),
      );
    });
    const error = await failureOf(
      new NodeClient(TESTNET, { urls: [silent.url] }).call(BLOCK_NUMBER),
    );
    expect(String(error)).toContain(
      'Testnet node error: error -32601 to starknet_specVersion, not a Starknet answer: Method not found',
    );
  });
});

describe('a transaction', () => {
  it('goes to one checked endpoint only: when that exchange fails, it is not sent to the next', async () => {
    let failNext = false;
    const flaky = await scriptedNode((requests, response) => {
      if (failNext) {
        response.writeHead(502, 'Bad Gateway').end();
        return;
      }
      answering(node())(requests, response);
    });
    const spare = await healthyNode('0x1');
    const urls = [flaky.url, spare.url];
    // A request's reads check the endpoint first, as the sender's do.
    await new NodeClient(TESTNET, { urls }).call(BLOCK_NUMBER);
    failNext = true;
    const error = await failureOf(
      new NodeClient(TESTNET, { urls }).call(
        addTransactionCall(BROADCAST_INVOKE),
      ),
    );
    expect(error).toBeInstanceOf(SubmissionUnknownError);
    expect(error).toHaveProperty('network', 'Testnet');
    expect(String(error)).toContain(
      'Testnet node error: HTTP 502 while sending a transaction: it may have reached the network, or not',
    );
    expect(String(error)).toContain('it was not sent to another node');
    expect(methodsOf(flaky).at(-1)).toStrictEqual([
      'starknet_addInvokeTransaction',
    ]);
    expect(spare.posts).toHaveLength(0);
  });

  it('is unknown when its endpoint stalls or answers garbage, and still goes nowhere else', async () => {
    const stalled = await scriptedNode((requests, response) =>
      requests.some(({ method }) => method === 'starknet_addInvokeTransaction')
        ? sendHeadersThenStall(response)
        : answering(node())(requests, response),
    );
    const garbled = await scriptedNode((requests, response) =>
      answering(
        node({ starknet_addInvokeTransaction: { transaction_hash: 'oops' } }),
      )(requests, response),
    );
    const spare = await healthyNode('0x1');
    for (const [first, reason] of [
      [stalled, 'no complete answer within 0.3 s'],
      [garbled, 'malformed answer to starknet_addInvokeTransaction'],
    ] as const) {
      const urls = [first.url, spare.url];
      await new NodeClient(TESTNET, { urls }).call(BLOCK_NUMBER);
      const error = await failureOf(
        new NodeClient(TESTNET, { urls, timeoutMs: 300 }).call(
          addTransactionCall(BROADCAST_INVOKE),
        ),
      );
      expect(error).toBeInstanceOf(SubmissionUnknownError);
      expect(String(error)).toContain(`${reason}`);
    }
    expect(spare.posts).toHaveLength(0);
  });

  it('moves on while no endpoint could have received it: an unchecked endpoint is checked alone first', async () => {
    const oldSpec = await scriptedNode(
      answering(node({ starknet_specVersion: '0.9.0' })),
    );
    const healthy = await healthyNode('0x1');
    const client = new NodeClient(TESTNET, {
      urls: [await downNode(), oldSpec.url, healthy.url],
    });
    expect(
      await client.call(addTransactionCall(BROADCAST_INVOKE)),
    ).toStrictEqual({
      transaction_hash: TX_HASH,
    });
    // The 0.9 node was asked the checks alone and never saw the transaction.
    expect(methodsOf(oldSpec)).toStrictEqual([
      ['starknet_chainId', 'starknet_specVersion'],
    ]);
    expect(methodsOf(healthy)).toStrictEqual([
      ['starknet_chainId', 'starknet_specVersion'],
      ['starknet_addInvokeTransaction'],
    ]);
  });

  it("returns the node's refusal as its answer, without trying another endpoint", async () => {
    const refusing = await scriptedNode((requests, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          requests.map((request) =>
            request.method === 'starknet_addInvokeTransaction'
              ? {
                  jsonrpc: '2.0',
                  id: request.id,
                  error: { code: 52, message: 'Invalid transaction nonce' },
                }
              : { jsonrpc: '2.0', id: request.id, result: node()(request) },
          ),
        ),
      );
    });
    const spare = await healthyNode('0x1');
    const error = await failureOf(
      new NodeClient(TESTNET, { urls: [refusing.url, spare.url] }).call(
        addTransactionCall(BROADCAST_INVOKE),
      ),
    );
    expect(error).toBeInstanceOf(ChainRejectedError);
    expect(error).toHaveProperty('code', 52);
    expect(spare.posts).toHaveLength(0);
  });
});

describe('the spec versions the snap speaks', () => {
  it.each(['0.10.0', '0.10.2', '0.10.4', '0.10.3-rc.0'])(
    'accepts %s',
    (version) => {
      expect(isSupportedSpec(version)).toBe(true);
    },
  );

  it.each(['0.9.0', '0.11.0', '0.1.10', '0.10', '10.10.1', 'v0.10.2', ''])(
    'refuses %j',
    (version) => {
      expect(isSupportedSpec(version)).toBe(false);
    },
  );
});
