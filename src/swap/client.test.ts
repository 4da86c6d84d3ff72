import { createServer } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';

import { SwapClient } from './client';
import { SwapApiError } from '../errors';

/**
 * The swap API client over real loopback HTTP: AVNU's shapes read, and an
 * API that refuses, breaks or floods ends as a SwapApiError naming its
 * host, never repeating its words.
 */

const servers: Server[] = [];

afterAll(async () => {
  await Promise.all(
    servers.map(
      async (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/**
 * An API answering each request with `answer`.
 *
 * @param answer - Writes the answer (and may read the request).
 * @returns Its base URL.
 */
async function api(
  answer: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<string> {
  const server = createServer(answer);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json =
  (status: number, body: unknown) =>
  (_request: IncomingMessage, response: ServerResponse): void => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };

const STRK =
  '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const ETH = '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';

const QUOTE = {
  quoteId: 'q-1',
  sellTokenAddress: STRK,
  sellAmount: '0x8ac7230489e80000',
  sellAmountInUsd: 1.5,
  buyTokenAddress: ETH,
  buyAmount: '0x2386f26fc10000',
  buyAmountInUsd: 1.49,
  chainId: '0x534e5f5345504f4c4941',
  blockNumber: '0x10',
  expiry: 1_900_000_000_000,
  gasFees: '0x5af3107a4000',
  priceImpact: -12.5,
  fee: {
    feeToken: ETH,
    avnuFees: '0x88d8a3c7a3e',
    avnuFeesInUsd: 0.002,
    avnuFeesBps: '0xf',
    integratorFees: '0x0',
    integratorFeesInUsd: 0,
    integratorFeesBps: '0x0',
  },
  routes: [
    {
      name: 'Local AMM',
      address: '0x777',
      percent: 1,
      sellTokenAddress: STRK,
      buyTokenAddress: ETH,
      routes: [],
      alternativeSwapCount: 0,
    },
  ],
};

const ASK = {
  sellToken: STRK,
  buyToken: ETH,
  sellAmount: 10n ** 19n,
  taker: '0xacc',
};

/**
 * The SwapApiError a request fails with.
 *
 * @param pending - The request.
 * @returns Its message.
 */
async function refusal(pending: Promise<unknown>): Promise<string> {
  const error = await pending.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof SwapApiError)) {
    throw new Error(`Expected a SwapApiError, got ${String(error)}`);
  }
  return error.message;
}

describe('the swap API client', () => {
  it("asks a quote as AVNU's SDK does, and reads AVNU's shape", async () => {
    let asked = '';
    const url = await api((request, response) => {
      asked = request.url ?? '';
      json(200, [QUOTE])(request, response);
    });
    const quote = await new SwapClient(url).quote(ASK);
    expect(asked).toBe(
      `/swap/v3/quotes?sellTokenAddress=${STRK}&buyTokenAddress=${ETH}&sellAmount=0x8ac7230489e80000&takerAddress=0xacc&size=1`,
    );
    expect(quote).toStrictEqual({
      id: 'q-1',
      chainId: '0x534e5f5345504f4c4941',
      sellToken: STRK.replace('0x', '0x0'),
      sellAmount: 10n ** 19n,
      buyToken: ETH.replace('0x', '0x0'),
      buyAmount: 10n ** 16n,
      expiresAt: 1_900_000_000_000,
      gasFees: 0x5af3107a4000n,
      priceImpactBps: -12.5,
      feeToken: ETH.replace('0x', '0x0'),
      avnuFees: 0x88d8a3c7a3en,
      avnuFeesBps: 15n,
      integratorFees: 0n,
      integratorFeesBps: 0n,
      sources: [{ name: 'Local AMM', percent: 1 }],
    });
  });

  it('reads an expiry in seconds as seconds', async () => {
    const url = await api(json(200, [{ ...QUOTE, expiry: 1_900_000_000 }]));
    expect((await new SwapClient(url).quote(ASK)).expiresAt).toBe(
      1_900_000_000_000,
    );
  });

  it('posts the build as the SDK does and reads its calls', async () => {
    let body = '';
    const url = await api((request, response) => {
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () =>
        json(200, {
          chainId: '0x534e5f5345504f4c4941',
          calls: [
            { contractAddress: STRK, entrypoint: 'approve', calldata: ['0x1'] },
          ],
        })(request, response),
      );
    });
    const built = await new SwapClient(`${url}/`).build('q-1', '0xacc', 50);
    expect(JSON.parse(body)).toStrictEqual({
      quoteId: 'q-1',
      takerAddress: '0xacc',
      slippage: 0.005,
      includeApprove: true,
    });
    expect(built.calls[0]?.entrypoint).toBe('approve');
  });

  it.each([
    [
      'a refusal, without its words',
      json(400, { messages: ['<b>Click here</b>'] }),
      'HTTP 400',
    ],
    ['no route', json(200, []), 'has no route for this pair and amount'],
    [
      'a malformed quote',
      json(200, [{ ...QUOTE, buyAmount: 'lots' }]),
      'answered a malformed quote (0.buyAmount',
    ],
    [
      'too many routes',
      json(200, [{ ...QUOTE, routes: Array(33).fill(QUOTE.routes[0]) }]),
      'malformed quote',
    ],
    ['not a list', json(200, { quotes: [] }), 'malformed quote'],
    [
      'an answer too large',
      (_request: IncomingMessage, response: ServerResponse): void => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(`["${'x'.repeat(300 * 1024)}"]`);
      },
      'answer larger than 256 KiB',
    ],
  ])('refuses %s', async (_case, answer, words) => {
    const url = await api(answer);
    const message = await refusal(new SwapClient(url).quote(ASK));
    expect(message).toContain('The swap API 127.0.0.1:');
    expect(message).toContain(words);
    expect(message).not.toContain('Click here');
  });

  it('refuses built calls that are not calls', async () => {
    const url = await api(
      json(200, { chainId: '0x1', calls: [{ contractAddress: 'x' }] }),
    );
    expect(await refusal(new SwapClient(url).build('q', '0x1', 50))).toContain(
      'answered malformed calls',
    );
  });
});
