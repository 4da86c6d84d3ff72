import type { ServerResponse } from 'http';

import { FeltText, parsedBy } from './answers';
import { addTransactionCall } from './calls';
import { NodeClient } from './client';
import { MAX_BATCH_CALLS } from './limits';
import type { NodeCall } from './nodeCall';
import {
  BROADCAST_INVOKE,
  closeScriptedNodes,
  failureOf,
  scriptedNode,
  sendJson,
} from '../../test/scriptedNode';
import type { RpcRequest } from '../../test/scriptedNode';
import { TESTNET_CHAIN_ID } from '../config';
import { NodeError } from '../errors';

/**
 * Batches past what a node takes: the client sends them as several, at
 * once, to one endpoint, as one exchange.
 */

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };

afterAll(closeScriptedNodes);

const BLOCK_NUMBER: NodeCall<string> = {
  method: 'starknet_blockNumber',
  params: [],
  parse: parsedBy(FeltText),
};

/**
 * A node's answers to one POST: each call's id as its result (the checks
 * answered as a Testnet node of spec 0.10 does).
 *
 * @param requests - The POST's requests.
 * @returns The answers.
 */
function answersTo(requests: RpcRequest[]): unknown[] {
  return requests.map((request) => {
    const results: Record<string, string> = {
      starknet_chainId: TESTNET_CHAIN_ID,
      starknet_specVersion: '0.10.2',
    };
    return {
      jsonrpc: '2.0',
      id: request.id,
      result: results[request.method] ?? `0x${request.id.toString(16)}`,
    };
  });
}

/**
 * Answers as Pathfinder does a batch over its limit: one error, id null.
 *
 * @param response - The response.
 */
function refuseBatch(response: ServerResponse): void {
  sendJson(response, {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32700,
      message: 'Parse error',
      data: {
        reason: `array exceeds maximum length ${MAX_BATCH_CALLS}`,
      },
    },
  });
}

/**
 * A node that refuses batches over MAX_BATCH_CALLS and answers the others
 * only once `together` POSTs are waiting, so batches sent one after the
 * other would never be answered.
 *
 * @param together - How many POSTs it waits for.
 * @param answer - How it answers each of them.
 * @returns The node.
 */
async function nodeAnsweringTogether(
  together: number,
  answer: (requests: RpcRequest[], response: ServerResponse) => void = (
    requests,
    response,
  ) => sendJson(response, answersTo(requests)),
): ReturnType<typeof scriptedNode> {
  const waiting: [RpcRequest[], ServerResponse][] = [];
  return scriptedNode((requests, response) => {
    if (requests.length > MAX_BATCH_CALLS) {
      refuseBatch(response);
      return;
    }
    waiting.push([requests, response]);
    if (waiting.length === together) {
      waiting
        .splice(0)
        .forEach(([held, heldResponse]) => answer(held, heldResponse));
    }
  });
}

describe('NodeClient batches past what a node takes', () => {
  it('sends them as even batches at once, the checks in the first only, results in order', async () => {
    const node = await nodeAnsweringTogether(3);
    const client = new NodeClient(TESTNET, {
      urls: [node.url],
      timeoutMs: 5_000,
    });
    const calls = Array.from({ length: 250 }, () => BLOCK_NUMBER);
    const results = await client.batch(calls);

    // 250 calls and 2 checks: 3 batches of 84.
    expect(node.posts.map((post) => post.length)).toStrictEqual([84, 84, 84]);
    const posts = [...node.posts].sort(
      (one, other) => (one[0]?.id ?? 0) - (other[0]?.id ?? 0),
    );
    const checksIn = posts.map((post) =>
      post
        .map((request) => request.method)
        .filter((method) => method !== 'starknet_blockNumber'),
    );
    expect(checksIn).toStrictEqual([
      ['starknet_chainId', 'starknet_specVersion'],
      [],
      [],
    ]);
    const sentInOrder = posts
      .flat()
      .filter((request) => request.method === 'starknet_blockNumber')
      .map((request) => `0x${request.id.toString(16)}`);
    expect(results).toStrictEqual(sentInOrder);
    expect(new Set(results).size).toBe(250);
  });

  it('keeps a batch that fits whole', async () => {
    const node = await nodeAnsweringTogether(1);
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    await client.batch(
      Array.from({ length: MAX_BATCH_CALLS - 2 }, () => BLOCK_NUMBER),
    );
    await client.batch(
      Array.from({ length: MAX_BATCH_CALLS }, () => BLOCK_NUMBER),
    );
    expect(node.posts.map((post) => post.length)).toStrictEqual([
      MAX_BATCH_CALLS,
      MAX_BATCH_CALLS,
    ]);
  });

  it('fails the exchange when one batch fails, and sends it all to the next endpoint', async () => {
    const refusing = (
      requests: RpcRequest[],
      response: ServerResponse,
    ): void =>
      requests.some((request) => request.method === 'starknet_chainId')
        ? sendJson(response, answersTo(requests))
        : sendJson(response, {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32005, message: 'rate limited' },
          });
    const failing = await nodeAnsweringTogether(2, refusing);
    const next = await nodeAnsweringTogether(2);
    const calls = Array.from({ length: 150 }, () => BLOCK_NUMBER);

    const alone = new NodeClient(TESTNET, {
      urls: [failing.url],
      timeoutMs: 5_000,
    });
    const error = await failureOf(alone.batch(calls));
    expect(error).toBeInstanceOf(NodeError);
    expect(String(error)).toContain('error -32005');
    expect(failing.posts).toHaveLength(2);

    const failedOver = new NodeClient(TESTNET, {
      urls: [failing.url, next.url],
      timeoutMs: 5_000,
    });
    const results = await failedOver.batch(calls);
    expect(results).toHaveLength(150);
    expect(failing.posts).toHaveLength(4);
    expect(next.posts.map((post) => post.length)).toStrictEqual([76, 76]);
  });

  it('never splits a batch that sends a transaction', async () => {
    const node = await nodeAnsweringTogether(1);
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    const send = addTransactionCall(BROADCAST_INVOKE);
    const error = await failureOf(
      client.batchSettled(
        Array.from({ length: MAX_BATCH_CALLS + 1 }, () => send),
      ),
    );
    expect(String(error)).toContain(
      `A sending batch holds at most ${MAX_BATCH_CALLS} calls`,
    );
    expect(node.posts).toHaveLength(0);
  });
});
