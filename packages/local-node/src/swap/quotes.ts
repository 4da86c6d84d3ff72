import { randomUUID } from 'node:crypto';

import { addressText, gasFeesOf, swapCalls } from './calls';
import { badRequest } from './errors';
import type { IntegratorFee, Outcome } from './market';
import { Market } from './market';
import type { QuoteBook, StoredQuote } from './quote-book';
import { toHex } from '../base/felt';
import type { LocalChain } from '../chain/local-chain';
import type { SwapToken } from '../chain/swap-genesis';
import { MAX_INTEGRATOR_FEES_BPS } from '../contracts/avnu-exchange-protocol';
import { LOCAL_AMM_ADDRESS, LOCAL_AMM_NAME } from '../contracts/local-amm';

/**
 * `GET /swap/v3/quotes`, as AVNU's API answers it (avnu-sdk's `Quote`,
 * schemas.ts): the best quotes first, each remembered for `/build`.
 * Amounts, bps, block numbers and gas fees are hex; dollar values, prices
 * and `priceImpact` are numbers; `expiry` is milliseconds since the epoch
 * on the chain's clock, QUOTE_LIFETIME_MS after the quote. Only quotes
 * selling an exact amount (`sellAmount`) are served.
 */

/** How long a quote may be built: 60 s. */
export const QUOTE_LIFETIME_MS = 60_000;

/** The most quotes one request may ask for (`size`). */
export const MOST_QUOTES = 10;

const HEX = /^0x[0-9a-fA-F]{1,64}$/u;

/**
 * A hex query parameter.
 *
 * @param query - The query.
 * @param name - The parameter.
 * @returns Its value, or undefined when absent.
 */
function hexParam(query: URLSearchParams, name: string): bigint | undefined {
  const value = query.get(name);
  if (value === null || value === '') {
    return undefined;
  }
  if (!HEX.test(value)) {
    throw badRequest(`${name} must be a hex number (0x…), not ${value}`);
  }
  return BigInt(value);
}

/**
 * A token of the market, by a query parameter.
 *
 * @param market - The market.
 * @param query - The query.
 * @param name - The parameter.
 * @returns The token.
 */
function tokenParam(
  market: Market,
  query: URLSearchParams,
  name: string,
): SwapToken {
  const address = hexParam(query, name);
  if (address === undefined) {
    throw badRequest(`${name} is required`);
  }
  const token = market.token(address);
  if (!token) {
    throw badRequest(
      `${name} ${addressText(address)} is not a token the local exchange swaps (${market.tokens
        .map(({ symbol }) => symbol)
        .join(', ')})`,
    );
  }
  return token;
}

/** What a quote request asks. */
type QuoteRequest = {
  sell: SwapToken;
  buy: SwapToken;
  sellAmount: bigint;
  taker: bigint | undefined;
  size: number;
  integrator: IntegratorFee;
  onlyDirect: boolean;
  excluded: string[];
};

/**
 * Reads and checks a quote request.
 *
 * @param market - The market.
 * @param query - The query.
 * @returns The request.
 */
function readRequest(market: Market, query: URLSearchParams): QuoteRequest {
  const sell = tokenParam(market, query, 'sellTokenAddress');
  const buy = tokenParam(market, query, 'buyTokenAddress');
  if (sell === buy) {
    throw badRequest('sellTokenAddress and buyTokenAddress must differ');
  }
  const sellAmount = hexParam(query, 'sellAmount');
  if (sellAmount === undefined) {
    throw badRequest(
      query.has('buyAmount')
        ? 'buyAmount quotes (an exact amount bought) are not served by the local node: give sellAmount'
        : 'sellAmount is required',
    );
  }
  if (sellAmount === 0n || sellAmount >= 2n ** 128n) {
    throw badRequest('sellAmount must be above 0 and below 2^128');
  }
  const size = Number(query.get('size') ?? '1');
  if (!Number.isInteger(size) || size < 1 || size > MOST_QUOTES) {
    throw badRequest(`size must be a whole number from 1 to ${MOST_QUOTES}`);
  }
  const bps = hexParam(query, 'integratorFees') ?? 0n;
  if (bps > MAX_INTEGRATOR_FEES_BPS) {
    throw badRequest(
      `integratorFees must be at most ${toHex(MAX_INTEGRATOR_FEES_BPS)} (500 bps)`,
    );
  }
  return {
    sell,
    buy,
    sellAmount,
    taker: hexParam(query, 'takerAddress'),
    size,
    integrator: {
      bps,
      recipient: hexParam(query, 'integratorFeeRecipient') ?? 0n,
    },
    onlyDirect: query.get('onlyDirect') === 'true',
    excluded: query.getAll('excludeSources'),
  };
}

/**
 * A route of a quote, its next hop nested as AVNU nests them.
 *
 * @param path - The tokens from this hop on.
 * @returns The route.
 */
function routeOf(path: SwapToken[]): Record<string, unknown> {
  const [sell, buy] = path;
  return {
    name: LOCAL_AMM_NAME,
    address: addressText(LOCAL_AMM_ADDRESS),
    percent: 1,
    sellTokenAddress: addressText(sell?.address ?? 0n),
    buyTokenAddress: addressText(buy?.address ?? 0n),
    routes: path.length > 2 ? [routeOf(path.slice(1))] : [],
    alternativeSwapCount: 0,
  };
}

const round = (value: number, digits: number): number =>
  Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Answers a quote request: the paths' outcomes, best first, each stored.
 *
 * @param chain - The chain (its pre-confirmed state is quoted).
 * @param book - Where the quotes are remembered.
 * @param query - The request's query.
 * @returns The quotes.
 */
export function answerQuotes(
  chain: LocalChain,
  book: QuoteBook,
  query: URLSearchParams,
): Record<string, unknown>[] {
  const { chainId } = chain.options;
  const market = new Market(chain.chain.pendingState, chainId);
  const request = readRequest(market, query);
  if (request.excluded.includes(LOCAL_AMM_NAME)) {
    return [];
  }
  const outcomes = market
    .paths(request.sell, request.buy, request.onlyDirect)
    .map((path) => market.outcome(path, request.sellAmount, request.integrator))
    .filter((outcome): outcome is Outcome => outcome !== undefined)
    .sort((a, b) => (a.buyAmount > b.buyAmount ? -1 : 1))
    .slice(0, request.size);
  const expiry = chain.chain.now() * 1000 + QUOTE_LIFETIME_MS;
  const strk = market.tokens.find(({ symbol }) => symbol === 'STRK');
  return outcomes.map((outcome) => {
    const stored: StoredQuote = {
      quoteId: randomUUID(),
      taker: request.taker,
      expiry,
      path: outcome.path.map(({ address }) => address),
      sellAmount: outcome.sellAmount,
      buyAmount: outcome.buyAmount,
      integrator: request.integrator,
    };
    book.add(stored);
    // The fee of what /build gives by default: the approve and the swap.
    const gasFees = gasFeesOf(
      swapCalls(market.exchange, stored, request.taker ?? 0n, 0n, true),
      chain.chain.prices,
    );
    const poolIn = market.usdValue(request.sell, outcome.poolIn);
    const poolOut = market.usdValue(request.buy, outcome.poolOut);
    return {
      quoteId: stored.quoteId,
      sellTokenAddress: addressText(request.sell.address),
      sellAmount: toHex(outcome.sellAmount),
      sellAmountInUsd: market.usdValue(request.sell, outcome.sellAmount),
      buyTokenAddress: addressText(request.buy.address),
      buyAmount: toHex(outcome.buyAmount),
      buyAmountInUsd: market.usdValue(request.buy, outcome.buyAmount),
      fee: {
        feeToken: addressText(outcome.feeToken.address),
        avnuFees: toHex(outcome.avnuFees),
        avnuFeesInUsd: market.usdValue(outcome.feeToken, outcome.avnuFees),
        avnuFeesBps: toHex(outcome.avnuFeesBps),
        integratorFees: toHex(outcome.integratorFees),
        integratorFeesInUsd: market.usdValue(
          outcome.feeToken,
          outcome.integratorFees,
        ),
        integratorFeesBps: toHex(request.integrator.bps),
      },
      blockNumber: toHex(BigInt(chain.chain.latest?.number ?? 0)),
      chainId,
      expiry,
      routes: [routeOf(outcome.path)],
      gasFees: toHex(gasFees),
      gasFeesInUsd: strk ? market.usdValue(strk, gasFees) : 0,
      priceImpact:
        poolIn === 0 ? 0 : round(((poolOut - poolIn) / poolIn) * 10_000, 2),
      sellTokenPriceInUsd: market.usdPrice(request.sell) ?? null,
      buyTokenPriceInUsd: market.usdPrice(request.buy) ?? null,
    };
  });
}
