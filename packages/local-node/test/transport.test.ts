/* eslint-disable n/no-unsupported-features/node-builtins -- tests: fetch (as starknet.js uses it), fixtures read synchronously */
import { WebSocket } from 'ws';

import { rpc } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

let node: LocalNode;
let keyed: LocalNode;

const post = async (
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: any }> => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
  };
};

beforeAll(async () => {
  node = await startLocalNode({ accounts: 1 });
  keyed = await startLocalNode({ accounts: 1, apiKey: 'secret' });
});

afterAll(async () => {
  await node.stop();
  await keyed.stop();
});

describe('HTTP transport and JSON-RPC 2.0', () => {
  it('serves /, /rpc and /v3/<key>, with params as object, array or absent', async () => {
    const base = `http://127.0.0.1:${node.port}`;
    for (const path of ['/', '/rpc', '/v3/anything']) {
      const reply = await post(
        `${base}${path}`,
        JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'starknet_chainId' }),
      );
      expect(reply.json).toEqual({
        jsonrpc: '2.0',
        id: 'a',
        result: '0x534e5f5345504f4c4941',
      });
    }
    const positional = await rpc(
      node.url,
      'starknet_getBlockTransactionCount',
      ['latest'],
    );
    const named = await rpc(node.url, 'starknet_getBlockTransactionCount', {
      block_id: 'latest',
    });
    // Block 0 holds the genesis validators' announcements (staking).
    const block = await rpc(node.url, 'starknet_getBlockWithTxHashes', [
      'latest',
    ]);
    const { transactions } = block.result as { transactions: string[] };
    expect(transactions.length).toBeGreaterThan(0);
    expect(positional.result).toBe(transactions.length);
    expect(named.result).toBe(transactions.length);
  });

  it('answers batches, echoes ids and skips notifications', async () => {
    const reply = await post(
      node.url,
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'starknet_specVersion' },
        { jsonrpc: '2.0', method: 'starknet_blockNumber' },
        { jsonrpc: '2.0', id: 'x', method: 'nope' },
        42,
      ]),
    );
    expect(reply.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0.10.2' },
      {
        jsonrpc: '2.0',
        id: 'x',
        error: { code: -32601, message: 'Method not found', data: 'nope' },
      },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request' },
      },
    ]);
    const empty = await post(node.url, '[]');
    expect(empty.json.error.code).toBe(-32600);
  });

  it('refuses a batch over --rpc-batch-size-limit whole, as Pathfinder does', async () => {
    const limited = await startLocalNode({ accounts: 1, batchSizeLimit: 2 });
    try {
      const batch = (count: number): string =>
        JSON.stringify(
          Array.from({ length: count }, (_, id) => ({
            jsonrpc: '2.0',
            id,
            method: 'starknet_specVersion',
          })),
        );
      const atLimit = await post(limited.url, batch(2));
      expect(atLimit.json).toHaveLength(2);
      limited.resetRequestCount();
      const over = await post(limited.url, batch(3));
      expect(over.status).toBe(200);
      expect(over.json).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32700,
          message: 'Parse error',
          data: { reason: 'array exceeds maximum length 2' },
        },
      });
      expect(limited.requestCount()).toBe(0);
      expect(limited.roundTripCount()).toBe(1);
    } finally {
      await limited.stop();
    }
    await expect(startLocalNode({ batchSizeLimit: 0 })).rejects.toThrow(
      'batchSizeLimit must be a whole number from 1, not 0',
    );
  });

  it('maps malformed input to -32700, -32600 and -32602', async () => {
    expect((await post(node.url, '{"jsonrpc":')).json.error).toEqual({
      code: -32700,
      message: 'Parse error',
    });
    expect(
      (
        await post(
          node.url,
          JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'x' }),
        )
      ).json.error.code,
    ).toBe(-32600);
    const outOfRange = await rpc(node.url, 'starknet_getNonce', {
      block_id: 'latest',
      contract_address: `0x${'f'.repeat(64)}`,
    });
    expect(outOfRange.error?.code).toBe(-32602);
    const wrongType = await rpc(node.url, 'starknet_getBlockWithTxs', {
      block_id: 12,
    });
    expect(wrongType.error).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: expect.stringContaining('block_id'),
    });
    const tooMany = await rpc(node.url, 'starknet_chainId', [1]);
    expect(tooMany.error?.code).toBe(-32602);
  });

  it('rejects oversized bodies with a clear limit', async () => {
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'starknet_chainId',
      params: ['x'.repeat(21 * 1024 * 1024)],
    });
    const reply = await post(node.url, huge);
    expect(reply.status).toBe(413);
    expect(reply.json.error.data).toContain('20 MB');
    expect((await rpc(node.url, 'starknet_chainId')).result).toBe(
      '0x534e5f5345504f4c4941',
    );
  });

  it('sends CORS headers and answers preflight and /is_alive', async () => {
    const preflight = await fetch(node.url, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://example.org',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain(
      'POST',
    );
    const reply = await post(
      node.url,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_chainId' }),
    );
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    const alive = await fetch(`http://127.0.0.1:${node.port}/is_alive`);
    expect(await alive.text()).toBe('Alive!!!');
  });

  it('enforces --api-key on HTTP and WebSocket', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'starknet_chainId',
    });
    expect(keyed.url).toBe(`http://127.0.0.1:${keyed.port}/v3/secret`);
    expect((await post(keyed.url, body)).status).toBe(200);
    expect(
      (await post(`http://127.0.0.1:${keyed.port}/v3/wrong`, body)).status,
    ).toBe(401);
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${keyed.port}/ws/v3/wrong`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(refused).toBe(401);
  });

  it('serves the same messages over WebSocket and counts requests', async () => {
    node.resetRequestCount();
    const ws = new WebSocket(`ws://127.0.0.1:${node.port}/ws/v3/key`);
    await new Promise((resolve) => ws.once('open', resolve));
    const replies: unknown[] = [];
    const done = new Promise<void>((resolve) => {
      ws.on('message', (data) => {
        replies.push(
          JSON.parse(
            Array.isArray(data)
              ? Buffer.concat(data).toString('utf8')
              : Buffer.from(new Uint8Array(data)).toString('utf8'),
          ),
        );
        if (replies.length === 2) {
          resolve();
        }
      });
    });
    ws.send(
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'starknet_blockNumber' }),
    );
    ws.send('not json');
    await done;
    ws.close();
    expect(replies).toEqual([
      { jsonrpc: '2.0', id: 7, result: 0 },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error' },
      },
    ]);
    expect(node.requestCount('starknet_blockNumber')).toBe(1);
    expect(node.requestCount()).toBe(1);
  });
});
