import type { BuiltCall, BuiltSwap, SwapQuote } from './client';
import { FULL_ROUTE, readSwapCall } from './exchange';
import type { SwapCall } from './exchange';
import { SwapApiError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { readTokenCall } from '../node/tokenCalls';
import { selectorOf } from '../protocol/selectors';

/**
 * The swap API's answers held to what the wallet asked, before anything is
 * shown: a quote for the tokens, amount and network asked, not expired,
 * with no integrator fee (the wallet asks for none); and built calls that
 * are exactly an approve of the sold token to the network's exchange for
 * the sold amount, then one `multi_route_swap` on that exchange selling
 * that token and amount for that token, to the account itself, with a
 * minimum no lower than the quote's at the chosen slippage and no fee.
 * Anything else is refused: the API may be wrong, stale or hostile.
 */

/** What the wallet asked the API for. */
export type SwapAsk = {
  chainId: string;
  /** The network's exchange (canonical). */
  exchange: string;
  /** The account that swaps (canonical). */
  taker: string;
  sellToken: string;
  buyToken: string;
  sellAmount: bigint;
  /** The slippage the minimum must honour, in basis points. */
  slippageBps: number;
  /** The time the answers are judged at (ms since the epoch). */
  now: number;
};

/**
 * The least the account may receive: the quote's amount less the slippage,
 * as AVNU's SDK computes it (calculateMinReceivedAmount).
 *
 * @param buyAmount - The quote's amount.
 * @param slippageBps - The slippage, in basis points.
 * @returns The minimum.
 */
export function minimumReceived(
  buyAmount: bigint,
  slippageBps: number,
): bigint {
  return buyAmount - (buyAmount * BigInt(slippageBps)) / 10_000n;
}

/**
 * Refuses a quote that is not the one asked for.
 *
 * @param host - The API's host.
 * @param quote - Its quote.
 * @param ask - What was asked.
 */
export function checkQuote(host: string, quote: SwapQuote, ask: SwapAsk): void {
  const wrong = (problem: string): SwapApiError =>
    new SwapApiError(host, `quoted ${problem}: refused, nothing was signed`);
  if (BigInt(quote.chainId) !== BigInt(ask.chainId)) {
    throw wrong(`for another chain (${quote.chainId})`);
  }
  if (
    quote.sellToken !== normaliseAddress(ask.sellToken) ||
    quote.buyToken !== normaliseAddress(ask.buyToken) ||
    quote.sellAmount !== ask.sellAmount
  ) {
    throw wrong('another swap than the one asked (tokens or amount)');
  }
  if (quote.expiresAt !== undefined && quote.expiresAt <= ask.now) {
    throw wrong('a swap whose quote has expired');
  }
  if (quote.integratorFees !== 0n || quote.integratorFeesBps !== 0n) {
    throw wrong('an integrator fee the wallet did not ask for');
  }
  if (quote.buyAmount === 0n) {
    throw wrong('nothing in return');
  }
}

/**
 * What is wrong with the swap call itself, if anything.
 *
 * @param swap - The call, read.
 * @param quote - The quote it was built from.
 * @param ask - What was asked.
 * @returns The problem, or undefined.
 */
function swapProblem(
  swap: SwapCall,
  quote: SwapQuote,
  ask: SwapAsk,
): string | undefined {
  const lastRoute = swap.routes[swap.routes.length - 1];
  const problems: [boolean, string][] = [
    [swap.kind !== 'sell', 'is not a multi_route_swap'],
    [
      swap.sellToken !== BigInt(ask.sellToken) ||
        swap.sellAmount !== ask.sellAmount,
      'sells another token or amount than asked',
    ],
    [swap.buyToken !== BigInt(ask.buyToken), 'buys another token than asked'],
    [
      swap.beneficiary !== BigInt(ask.taker),
      `pays ${normaliseAddress(`0x${swap.beneficiary.toString(16)}`)}, not this account`,
    ],
    [
      (swap.minReceived ?? 0n) <
        minimumReceived(quote.buyAmount, ask.slippageBps),
      'accepts less than the quote at the chosen slippage',
    ],
    [
      swap.integratorFeeBps !== 0n || swap.integratorFeeRecipient !== 0n,
      'adds an integrator fee',
    ],
    [
      swap.routes[0]?.sellToken !== BigInt(ask.sellToken) ||
        lastRoute?.buyToken !== BigInt(ask.buyToken),
      'routes other tokens than asked',
    ],
    [
      swap.routes.some(({ percent }) => percent === 0n || percent > FULL_ROUTE),
      'has a route share out of bounds',
    ],
  ];
  return problems.find(([wrong]) => wrong)?.[1];
}

/**
 * The built calls, checked (see the module's comment).
 *
 * @param host - The API's host.
 * @param built - What it built.
 * @param quote - The quote they were built from (checked by checkQuote).
 * @param ask - What was asked.
 * @returns The calls to sign.
 * @throws {SwapApiError} Naming what is wrong, before anything is shown.
 */
export function checkBuilt(
  host: string,
  built: BuiltSwap,
  quote: SwapQuote,
  ask: SwapAsk,
): BuiltCall[] {
  const refuse = (problem: string): SwapApiError =>
    new SwapApiError(
      host,
      `built a swap that ${problem}: refused, nothing was signed`,
    );
  if (BigInt(built.chainId) !== BigInt(ask.chainId)) {
    throw refuse(`is for another chain (${built.chainId})`);
  }
  const { calls } = built;
  const swapCall = calls[calls.length - 1];
  const approve = calls.length === 2 ? calls[0] : undefined;
  if (!swapCall || calls.length > 2) {
    throw refuse(`has ${calls.length} calls, not an approve and a swap`);
  }
  if (approve) {
    const read =
      approve.entrypoint === 'approve'
        ? readTokenCall(selectorOf('approve'), approve.calldata)
        : undefined;
    if (
      approve.contractAddress !== normaliseAddress(ask.sellToken) ||
      read?.action !== 'approve' ||
      read.spender !== BigInt(ask.exchange) ||
      read.amount !== ask.sellAmount
    ) {
      throw refuse(
        'opens with another call than an approve of the sold amount to the exchange',
      );
    }
  }
  if (
    swapCall.contractAddress !== normaliseAddress(ask.exchange) ||
    swapCall.entrypoint !== 'multi_route_swap'
  ) {
    throw refuse(
      `calls ${swapCall.entrypoint} on ${swapCall.contractAddress}, not the network's exchange`,
    );
  }
  const read = readSwapCall(selectorOf('multi_route_swap'), swapCall.calldata);
  if (read === undefined || 'problem' in read) {
    throw refuse(`cannot be read (${read?.problem ?? 'no swap'})`);
  }
  const problem = swapProblem(read.value, quote, ask);
  if (problem) {
    throw refuse(problem);
  }
  return calls;
}
