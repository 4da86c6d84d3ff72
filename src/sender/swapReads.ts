import type { ReadContext } from './stakingChecks';
import type { Network } from '../config';
import { InvalidInputError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { viewCall } from '../node/calls';
import type { NodeCall } from '../node/nodeCall';
import { oracleOf, readOracleAnswer, spotMedianCall } from '../prices/pragma';
import { TOKEN_PAIRS, usablePrice } from '../prices/quotes';
import type { Price } from '../prices/quotes';
import { goesTo } from '../protocol/calls';
import type { CallToShow } from '../protocol/calls';
import { readLayout } from '../staking/felts';
import {
  exchangeOf,
  feeGetterOf,
  MAX_AVNU_FEE_BPS,
  readSwapCall,
} from '../swap/exchange';
import type { SwapCall } from '../swap/exchange';
import { swapReverts } from '../swap/reverts';
import { verifiedTokenAt } from '../tokens/verified';

/**
 * What a transaction's swaps on AVNU's exchange need read, riding the
 * sender's first batch (with the nonce and the classes): no round trip of
 * its own, nothing in the second. For each call to the network's exchange
 * that reads as a swap: AVNU's fee getter for it, and Pragma's USD price of
 * its sold and bought tokens when they are verified tokens with a pair and
 * the network has an oracle (the rules of src/prices/quotes.ts) and the
 * user lets the wallet read prices (`useExternalPricingData`; hidden
 * balances do not stop it: the comparison shows no value). Every read
 * fails on its own: a failed or malformed answer gives no fact, never an
 * error.
 */

/** A token's oracle price in USD, and its decimals (the verified list's). */
export type TokenPrice = { usd: Price; decimals: number };

/** What the chain says of a transaction's swaps. */
export type SwapFacts = {
  /** The network's exchange (canonical): only calls to it are read. */
  exchange: string;
  /** AVNU's fee in bps, by the getter read (see feeGetterOf). */
  feesBps: Map<string, bigint>;
  /** Each swapped token with a usable oracle price, by address (canonical). */
  prices: Map<string, TokenPrice>;
};

/** Round two: nothing read, the facts as round one found them. */
export type SwapRoundTwo = {
  calls: NodeCall<unknown>[];
  stakers: string[];
  read: (answers: PromiseSettledResult<unknown>[]) => SwapFacts;
};

/** Round one's reads, and the facts from their answers. */
export type SwapRoundOne = {
  calls: NodeCall<unknown>[];
  read: (answers: PromiseSettledResult<unknown>[]) => SwapRoundTwo;
};

/**
 * A settled answer's felts, when it is a list of felt texts.
 *
 * @param answer - The settled answer.
 * @returns The felts, or undefined.
 */
function feltsOf(
  answer: PromiseSettledResult<unknown> | undefined,
): string[] | undefined {
  if (answer?.status !== 'fulfilled' || !Array.isArray(answer.value)) {
    return undefined;
  }
  const felts: unknown[] = answer.value;
  return felts.every((felt): felt is string => typeof felt === 'string')
    ? felts
    : undefined;
}

/**
 * A fee getter's answer: one u128, at most the contract's cap (a larger one
 * is no answer the exchange can give).
 *
 * @param answer - The settled answer.
 * @returns The fee in bps, or undefined.
 */
function feeOf(
  answer: PromiseSettledResult<unknown> | undefined,
): bigint | undefined {
  const felts = feltsOf(answer);
  const reading =
    felts &&
    readLayout('the fee', felts, (cursor) => cursor.take('u128', 'bps'));
  return reading && 'value' in reading && reading.value <= MAX_AVNU_FEE_BPS
    ? reading.value
    : undefined;
}

/** A swapped token with a pair, as asked. */
type Priced = { token: string; pair: string; decimals: number };

/**
 * The swapped tokens that have a pair: verified on the network, their
 * symbol in TOKEN_PAIRS.
 *
 * @param network - The network.
 * @param swaps - The swaps.
 * @returns The tokens (canonical), each once.
 */
function pricedTokens(network: Network, swaps: SwapCall[]): Priced[] {
  const tokens = new Set(
    swaps.flatMap(({ sellToken, buyToken }) => [
      normaliseAddress(`0x${sellToken.toString(16)}`),
      normaliseAddress(`0x${buyToken.toString(16)}`),
    ]),
  );
  return [...tokens].flatMap((token) => {
    const verified = verifiedTokenAt(network.chainId, token);
    const pair = verified && TOKEN_PAIRS[verified.symbol];
    return verified && pair
      ? [{ token, pair, decimals: verified.decimals }]
      : [];
  });
}

/**
 * Plans the swap reads of a transaction's calls (round one), or undefined
 * when none goes to the network's exchange with a swap entry point. A call
 * whose calldata does not read is left to the words (shown raw).
 *
 * @param network - The request's network.
 * @param shown - The calls (an intent's, an outside execution's).
 * @param _account - The caller (a swap's beneficiary is named, not refused).
 * @param context - What a refusal is worded with; whether prices are read.
 * @returns Round one's reads and the reading of their answers.
 * @throws {InvalidInputError} For a swap the exchange would revert, read
 * off its calldata (src/swap/reverts.ts): nothing is signed.
 */
export function swapReads(
  network: Network,
  shown: CallToShow[],
  _account?: string,
  context?: ReadContext,
): SwapRoundOne | undefined {
  const exchange = exchangeOf(network);
  if (exchange === undefined) {
    return undefined;
  }
  const readings = shown.flatMap((call, index) => {
    const reading = goesTo(call, exchange)
      ? readSwapCall(call.selector, call.calldata)
      : undefined;
    const reverts =
      reading && 'value' in reading ? swapReverts(reading.value) : [];
    if (reverts.length > 0) {
      throw new InvalidInputError(
        `${context?.field ?? 'calls'}[${index}]`,
        `AVNU's exchange would revert this swap: ${reverts.join('; ')}. Nothing was signed.`,
      );
    }
    return reading ?? [];
  });
  if (readings.length === 0) {
    return undefined;
  }
  const swaps = readings.flatMap((reading) =>
    'value' in reading ? [reading.value] : [],
  );
  const getters = [...new Set(swaps.map(feeGetterOf))];
  const oracle = context?.pricing ? oracleOf(network) : undefined;
  const priced = oracle === undefined ? [] : pricedTokens(network, swaps);
  const pairs = [...new Set(priced.map(({ pair }) => pair))];
  // Each answer is read below by the total reader, whatever it is.
  const priceCalls =
    oracle === undefined
      ? []
      : pairs.map(
          (pair): NodeCall<unknown> => ({
            ...spotMedianCall(oracle, pair),
            parse: (value) => value,
          }),
        );
  return {
    calls: [
      ...getters.map(
        (getter): NodeCall<unknown> => ({
          ...viewCall(exchange, getter, []),
          ownFailure: true,
        }),
      ),
      ...priceCalls,
    ],
    read: (answers): SwapRoundTwo => {
      const now = Math.floor(Date.now() / 1000);
      const feesBps = new Map<string, bigint>();
      getters.forEach((getter, index) => {
        const bps = feeOf(answers[index]);
        if (bps !== undefined) {
          feesBps.set(getter, bps);
        }
      });
      const byPair = new Map(
        pairs.map((pair, index) => {
          const answer = answers[getters.length + index];
          return [
            pair,
            usablePrice(
              answer?.status === 'fulfilled'
                ? { status: 'fulfilled', value: readOracleAnswer(answer.value) }
                : answer,
              now,
            ),
          ];
        }),
      );
      const prices = new Map<string, TokenPrice>();
      for (const { token, pair, decimals } of priced) {
        const usd = byPair.get(pair);
        if (usd) {
          prices.set(token, { usd, decimals });
        }
      }
      const facts: SwapFacts = { exchange, feesBps, prices };
      return { calls: [], stakers: [], read: () => facts };
    },
  };
}
