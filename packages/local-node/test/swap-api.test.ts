/* eslint-disable n/no-unsupported-features/node-builtins -- tests: fetch */
import { request } from 'node:http';

import { rpcResult } from './helpers';
import {
  asHex,
  bestQuote,
  getQuotes,
  postBuild,
  SEPOLIA,
  TOKENS,
} from './swap-helpers';
import type { QuoteJson } from './swap-helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';
import { MAX_BODY_BYTES } from '../src/base/constants';
import { QUOTES_KEPT, QuoteBook } from '../src/swap/quote-book';

/**
 * AVNU's swap API as the local node serves it: the shapes of its answers
 * (avnu-sdk's `Quote` and `AvnuCalls`) and its refusals. Bodies are
 * compared with toEqual: fetch parses them in Node's realm, not the test's.
 */

const HEX = /^0x[0-9a-f]+$/u;
const ADDRESS = /^0x[0-9a-f]{64}$/u;
const HUNDRED_STRK = asHex(100n * 10n ** 18n);

let node: LocalNode;
let taker: string;

beforeAll(async () => {
  node = await startLocalNode({ accounts: 2 });
  taker = node.accounts[0]?.address ?? '0x1';
});

afterAll(async () => {
  await node.stop();
});

const strkToUsdc = {
  sellTokenAddress: TOKENS.STRK,
  buyTokenAddress: TOKENS.USDC,
  sellAmount: HUNDRED_STRK,
};

describe('GET /swap/v3/quotes', () => {
  it("answers AVNU's quote shape: amounts, bps, block and gas in hex, dollars and impact as numbers, expiry in ms", async () => {
    const before = Date.now();
    const { status, body, headers } = await getQuotes(node, {
      ...strkToUsdc,
      takerAddress: taker,
    });
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    const [quote] = body as QuoteJson[];
    expect(quote).toEqual({
      quoteId: expect.any(String),
      sellTokenAddress: TOKENS.STRK,
      sellAmount: HUNDRED_STRK,
      sellAmountInUsd: 50,
      buyTokenAddress: TOKENS.USDC,
      buyAmount: expect.stringMatching(HEX),
      buyAmountInUsd: expect.any(Number),
      fee: {
        feeToken: TOKENS.USDC,
        avnuFees: expect.stringMatching(HEX),
        avnuFeesInUsd: expect.any(Number),
        avnuFeesBps: '0xf',
        integratorFees: '0x0',
        integratorFeesInUsd: 0,
        integratorFeesBps: '0x0',
      },
      blockNumber: expect.stringMatching(HEX),
      chainId: SEPOLIA,
      expiry: expect.any(Number),
      routes: [
        {
          name: 'Local AMM',
          address: expect.stringMatching(ADDRESS),
          percent: 1,
          sellTokenAddress: TOKENS.STRK,
          buyTokenAddress: TOKENS.USDC,
          routes: [],
          alternativeSwapCount: 0,
        },
      ],
      gasFees: expect.stringMatching(HEX),
      gasFeesInUsd: expect.any(Number),
      priceImpact: expect.any(Number),
      sellTokenPriceInUsd: 0.5,
      buyTokenPriceInUsd: 1,
    });
    // 60 s after the quote on the chain's clock, which follows real time
    // (in whole seconds, behind by however long its genesis took).
    expect(quote?.expiry).toBeGreaterThan(before + 55_000);
    expect(quote?.expiry).toBeLessThanOrEqual(Date.now() + 60_000);
    // Deep pools: 100 STRK pays the pool's 30 bps and moves its price by
    // about 0.1 bps more.
    expect(quote?.priceImpact).toBeLessThan(-30);
    expect(quote?.priceImpact).toBeGreaterThan(-30.5);
  });

  it('answers several quotes best first, each its own id, direct and through USDC', async () => {
    const { body } = await getQuotes(node, {
      sellTokenAddress: TOKENS.STRK,
      buyTokenAddress: TOKENS.ETH,
      sellAmount: HUNDRED_STRK,
      size: '3',
    });
    const quotes = body as (QuoteJson & { routes: { routes: unknown[] }[] })[];
    expect(quotes).toHaveLength(2);
    const [best, next] = quotes;
    expect(BigInt(best?.buyAmount ?? 0)).toBeGreaterThan(
      BigInt(next?.buyAmount ?? 0),
    );
    expect(best?.quoteId).not.toBe(next?.quoteId);
    expect(best?.routes[0]?.routes).toHaveLength(0);
    expect(next?.routes[0]?.routes).toHaveLength(1);
  });

  it('answers no quote when the only source is excluded, or a direct one is asked where none is', async () => {
    expect(
      await getQuotes(node, { ...strkToUsdc, excludeSources: ['Local AMM'] }),
    ).toMatchObject({ status: 200, body: [] });
    expect(
      await getQuotes(node, {
        ...strkToUsdc,
        buyTokenAddress: TOKENS.USDT,
        onlyDirect: 'true',
      }),
    ).toMatchObject({ status: 200, body: [] });
  });

  it.each([
    [
      'an unknown token',
      { buyTokenAddress: '0x1234' },
      /buyTokenAddress 0x0+1234 is not a token the local exchange swaps/u,
    ],
    [
      'the same token both ways',
      { buyTokenAddress: TOKENS.STRK },
      /must differ/u,
    ],
    ['a zero amount', { sellAmount: '0x0' }, /above 0/u],
    ['a decimal amount', { sellAmount: '100' }, /sellAmount must be a hex/u],
    ['no amount', { sellAmount: '' }, /sellAmount is required/u],
    [
      'an amount bought',
      { sellAmount: '', buyAmount: '0x10' },
      /buyAmount quotes .* are not served/u,
    ],
    [
      'an integrator fee over 500 bps',
      { integratorFees: '0x1f5' },
      /integratorFees must be at most/u,
    ],
    ['no quote asked', { size: '0' }, /size must be/u],
    ['too many quotes', { size: '11' }, /size must be/u],
    [
      'no token bought',
      { buyTokenAddress: '' },
      /buyTokenAddress is required/u,
    ],
  ] as [string, Record<string, string>, RegExp][])(
    'refuses %s with 400 {messages, revertError: null}',
    async (_, changes, text) => {
      const { status, body } = await getQuotes(node, {
        ...strkToUsdc,
        ...changes,
      });
      expect(status).toBe(400);
      expect(body).toEqual({
        messages: [expect.stringMatching(text)],
        revertError: null,
      });
    },
  );

  it('takes GET only', async () => {
    const response = await fetch(`${node.swap.apiUrl}/swap/v3/quotes`, {
      method: 'POST',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, OPTIONS');
  });
});

describe('POST /swap/v3/build', () => {
  it("answers AVNU's calls: the approve, then multi_route_swap with the slippage's minimum", async () => {
    const quote = await bestQuote(node, { ...strkToUsdc, takerAddress: taker });
    const { status, body } = await postBuild(node, {
      quoteId: quote.quoteId,
      takerAddress: taker,
      slippage: 0.01,
      includeApprove: true,
    });
    expect(status).toBe(200);
    const bought = BigInt(quote.buyAmount);
    const min = bought - (bought * 100n) / 10_000n;
    expect(body).toEqual({
      chainId: SEPOLIA,
      calls: [
        {
          contractAddress: TOKENS.STRK,
          entrypoint: 'approve',
          calldata: [node.swap.exchange, HUNDRED_STRK, '0x0'].map((felt) =>
            asHex(BigInt(felt)),
          ),
        },
        {
          contractAddress: node.swap.exchange,
          entrypoint: 'multi_route_swap',
          calldata: expect.arrayContaining([]),
        },
      ],
    });
    const [, swap] = (body as { calls: { calldata: string[] }[] }).calls;
    expect(swap?.calldata.slice(0, 11).map(BigInt)).toStrictEqual([
      BigInt(TOKENS.STRK),
      100n * 10n ** 18n,
      0n,
      BigInt(TOKENS.USDC),
      bought,
      0n,
      min,
      0n,
      BigInt(taker),
      0n,
      0n,
    ]);
  });

  it('leaves the approve out when asked, and takes the taker from the quote', async () => {
    const quote = await bestQuote(node, { ...strkToUsdc, takerAddress: taker });
    const { body } = await postBuild(node, {
      quoteId: quote.quoteId,
      slippage: 0,
      includeApprove: false,
    });
    const { calls } = body as { calls: { entrypoint: string }[] };
    expect(calls.map(({ entrypoint }) => entrypoint)).toStrictEqual([
      'multi_route_swap',
    ]);
  });

  it.each([
    ['an unknown quote', { quoteId: 'nope' }, /Quote nope is unknown/u],
    [
      "a taker other than the quote's",
      { takerAddress: '0x1234' },
      /not the quote's taker/u,
    ],
    ['a negative slippage', { slippage: -0.01 }, /slippage must be/u],
    ['a slippage over 0.5', { slippage: 0.51 }, /slippage must be/u],
    ['a slippage as text', { slippage: '0.01' }, /slippage must be/u],
    ['includeApprove as text', { includeApprove: 'yes' }, /includeApprove/u],
    ['a taker that is no address', { takerAddress: 'me' }, /hex address/u],
  ] as [string, Record<string, unknown>, RegExp][])(
    'refuses %s with 400',
    async (_, changes, text) => {
      const quote = await bestQuote(node, {
        ...strkToUsdc,
        takerAddress: taker,
      });
      const { status, body } = await postBuild(node, {
        quoteId: quote.quoteId,
        takerAddress: taker,
        slippage: 0.01,
        ...changes,
      });
      expect(status).toBe(400);
      expect(body).toEqual({
        messages: [expect.stringMatching(text)],
        revertError: null,
      });
    },
  );

  it('refuses a body that is not a JSON object, and a build without taker for a quote without one', async () => {
    expect(await postBuild(node, '{')).toMatchObject({
      status: 400,
      body: { messages: ['the body is not JSON'], revertError: null },
    });
    expect(await postBuild(node, [1])).toMatchObject({ status: 400 });
    const quote = await bestQuote(node, strkToUsdc);
    expect(
      await postBuild(node, { quoteId: quote.quoteId, slippage: 0.01 }),
    ).toMatchObject({
      status: 400,
      body: { messages: [expect.stringMatching(/takerAddress is required/u)] },
    });
  });

  it('refuses a quote 60 s after it was given (the chain’s clock)', async () => {
    const quote = await bestQuote(node, { ...strkToUsdc, takerAddress: taker });
    await rpcResult(node.url, 'devnet_increaseTime', { time: 61 });
    const { status, body } = await postBuild(node, {
      quoteId: quote.quoteId,
      slippage: 0.01,
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      messages: [`Quote ${quote.quoteId} has expired`],
      revertError: null,
    });
  });

  it('takes POST only, answers preflights with CORS, refuses a body over the limit with 413', async () => {
    const get = await fetch(`${node.swap.apiUrl}/swap/v3/build`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const preflight = await fetch(`${node.swap.apiUrl}/swap/v3/build`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:8000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        `${node.swap.apiUrl}/swap/v3/build`,
        {
          method: 'POST',
          headers: { 'Content-Length': String(MAX_BODY_BYTES + 1) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('{');
    });
    expect(status).toBe(413);
  });
});

describe('the quotes a chain remembers', () => {
  it(`keeps the newest ${QUOTES_KEPT}, forgetting the oldest first`, () => {
    const book = new QuoteBook();
    const quote = (index: number): Parameters<QuoteBook['add']>[0] => ({
      quoteId: String(index),
      taker: undefined,
      expiry: 0,
      path: [],
      sellAmount: 1n,
      buyAmount: 1n,
      integrator: { bps: 0n, recipient: 0n },
    });
    for (let index = 0; index <= QUOTES_KEPT; index++) {
      book.add(quote(index));
    }
    expect(book.get('0')).toBeUndefined();
    expect(book.get('1')).toBeDefined();
    expect(book.get(String(QUOTES_KEPT))).toBeDefined();
  });
});
