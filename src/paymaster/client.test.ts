import { createServer } from 'http';
import type { AddressInfo } from 'net';

import { PaymasterClient } from './client';
import {
  closeScriptedNodes,
  scriptedNode,
  sendJson,
} from '../../test/scriptedNode';
import type { Script } from '../../test/scriptedNode';
import { PaymasterError } from '../errors';

/**
 * The paymaster client over real loopback HTTP: what a paymaster that
 * refuses, breaks or lies makes of a request — always a PaymasterError
 * naming its host, never its words.
 */

afterAll(async () => closeScriptedNodes());

/**
 * A paymaster answering every request with `answer` (a result, an error).
 *
 * @param answer - The JSON-RPC answer members.
 * @returns The script.
 */
function answeringWith(answer: Record<string, unknown>): Script {
  return (requests, response) =>
    sendJson(response, { jsonrpc: '2.0', id: requests[0]?.id, ...answer });
}

/**
 * The error a request fails with.
 *
 * @param pending - The request.
 * @returns Its PaymasterError.
 */
async function failure(pending: Promise<unknown>): Promise<PaymasterError> {
  const error = await pending.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof PaymasterError)) {
    throw new Error(`Expected a PaymasterError, got ${String(error)}`);
  }
  return error;
}

describe('the paymaster client', () => {
  it('reads whether it is available, only true being yes', async () => {
    const yes = await scriptedNode(answeringWith({ result: true }));
    const odd = await scriptedNode(answeringWith({ result: 'true' }));
    expect(await new PaymasterClient(yes.url).isAvailable()).toBe(true);
    expect(await new PaymasterClient(odd.url).isAvailable()).toBe(false);
  });

  it('reads its token list strictly', async () => {
    const good = await scriptedNode(
      answeringWith({
        result: [
          { token_address: '0x49d3', decimals: 18, price_in_strk: '0x1' },
        ],
      }),
    );
    expect(await new PaymasterClient(good.url).supportedTokens()).toStrictEqual(
      [0x49d3n],
    );
    const bad = await scriptedNode(
      answeringWith({
        result: [{ token_address: 'STRK', price_in_strk: '0x1' }],
      }),
    );
    const error = await failure(new PaymasterClient(bad.url).supportedTokens());
    expect(error.message).toContain('malformed token list');
    expect(error.paymaster).toBe(new URL(bad.url).host);
  });

  it("names a SNIP-29 refusal by its code's meaning, not its words", async () => {
    const refusing = await scriptedNode(
      answeringWith({ error: { code: 151, message: 'go away 0xdead' } }),
    );
    const error = await failure(
      new PaymasterClient(refusing.url).isAvailable(),
    );
    expect(error.paymasterCode).toBe(151);
    expect(error.message).toContain('TOKEN_NOT_SUPPORTED');
    expect(error.message).not.toContain('go away');
    const own = await scriptedNode(
      answeringWith({ error: { code: -32099, message: 'mine' } }),
    );
    const other = await failure(new PaymasterClient(own.url).isAvailable());
    expect(other.message).toContain(
      "its own error -32099, not one of SNIP-29's",
    );
  });

  it('says an HTTP error or garbage could not be read', async () => {
    const broken = await scriptedNode((_requests, response) => {
      response.writeHead(503, 'Down for 0xdead').end();
    });
    const error = await failure(new PaymasterClient(broken.url).isAvailable());
    expect(error.message).toContain('could not be read: HTTP 503');
    expect(error.message).not.toContain('0xdead');
    const seen = await scriptedNode((_requests, response) => {
      response.end('not json');
    });
    const garbage = await failure(new PaymasterClient(seen.url).isAvailable());
    expect(garbage.message).toContain('malformed answer (not JSON)');
  });

  it("sends a dapp's sponsorship key as x-paymaster-api-key", async () => {
    const keys: (string | string[] | undefined)[] = [];
    const server = createServer((request, response) => {
      keys.push(request.headers['x-paymaster-api-key']);
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{"jsonrpc":"2.0","id":1,"result":true}');
      });
    });
    await new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', resolve),
    );
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/`;
    try {
      expect(await new PaymasterClient(url, 'sponsor-key').isAvailable()).toBe(
        true,
      );
      expect(await new PaymasterClient(url).isAvailable()).toBe(true);
      expect(keys).toStrictEqual(['sponsor-key', undefined]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("hands a signed execution over and reads AVNU's answer (tracking_id 0x0), asking nothing more", async () => {
    const hash = '0x5a17';
    const answered = await scriptedNode(
      answeringWith({ result: { transaction_hash: hash, tracking_id: '0x0' } }),
    );
    const answer = await new PaymasterClient(answered.url).execute(
      {
        type: 'deploy',
        deployment: {
          address: '0x1',
          class_hash: '0x2',
          salt: '0x3',
          calldata: [],
          version: 1,
        },
      },
      { version: '0x1', feeMode: { mode: 'sponsored' } },
    );
    expect(answer).toStrictEqual({
      transaction_hash: hash,
      tracking_id: '0x0',
    });
    // One exchange: no paymaster_trackingIdToLatestHash (AVNU has none).
    expect(answered.posts.flat().map(({ method }) => method)).toStrictEqual([
      'paymaster_executeTransaction',
    ]);
  });

  it('says sponsorship may need an apiKey when a sponsored build without one is refused 163', async () => {
    const refusing = await scriptedNode(
      answeringWith({
        error: {
          code: 163,
          message: 'An error occurred (UNKNOWN_ERROR)',
          data: 'x-paymaster-api-key is invalid',
        },
      }),
    );
    const invoke = {
      type: 'invoke' as const,
      invoke: { userAddress: '0x1', calls: [] },
    };
    const build = async (
      apiKey: string | undefined,
      mode: 'sponsored' | 'default',
    ): Promise<PaymasterError> =>
      failure(
        new PaymasterClient(refusing.url, apiKey).build(invoke, {
          version: '0x1',
          feeMode: mode === 'sponsored' ? { mode } : { mode, gasToken: '0x1' },
        }),
      );
    const unkeyed = await build(undefined, 'sponsored');
    expect(unkeyed.paymasterCode).toBe(163);
    expect(unkeyed.message).toContain('refused (163)');
    expect(unkeyed.message).toContain("sponsorship may need the dapp's apiKey");
    // Its words are not passed on.
    expect(unkeyed.message).not.toContain('is invalid');
    for (const other of [
      await build('key', 'sponsored'),
      await build(undefined, 'default'),
    ]) {
      expect(other.message).not.toContain('apiKey');
    }
  });
});
