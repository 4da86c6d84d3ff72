import type { ServerResponse } from 'http';

import { FeltText, parsedBy } from './answers';
import { NodeClient } from './client';
import { missingAbiCalls } from './contractAbis';
import { ANSWER_BYTES_PER_CALL } from './limits';
import type { NodeCall } from './nodeCall';
import {
  sendEndlessBody,
  sendHeadersThenStall,
  sendTrickle,
} from '../../test/hostileResponses';
import {
  answering,
  closeScriptedNodes,
  scriptedNode,
  sendJson,
} from '../../test/scriptedNode';
import type { RpcRequest, Script } from '../../test/scriptedNode';
import { TESTNET_CHAIN_ID } from '../config';
import { ChainRejectedError, NodeError } from '../errors';

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };

/** The spec version a well-behaved node of these tests speaks. */
const SPEC_VERSION = '0.10.2';

afterAll(closeScriptedNodes);

/**
 * The result a well-behaved node gives each method of these tests.
 *
 * @param request - The request.
 * @returns Its result.
 */
function resultFor(request: RpcRequest): unknown {
  if (request.method === 'starknet_chainId') {
    return TESTNET_CHAIN_ID;
  }
  if (request.method === 'starknet_specVersion') {
    return SPEC_VERSION;
  }
  if (request.method === 'starknet_getClass') {
    // A class of 3 MiB: over one call's default allowance.
    return {
      abi: JSON.stringify([
        { type: 'function', name: 'poke', inputs: [], outputs: [] },
      ]),
      sierra_program: Array.from(
        { length: 48 * 1024 },
        () => `0x${'f'.repeat(60)}`,
      ),
    };
  }
  return `0x${request.id.toString(16)}`;
}

/**
 * Answers every request of a POST correctly, as a batch or alone.
 *
 * @param requests - The requests.
 * @param response - The response.
 * @param order - Reorders the answers of a batch.
 */
function answerAll(
  requests: RpcRequest[],
  response: ServerResponse,
  order: (answers: unknown[]) => unknown[] = (answers) => answers,
): void {
  const answers = requests.map((request) => ({
    jsonrpc: '2.0',
    id: request.id,
    result: resultFor(request),
  }));
  sendJson(response, answers.length === 1 ? answers[0] : order(answers));
}

/**
 * A call whose result is a felt.
 *
 * @param method - The method.
 * @returns The call.
 */
function feltCall(
  method:
    | 'starknet_blockNumber'
    | 'starknet_getNonce'
    | 'starknet_getClassHashAt',
): NodeCall<string> {
  const parse = parsedBy(FeltText);
  if (method === 'starknet_blockNumber') {
    return { method, params: [], parse };
  }
  return {
    method,
    params: { block_id: 'latest', contract_address: '0x1' },
    parse,
  };
}

/**
 * The error a client's call fails with.
 *
 * @param pending - The call.
 * @returns What it threw.
 */
async function failureOf(pending: Promise<unknown>): Promise<unknown> {
  try {
    await pending;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail');
}

/**
 * Asserts a NodeError naming the network and the reason.
 *
 * @param pending - The call.
 * @param reason - Text the message must contain.
 */
async function expectNodeError(
  pending: Promise<unknown>,
  reason: string,
): Promise<void> {
  const error = await failureOf(pending);
  expect(error).toBeInstanceOf(NodeError);
  expect(error).toHaveProperty('network', 'Testnet');
  expect(String(error)).toContain('Testnet node error: ');
  expect(String(error)).toContain(reason);
}

describe('NodeClient batches', () => {
  it('sends a batch as one POST and matches answers given out of order', async () => {
    const node = await scriptedNode((requests, response) =>
      answerAll(requests, response, (answers) => [...answers].reverse()),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    const [first, second, third] = await client.batch([
      feltCall('starknet_blockNumber'),
      feltCall('starknet_getNonce'),
      feltCall('starknet_getClassHashAt'),
    ]);
    expect(node.posts).toHaveLength(1);
    const ids = node.posts[0]?.map((request) => request.id) ?? [];
    expect([first, second, third]).toStrictEqual(
      ids.slice(0, 3).map((id) => `0x${id.toString(16)}`),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks nothing for an empty batch', async () => {
    const node = await scriptedNode((requests, response) =>
      answerAll(requests, response, (answers) => answers),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    expect(await client.batchSettled([])).toStrictEqual([]);
    expect(node.posts).toHaveLength(0);
  });

  it('asks the chain id in the first batch only, and refuses another chain', async () => {
    const node = await scriptedNode((requests, response) =>
      answerAll(requests, response),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    await client.call(feltCall('starknet_blockNumber'));
    await client.call(feltCall('starknet_blockNumber'));
    expect(
      node.posts.map((post) => post.map((request) => request.method)),
    ).toStrictEqual([
      ['starknet_blockNumber', 'starknet_chainId', 'starknet_specVersion'],
      ['starknet_blockNumber'],
    ]);

    const mainnetNode = await scriptedNode(
      answering((request) =>
        request.method === 'starknet_chainId' ? '0x534e5f4d41494e' : '0x1',
      ),
    );
    const wrongChain = new NodeClient(TESTNET, { urls: [mainnetNode.url] });
    await expectNodeError(
      wrongChain.call(feltCall('starknet_blockNumber')),
      `wrong chain: the node at this network's URL serves chain 0x534e5f4d41494e, not ${TESTNET_CHAIN_ID}`,
    );
    // Still unverified: the next call asks again.
    await failureOf(wrongChain.call(feltCall('starknet_blockNumber')));
    expect(mainnetNode.posts[1]?.map((request) => request.method)).toContain(
      'starknet_chainId',
    );
  });

  it('gives a rejected call its ChainRejectedError and the others their results', async () => {
    const node = await scriptedNode((requests, response) =>
      sendJson(
        response,
        requests.map((request) =>
          request.method === 'starknet_getNonce'
            ? {
                jsonrpc: '2.0',
                id: request.id,
                error: { code: 20, message: 'Contract not found' },
              }
            : { jsonrpc: '2.0', id: request.id, result: resultFor(request) },
        ),
      ),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    const [nonce, block] = await client.batchSettled([
      feltCall('starknet_getNonce'),
      feltCall('starknet_blockNumber'),
    ]);
    expect(nonce.status).toBe('rejected');
    const reason = nonce.status === 'rejected' ? nonce.reason : undefined;
    expect(reason).toBeInstanceOf(ChainRejectedError);
    expect(reason).toHaveProperty('code', 20);
    expect(String(reason)).toContain('Testnet rejected the request (20)');
    expect(block.status).toBe('fulfilled');
    await expect(
      client.call(feltCall('starknet_getNonce')),
    ).rejects.toBeInstanceOf(ChainRejectedError);
  });
});

describe("NodeClient passes on none of a node's words", () => {
  const WORDS = 'account 0x3a48f9784a19e574e3976351f36d3806b8c27a97a972d2e';

  it.each([
    [
      'an error message and data',
      { error: { code: 41, message: WORDS, data: { execution_error: WORDS } } },
      'Testnet rejected the request (41): Transaction execution error',
    ],
    [
      'an error of no known code',
      { error: { code: 777, message: WORDS } },
      'error 777 to starknet_blockNumber, not a Starknet answer: an error code of neither Starknet nor JSON-RPC',
    ],
    [
      'a malformed result',
      { result: WORDS },
      'malformed answer to starknet_blockNumber: Expected a hex felt',
    ],
    [
      'a result of the wrong type',
      { result: { words: WORDS } },
      'malformed answer to starknet_blockNumber: the result is not string',
    ],
  ])('%s', async (_, answer, said) => {
    const node = await scriptedNode((requests, response) =>
      sendJson(
        response,
        requests.map((request) =>
          request.method === 'starknet_blockNumber'
            ? { jsonrpc: '2.0', id: request.id, ...answer }
            : { jsonrpc: '2.0', id: request.id, result: resultFor(request) },
        ),
      ),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    const error = await client
      .call(feltCall('starknet_blockNumber'))
      .catch((reason: unknown) => reason);
    expect(String(error)).toContain(said);
    expect(String(error)).not.toContain('3a48f9784a19e574e39');
  });

  it('keeps them for the log', async () => {
    const node = await scriptedNode((requests, response) =>
      sendJson(
        response,
        requests.map((request) =>
          request.method === 'starknet_blockNumber'
            ? {
                jsonrpc: '2.0',
                id: request.id,
                error: { code: 41, message: WORDS },
              }
            : { jsonrpc: '2.0', id: request.id, result: resultFor(request) },
        ),
      ),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    const error = await client
      .call(feltCall('starknet_blockNumber'))
      .catch((reason: unknown) => reason);
    expect(error).toHaveProperty('nodeText', WORDS);
  });

  it('names a body that is not JSON without quoting it', async () => {
    const node = await scriptedNode(answeringRaw(`{${WORDS}`));
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    const error = await client
      .call(feltCall('starknet_blockNumber'))
      .catch((reason: unknown) => reason);
    expect(String(error)).toContain('malformed answer (not JSON)');
    expect(String(error)).not.toContain('3a48f9784a19e574e39');
  });
});

/**
 * A batch answer: the chain id and spec version as they should be, the
 * other call as `answer` says (left out when it returns undefined).
 *
 * @param answer - The envelope of the other call, from its id.
 * @returns The script.
 */
function answeringOthers(answer: (id: number) => unknown): Script {
  return (requests, response) =>
    sendJson(
      response,
      requests.flatMap((request) => {
        if (
          request.method === 'starknet_chainId' ||
          request.method === 'starknet_specVersion'
        ) {
          return [
            { jsonrpc: '2.0', id: request.id, result: resultFor(request) },
          ];
        }
        const envelope = answer(request.id);
        return envelope === undefined ? [] : [envelope];
      }),
    );
}

/**
 * A body sent as it is, whatever was asked.
 *
 * @param body - The body.
 * @returns The script.
 */
function answeringRaw(body: string | Buffer): Script {
  return (_requests, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(body);
  };
}

describe('NodeClient refuses malformed answers', () => {
  it.each([
    ['not JSON', answeringRaw('<html>busy</html>'), 'malformed answer ('],
    [
      'a JSON scalar',
      answeringRaw('42'),
      'malformed answer (not a JSON-RPC response or batch)',
    ],
    [
      'invalid UTF-8',
      answeringRaw(Buffer.from([0x5b, 0xff, 0xfe, 0x5d])),
      'unreadable answer (',
    ],
    [
      'no response with its id',
      answeringOthers((id) => ({
        jsonrpc: '2.0',
        id: id + 100,
        result: '0x1',
      })),
      'malformed answer: no response to starknet_blockNumber',
    ],
    [
      'responses that are not objects',
      answeringRaw('[1, "two", null]'),
      'malformed answer: no response to starknet_',
    ],
    [
      'a result of the wrong shape',
      answeringOthers((id) => ({ jsonrpc: '2.0', id, result: ['not a felt'] })),
      'malformed answer to starknet_blockNumber: ',
    ],
    [
      'an error that is not an error object',
      answeringOthers((id) => ({ jsonrpc: '2.0', id, error: 'oops' })),
      'malformed answer to starknet_blockNumber: not a JSON-RPC error object',
    ],
    [
      'an error object without an integer code',
      answeringOthers((id) => ({
        jsonrpc: '2.0',
        id,
        error: { code: 1.5, message: 'half' },
      })),
      'malformed answer to starknet_blockNumber: not a JSON-RPC error object',
    ],
  ])('%s', async (_case, script, reason) => {
    const node = await scriptedNode(script);
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    await expectNodeError(
      client.call(feltCall('starknet_blockNumber')),
      reason,
    );
  });

  it('treats a chain id the node refuses as a node failure', async () => {
    const node = await scriptedNode((requests, response) =>
      sendJson(
        response,
        requests.map((request) => ({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: -32601, message: 'Method not found' },
        })),
      ),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    await expectNodeError(
      client.call(feltCall('starknet_blockNumber')),
      'error -32601 to starknet_chainId, not a Starknet answer: Method not found',
    );
  });

  it("treats a Starknet error to the chain id check as the node's failure to say which chain it serves", async () => {
    const node = await scriptedNode((requests, response) =>
      sendJson(
        response,
        requests.map((request) => ({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: 24, message: 'Block not found' },
        })),
      ),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    await expectNodeError(
      client.call(feltCall('starknet_blockNumber')),
      'cannot tell which chain the node serves',
    );
  });

  it.each([
    [500, 'Internal Server Error'],
    [404, 'Not Found'],
    [429, 'Too Many Requests'],
  ])(
    "HTTP %i, without the status text (the server's words)",
    async (status, text) => {
      const node = await scriptedNode((_requests, response) => {
        response
          .writeHead(status, `${text} 0x3a48f9784a19e5`)
          .end('{"error":"nope"}');
      });
      const client = new NodeClient(TESTNET, { urls: [node.url] });
      const error = await client
        .call(feltCall('starknet_blockNumber'))
        .catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(NodeError);
      expect(String(error)).toContain(`HTTP ${status}`);
      expect(String(error)).not.toContain(text);
      expect(String(error)).not.toContain('3a48f9784a19e5');
    },
  );

  it('names an unreachable node', async () => {
    const node = await scriptedNode(() => undefined);
    await node.close();
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    await expectNodeError(
      client.call(feltCall('starknet_blockNumber')),
      'unreachable (',
    );
  });
});

describe('NodeClient bounds every exchange in time', () => {
  it.each([
    ['never sends headers', (): void => undefined],
    ['sends headers, then stalls', sendHeadersThenStall],
    ['trickles a body that never ends', sendTrickle],
  ])('fails when the node %s', async (_case, answer) => {
    const node = await scriptedNode((_requests, response) => answer(response));
    const client = new NodeClient(TESTNET, {
      urls: [node.url],
      timeoutMs: 300,
    });
    await expectNodeError(
      client.call(feltCall('starknet_blockNumber')),
      'no complete answer within 0.3 s',
    );
  });
});

describe('NodeClient bounds every answer in size', () => {
  it('refuses a body over the limit, streamed without a length', async () => {
    const node = await scriptedNode((_requests, response) =>
      sendEndlessBody(response),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    await expectNodeError(
      client.call(feltCall('starknet_blockNumber')),
      `answer larger than ${ANSWER_BYTES_PER_CALL / (1024 * 1024)} MiB`,
    );
  });

  it('refuses a declared length over the limit without reading it', async () => {
    const node = await scriptedNode((_requests, response) => {
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(100 * 1024 * 1024),
      });
      response.write('[');
    });
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    await expectNodeError(
      client.call(feltCall('starknet_blockNumber')),
      `answer larger than ${ANSWER_BYTES_PER_CALL / (1024 * 1024)} MiB`,
    );
  });

  it('allows a class its larger allowance, and no other call', async () => {
    const node = await scriptedNode(
      answering((request) =>
        request.method.startsWith('starknet_get') ||
        request.method === 'starknet_call'
          ? resultFor({ ...request, method: 'starknet_getClass' })
          : resultFor(request),
      ),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    const { calls } = missingAbiCalls(TESTNET, [`0x${'ab'.repeat(31)}`]);
    const [classCall] = calls;
    if (!classCall) {
      throw new Error('Expected a getClass call');
    }
    expect(classCall.method).toBe('starknet_getClass');
    const reading = await client.call(classCall);
    expect(
      reading.kind === 'found'
        ? [...reading.abi.functions.values()].map(({ name }) => name)
        : reading,
    ).toStrictEqual(['poke']);
    // The same 3 MiB answer to a call with the default allowance.
    await expectNodeError(
      client.call({
        method: 'starknet_call',
        params: {
          request: {
            contract_address: '0x1',
            entry_point_selector: '0x2',
            calldata: [],
          },
          block_id: 'latest',
        },
        parse: (value) => value,
      }),
      `answer larger than ${ANSWER_BYTES_PER_CALL / (1024 * 1024)} MiB`,
    );
  });
});
