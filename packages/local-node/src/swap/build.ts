import { addressText, swapCalls } from './calls';
import { badRequest } from './errors';
import type { QuoteBook } from './quote-book';
import { toHex } from '../base/felt';
import type { LocalChain } from '../chain/local-chain';
import { avnuExchangeAddressOf } from '../contracts/avnu-exchange-protocol';

/**
 * `POST /swap/v3/build {quoteId, takerAddress, slippage, includeApprove}`
 * → `{chainId, calls}`, as AVNU's API answers it (avnu-sdk's
 * `quoteToCalls`): the calls that execute a remembered quote, its least
 * amount received as the SDK's `calculateMinReceivedAmount` computes it.
 * Refused (400): an unknown, forgotten or expired quote, a taker other than
 * the quote's (or none when the quote has none), a slippage outside
 * [0, MAX_SLIPPAGE].
 */

/** The largest slippage a build accepts: 0.5 (50 %). */
export const MAX_SLIPPAGE = 0.5;

const HEX = /^0x[0-9a-fA-F]{1,64}$/u;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The least amount received: `amount − amount × round(slippage × 10⁴) / 10⁴`.
 *
 * @param amount - The quoted amount.
 * @param slippage - The slippage, a decimal (0.01 is 1 %).
 * @returns The least amount.
 */
export function minReceivedOf(amount: bigint, slippage: number): bigint {
  return amount - (amount * BigInt(Math.round(slippage * 10_000))) / 10_000n;
}

/**
 * Answers a build request.
 *
 * @param chain - The chain.
 * @param book - The chain's quotes.
 * @param body - The request's JSON body.
 * @returns The chain id and the calls.
 */
export function answerBuild(
  chain: LocalChain,
  book: QuoteBook,
  body: unknown,
): { chainId: string; calls: Record<string, unknown>[] } {
  if (!isRecord(body)) {
    throw badRequest('the body must be a JSON object');
  }
  const { quoteId, takerAddress, slippage, includeApprove = true } = body;
  if (typeof quoteId !== 'string') {
    throw badRequest('quoteId is required');
  }
  if (
    typeof slippage !== 'number' ||
    !(slippage >= 0 && slippage <= MAX_SLIPPAGE)
  ) {
    throw badRequest(
      `slippage must be a decimal from 0 to ${MAX_SLIPPAGE} (0.01 is 1 %)`,
    );
  }
  if (typeof includeApprove !== 'boolean') {
    throw badRequest('includeApprove must be true or false');
  }
  if (
    takerAddress !== undefined &&
    (typeof takerAddress !== 'string' || !HEX.test(takerAddress))
  ) {
    throw badRequest('takerAddress must be a hex address');
  }
  const quote = book.get(quoteId);
  if (!quote) {
    throw badRequest(`Quote ${quoteId} is unknown (or forgotten)`);
  }
  if (chain.chain.now() * 1000 > quote.expiry) {
    throw badRequest(`Quote ${quoteId} has expired`);
  }
  const taker = takerAddress === undefined ? quote.taker : BigInt(takerAddress);
  if (taker === undefined) {
    throw badRequest(
      'takerAddress is required: the quote was asked without one',
    );
  }
  if (quote.taker !== undefined && quote.taker !== taker) {
    throw badRequest("takerAddress is not the quote's taker");
  }
  const calls = swapCalls(
    avnuExchangeAddressOf(chain.options.chainId),
    quote,
    taker,
    minReceivedOf(quote.buyAmount, slippage),
    includeApprove,
  );
  return {
    chainId: chain.options.chainId,
    calls: calls.map((call) => ({
      contractAddress: addressText(call.contractAddress),
      entrypoint: call.entrypoint,
      calldata: call.calldata.map(toHex),
    })),
  };
}
