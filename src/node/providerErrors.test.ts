import type { ServerResponse } from 'http';

import { FeltText, parsedBy } from './answers';
import { addTransactionCall } from './calls';
import { NodeClient } from './client';
import type { NodeCall } from './nodeCall';
import { accountAcceptsSignature } from './signatureCheck';
import {
  closeScriptedNodes,
  scriptedNode,
  sendJson,
  BROADCAST_INVOKE,
  failureOf,
} from '../../test/scriptedNode';
import type { RpcRequest, ScriptedNode } from '../../test/scriptedNode';
import { TESTNET_CHAIN_ID } from '../config';
import { errorMeaning } from '../errorMeanings';
import {
  ChainRejectedError,
  NodeError,
  SubmissionUnknownError,
} from '../errors';

/**
 * A provider's own JSON-RPC errors (rate limits, internal errors, codes the
 * Starknet spec does not define) are failures of the endpoint, like an HTTP
 * error: the request goes to the next endpoint, and such an error is never
 * an answer — not to a read, not to a signature check.
 */

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };

afterAll(closeScriptedNodes);

/** A JSON-RPC error as a node sends it. */
type RpcError = { code: number; message: string; data?: unknown };

const BLOCK_NUMBER: NodeCall<string> = {
  method: 'starknet_blockNumber',
  params: [],
  parse: parsedBy(FeltText),
};

const NONCE: NodeCall<string> = {
  method: 'starknet_getNonce',
  params: { block_id: 'latest', contract_address: '0x1' },
  parse: parsedBy(FeltText),
};

/**
 * What a healthy Testnet node answers.
 *
 * @param request - The request.
 * @returns Its result.
 */
function healthyResult(request: RpcRequest): unknown {
  switch (request.method) {
    case 'starknet_chainId':
      return TESTNET_CHAIN_ID;
    case 'starknet_specVersion':
      return '0.10.2';
    case 'starknet_addInvokeTransaction':
      return { transaction_hash: '0x7a5' };
    case 'starknet_call':
      return ['0x56414c4944'];
    default:
      return '0x2a';
  }
}

/**
 * A node answering `errors[method]` to that method and a healthy result to
 * the others, always as a batch.
 *
 * @param errors - The error of each failing method.
 * @returns The node.
 */
async function nodeWithErrors(
  errors: Record<string, RpcError>,
): Promise<ScriptedNode> {
  return scriptedNode((requests, response) =>
    sendJson(
      response,
      requests.map((request) => {
        const error = errors[request.method];
        return error === undefined
          ? { jsonrpc: '2.0', id: request.id, result: healthyResult(request) }
          : { jsonrpc: '2.0', id: request.id, error };
      }),
    ),
  );
}

const PROVIDER_ERRORS: [string, RpcError][] = [
  ['a rate limit', { code: -32005, message: 'limit exceeded' }],
  [
    'Zan’s rate limit',
    { code: -32011, message: 'cu limit exceeded; Request too fast per second' },
  ],
  [
    'an internal error',
    { code: -32603, message: 'Internal error: upstream timed out' },
  ],
  ['method not found', { code: -32601, message: 'Method not found here' }],
  ['invalid params', { code: -32602, message: 'Invalid params: block_id' }],
  ['an unknown code', { code: 12345, message: 'upstream unavailable' }],
];

describe('a provider’s own error', () => {
  it.each(PROVIDER_ERRORS)(
    '(%s) to a call fails the endpoint over; the next answers',
    async (_case, error) => {
      const failing = await nodeWithErrors({ starknet_blockNumber: error });
      const spare = await nodeWithErrors({});
      const client = new NodeClient(TESTNET, {
        urls: [failing.url, spare.url],
      });
      expect(await client.call(BLOCK_NUMBER)).toBe('0x2a');
      expect(spare.posts).toHaveLength(1);
    },
  );

  it.each(PROVIDER_ERRORS)(
    '(%s) is a node error naming it when no endpoint is left, never a ChainRejectedError',
    async (_case, error) => {
      const failing = await nodeWithErrors({ starknet_blockNumber: error });
      const failure = await failureOf(
        new NodeClient(TESTNET, { urls: [failing.url] }).call(BLOCK_NUMBER),
      );
      expect(failure).toBeInstanceOf(NodeError);
      expect(String(failure)).toContain(
        `Testnet node error: error ${error.code} to starknet_blockNumber, not a Starknet answer: ${errorMeaning(error.code)}`,
      );
      // The provider's own words are not passed on.
      expect(String(failure)).not.toContain(error.message);
    },
  );

  it('in one call of a batch fails the whole batch over, even beside a Starknet error', async () => {
    const failing = await nodeWithErrors({
      starknet_getNonce: { code: 20, message: 'Contract not found' },
      starknet_blockNumber: { code: -32005, message: 'limit exceeded' },
    });
    const spare = await nodeWithErrors({});
    const client = new NodeClient(TESTNET, { urls: [failing.url, spare.url] });
    const [nonce, block] = await client.batchSettled([NONCE, BLOCK_NUMBER]);
    expect(nonce).toStrictEqual({ status: 'fulfilled', value: '0x2a' });
    expect(block).toStrictEqual({ status: 'fulfilled', value: '0x2a' });
  });

  it.each([
    [
      'one error for the whole batch (id null)',
      (response: ServerResponse): void =>
        sendJson(response, {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32005, message: 'limit exceeded' },
        }),
      'error -32005, not a Starknet answer: an error code of neither Starknet nor JSON-RPC',
    ],
    [
      'HTTP 429',
      (response: ServerResponse): void => {
        response.writeHead(429, 'Too Many Requests').end('{}');
      },
      'HTTP 429',
    ],
  ])('as %s fails the endpoint over', async (_case, answer, named) => {
    const failing = await scriptedNode((_requests, response) =>
      answer(response),
    );
    const spare = await nodeWithErrors({});
    expect(
      await new NodeClient(TESTNET, { urls: [failing.url, spare.url] }).call(
        BLOCK_NUMBER,
      ),
    ).toBe('0x2a');
    const alone = await failureOf(
      new NodeClient(TESTNET, { urls: [failing.url] }).call(BLOCK_NUMBER),
    );
    expect(alone).toBeInstanceOf(NodeError);
    expect(String(alone)).toContain(named);
  });

  it('to a transaction is a submission of unknown outcome: not sent to the next endpoint', async () => {
    const failing = await nodeWithErrors({
      starknet_addInvokeTransaction: {
        code: -32005,
        message: 'limit exceeded',
      },
    });
    const spare = await nodeWithErrors({});
    const urls = [failing.url, spare.url];
    await new NodeClient(TESTNET, { urls }).call(BLOCK_NUMBER);
    const error = await failureOf(
      new NodeClient(TESTNET, { urls }).call(
        addTransactionCall(BROADCAST_INVOKE),
      ),
    );
    expect(error).toBeInstanceOf(SubmissionUnknownError);
    expect(String(error)).toContain(
      'error -32005 to starknet_addInvokeTransaction, not a Starknet answer: an error code of neither Starknet nor JSON-RPC while sending a transaction',
    );
    expect(spare.posts).toHaveLength(0);
  });
});

describe('a Starknet error', () => {
  it('is the chain’s answer: returned, and no other endpoint is asked', async () => {
    const answering = await nodeWithErrors({
      starknet_getNonce: { code: 20, message: 'Contract not found' },
    });
    const spare = await nodeWithErrors({});
    const error = await failureOf(
      new NodeClient(TESTNET, { urls: [answering.url, spare.url] }).call(NONCE),
    );
    expect(error).toBeInstanceOf(ChainRejectedError);
    expect(error).toHaveProperty('code', 20);
    expect(spare.posts).toHaveLength(0);
  });
});

describe('a signature check', () => {
  /**
   * Checks a signature through one node answering `error` to both calls.
   *
   * @param error - The node's error.
   * @returns The verdict.
   */
  async function checkWith(error: RpcError): Promise<boolean> {
    const node = await nodeWithErrors({ starknet_call: error });
    return accountAcceptsSignature(
      new NodeClient(TESTNET, { urls: [node.url] }),
      '0x1',
      '0x2',
      ['0x3', '0x4'],
    );
  }

  it.each([
    [40, 'Contract error'],
    [21, 'Requested entrypoint does not exist in the contract'],
  ])(
    'reads the account refusing (%i) as "not valid"',
    async (code, message) => {
      expect(await checkWith({ code, message })).toBe(false);
    },
  );

  it.each([
    ...PROVIDER_ERRORS.map(([, error]) => error),
    { code: 24, message: 'Block not found' },
  ])(
    'never reads $code ($message) as "not valid": the check fails',
    async (error) => {
      const failure = await failureOf(checkWith(error));
      expect(failure).toBeInstanceOf(NodeError);
    },
  );

  it('answers from the next endpoint when the first is rate-limited', async () => {
    const limited = await nodeWithErrors({
      starknet_call: { code: -32005, message: 'limit exceeded' },
    });
    const spare = await nodeWithErrors({});
    expect(
      await accountAcceptsSignature(
        new NodeClient(TESTNET, { urls: [limited.url, spare.url] }),
        '0x1',
        '0x2',
        ['0x3', '0x4'],
      ),
    ).toBe(true);
  });
});
