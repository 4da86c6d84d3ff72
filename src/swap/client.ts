import {
  array,
  integer,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  type,
  union,
} from 'superstruct';
import type { Infer } from 'superstruct';

import { SwapApiError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { validateAnswer, mismatchOf } from '../node/answers';
import { endpointLabel } from '../node/endpoints';
import { getJson, postJson } from '../node/exchange';
import { NODE_TIMEOUT_MS } from '../node/limits';
import { ExchangeFailure } from '../node/turns';
import { toHex } from '../protocol/values';
import type { RequestScope } from '../requestScope';

/**
 * A network's swap API in AVNU's shape, spoken to directly (AVNU's SDK
 * pulls in ethers and another starknet.js): `GET /swap/v3/quotes` and
 * `POST /swap/v3/build`, as avnu-labs/avnu-sdk at c2bbafa4 (2026-01-30)
 * asks them (src/swap.services.ts: the query's amounts in hex, slippage a
 * fraction; src/schemas.ts: QuoteSchema's fields; src/types.ts: AvnuCalls
 * `{chainId, calls}`). Every exchange is bounded as the paymaster's are
 * (the node timeout, ANSWER_BYTES of answer), every answer checked here
 * against its shape, and what the API says in words is never passed on: a
 * refusal is its HTTP status. What the answers mean is checked by the
 * caller (./checkBuilt.ts) before anything is shown.
 */

/** The most bytes of an answer (one quote, or two built calls). */
const ANSWER_BYTES = 256 * 1024;
/** The most routes a quote may list. */
const MOST_ROUTES = 32;
/** A u256 in hex (AVNU writes amounts so), or a JSON integer. */
const Amount = union([
  refine(string(), 'amount', (value) =>
    /^0x[0-9a-fA-F]{1,64}$/u.test(value) ? true : 'Expected a hex amount',
  ),
  refine(integer(), 'amount', (value) =>
    value >= 0 ? true : 'Expected a non-negative amount',
  ),
]);
const Hex = refine(string(), 'felt', (value) =>
  /^0x[0-9a-fA-F]{1,64}$/u.test(value) ? true : 'Expected a hex felt',
);
const Name = size(string(), 0, 128);

const QuoteStruct = type({
  quoteId: size(string(), 1, 128),
  sellTokenAddress: Hex,
  sellAmount: Amount,
  buyTokenAddress: Hex,
  buyAmount: Amount,
  chainId: Hex,
  expiry: optional(nullable(number())),
  gasFees: Amount,
  priceImpact: number(),
  fee: type({
    feeToken: Hex,
    avnuFees: Amount,
    avnuFeesBps: Amount,
    integratorFees: Amount,
    integratorFeesBps: Amount,
  }),
  routes: size(
    array(type({ name: Name, address: Hex, percent: number() })),
    1,
    MOST_ROUTES,
  ),
});

const BuiltStruct = object({
  chainId: Hex,
  calls: size(
    array(
      type({
        contractAddress: Hex,
        entrypoint: size(string(), 1, 64),
        calldata: size(array(Hex), 0, 2048),
      }),
    ),
    1,
    4,
  ),
});

/** A quote, read: amounts as numbers, addresses canonical. */
export type SwapQuote = {
  id: string;
  chainId: string;
  sellToken: string;
  sellAmount: bigint;
  buyToken: string;
  buyAmount: bigint;
  /** When it expires (ms since the epoch), if it says. */
  expiresAt?: number;
  /** The network fee AVNU estimates, in FRI. */
  gasFees: bigint;
  /** Basis points, negative when the taker loses value (AVNU's sign). */
  priceImpactBps: number;
  feeToken: string;
  avnuFees: bigint;
  avnuFeesBps: bigint;
  integratorFees: bigint;
  integratorFeesBps: bigint;
  /** The route's sources, by name, each with its share (0–1). */
  sources: { name: string; percent: number }[];
};

/** What the wallet asks a quote for. */
export type QuoteRequest = {
  sellToken: string;
  buyToken: string;
  sellAmount: bigint;
  taker: string;
};

/** A call as the API builds it (the sender's WalletCall). */
export type BuiltCall = {
  contractAddress: string;
  entrypoint: string;
  calldata: string[];
};

/** The calls the API built, and the chain it built them for. */
export type BuiltSwap = { chainId: string; calls: BuiltCall[] };

/**
 * A quote's expiry in milliseconds: AVNU's SDK types it as a number and its
 * fixture as a timestamp; a number too small to be milliseconds of this
 * century is read as seconds.
 *
 * @param expiry - As the API wrote it.
 * @returns Milliseconds since the epoch, or undefined.
 */
function expiryOf(expiry: number | null | undefined): number | undefined {
  if (expiry === null || expiry === undefined || expiry <= 0) {
    return undefined;
  }
  return expiry < 1e11 ? expiry * 1000 : expiry;
}

/**
 * A quote as the wallet reads it.
 *
 * @param quote - The checked answer.
 * @returns The quote.
 */
function quoteOf(quote: Infer<typeof QuoteStruct>): SwapQuote {
  const expiresAt = expiryOf(quote.expiry);
  return {
    id: quote.quoteId,
    chainId: toHex(BigInt(quote.chainId)),
    sellToken: normaliseAddress(quote.sellTokenAddress),
    sellAmount: BigInt(quote.sellAmount),
    buyToken: normaliseAddress(quote.buyTokenAddress),
    buyAmount: BigInt(quote.buyAmount),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    gasFees: BigInt(quote.gasFees),
    priceImpactBps: quote.priceImpact,
    feeToken: normaliseAddress(quote.fee.feeToken),
    avnuFees: BigInt(quote.fee.avnuFees),
    avnuFeesBps: BigInt(quote.fee.avnuFeesBps),
    integratorFees: BigInt(quote.fee.integratorFees),
    integratorFeesBps: BigInt(quote.fee.integratorFeesBps),
    sources: quote.routes.map(({ name, percent }) => ({ name, percent })),
  };
}

/** A swap API of one network (see the module's comment). */
export class SwapClient {
  /** The API's host, as the page and dialogs name it. */
  readonly host: string;

  readonly #url: string;

  readonly #scope: RequestScope | undefined;

  /**
   * @param url - The API's base URL (without `/swap/v3`).
   * @param scope - The request it serves (see ExchangeOptions).
   */
  constructor(url: string, scope?: RequestScope) {
    this.#url = url.endsWith('/') ? url.slice(0, -1) : url;
    this.host = endpointLabel(url);
    this.#scope = scope;
  }

  /**
   * Runs one exchange, every failure a SwapApiError in the wallet's words.
   *
   * @param what - What is asked, for the error.
   * @param exchange - The exchange.
   * @returns Its answer.
   */
  async #ask(what: string, exchange: () => Promise<unknown>): Promise<unknown> {
    try {
      return await exchange();
    } catch (error) {
      if (error instanceof ExchangeFailure) {
        throw new SwapApiError(
          this.host,
          `could not give ${what}: ${error.message}`,
        );
      }
      throw error;
    }
  }

  /**
   * The best quote for selling an amount (`size=1`: the API answers its
   * quotes best first).
   *
   * @param request - What to sell, for what, and who sells it.
   * @returns The quote, its shape checked.
   */
  async quote(request: QuoteRequest): Promise<SwapQuote> {
    const query = new URLSearchParams({
      sellTokenAddress: request.sellToken,
      buyTokenAddress: request.buyToken,
      sellAmount: `0x${request.sellAmount.toString(16)}`,
      takerAddress: request.taker,
      size: '1',
    });
    const answer = await this.#ask('a quote', async () =>
      getJson(
        `${this.#url}/swap/v3/quotes?${query.toString()}`,
        { timeoutMs: NODE_TIMEOUT_MS, maxBytes: ANSWER_BYTES },
        { scope: this.#scope },
      ),
    );
    if (Array.isArray(answer) && answer.length === 0) {
      throw new SwapApiError(
        this.host,
        'has no route for this pair and amount: nothing was signed',
      );
    }
    const [error, quotes] = validateAnswer(
      answer,
      size(array(QuoteStruct), 1, 8),
    );
    const [best] = quotes ?? [];
    if (error || !best) {
      throw new SwapApiError(
        this.host,
        `answered a malformed quote (${error ? mismatchOf(error) : 'empty'}): nothing was signed`,
      );
    }
    return quoteOf(best);
  }

  /**
   * The calls of a quote (`/swap/v3/build`), their shape checked; what they
   * do is checked by the caller (./checkBuilt.ts).
   *
   * @param quoteId - The quote.
   * @param taker - Who swaps.
   * @param slippageBps - The slippage the minimum is built with.
   * @returns The chain id and calls it answered.
   */
  async build(
    quoteId: string,
    taker: string,
    slippageBps: number,
  ): Promise<BuiltSwap> {
    const answer = await this.#ask('the swap', async () =>
      postJson(
        `${this.#url}/swap/v3/build`,
        {
          quoteId,
          takerAddress: taker,
          slippage: slippageBps / 10_000,
          includeApprove: true,
        },
        { timeoutMs: NODE_TIMEOUT_MS, maxBytes: ANSWER_BYTES },
        { scope: this.#scope },
      ),
    );
    const [error, built] = validateAnswer(answer, BuiltStruct);
    if (error || !built) {
      throw new SwapApiError(
        this.host,
        `answered malformed calls (${error ? mismatchOf(error) : 'none'}): nothing was signed`,
      );
    }
    return {
      chainId: toHex(BigInt(built.chainId)),
      calls: built.calls.map(({ contractAddress, entrypoint, calldata }) => ({
        contractAddress: normaliseAddress(contractAddress),
        entrypoint,
        calldata,
      })),
    };
  }
}
