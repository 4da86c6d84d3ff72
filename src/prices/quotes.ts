import { MONEY_DECIMALS } from './money';
import type { Money } from './money';
import { oracleOf, spotMedianCall } from './pragma';
import type { OracleAnswer } from './pragma';
import type { Preferences } from './preferences';
import type { Network } from '../config';
import type { Reading } from '../node/answers';
import type { NodeCall } from '../node/nodeCall';
import { verifiedTokenAt } from '../tokens/verified';

/**
 * Which prices the wallet asks the oracle for, and which answers it uses:
 * a token has a price only when it is a verified token of the network
 * whose symbol has a pair below (a token that calls itself "STRK" at
 * another address has none), and an answer is used only when it is
 * recent, aggregated from enough sources and sane (see usablePrice). A
 * value is always shown beside the exact amount, never instead of it, and
 * never changes what is signed.
 */

/** The rules an answer must pass to be used. */
export const PRICE_RULES = {
  /** A price older than this (seconds) is not recent. */
  maxAgeSeconds: 3600,
  /**
   * A median of fewer sources is not used: one source is one publisher's
   * word, which the oracle's median is meant to protect against.
   */
  minSources: 2,
  /** A price stamped further in the future than this (seconds) is absurd. */
  maxAheadSeconds: 300,
  /** More decimals than this is absurd (and would make a huge divisor). */
  maxDecimals: 36,
  /** A unit priced above this many of the quote is absurd. */
  maxWholePrice: 10n ** 9n,
} as const;

/** The pair of each verified token symbol that has one (against USD). */
export const TOKEN_PAIRS: Readonly<Record<string, string>> = {
  STRK: 'STRK/USD',
  ETH: 'ETH/USD',
  USDC: 'USDC/USD',
  USDT: 'USDT/USD',
  WBTC: 'WBTC/USD',
};

/**
 * How USD turns into the user's currency: USD per unit of it, as the
 * price of one asset in USD over its price in the currency. Pragma
 * publishes no EUR/USD or GBP/USD spot pair on Starknet (its supported
 * assets and its price pusher's Mainnet and Sepolia lists, checked
 * 2026-11-28: vendor/README.md); it does publish BTC/USD and BTC/EUR. A
 * currency not here, or whose pairs have no recent answer, is shown in
 * USD, labelled so.
 */
export const FIAT_PAIRS: Readonly<
  Record<string, { inUsd: string; inCurrency: string }>
> = {
  EUR: { inUsd: 'BTC/USD', inCurrency: 'BTC/EUR' },
};

/** The decimals a cross rate is computed to, beyond its USD price's. */
const RATE_DECIMALS = 8;

/** A usable price: `price` × 10^-`decimals` of the quote per whole unit. */
export type Price = { price: bigint; decimals: number };

/**
 * An answer judged: a usable price, or undefined when it is stale, from
 * too few sources, or absurd.
 *
 * @param answer - The settled read, if it was made.
 * @param nowSeconds - The time to judge it at.
 * @returns The price, or undefined.
 */
export function usablePrice(
  answer: PromiseSettledResult<Reading<OracleAnswer>> | undefined,
  nowSeconds: number,
): Price | undefined {
  if (answer?.status !== 'fulfilled' || 'problem' in answer.value) {
    return undefined;
  }
  const { price, decimals, lastUpdated, sources } = answer.value.value;
  const usable =
    price > 0n &&
    decimals <= PRICE_RULES.maxDecimals &&
    price <= PRICE_RULES.maxWholePrice * 10n ** BigInt(decimals) &&
    sources >= PRICE_RULES.minSources &&
    lastUpdated >= nowSeconds - PRICE_RULES.maxAgeSeconds &&
    lastUpdated <= nowSeconds + PRICE_RULES.maxAheadSeconds;
  return usable ? { price, decimals } : undefined;
}

/** What the page and dialogs show of a token's amount. */
export type Worth =
  /** Its value. */
  | { money: Money }
  /** It has a pair, but no recent, sane answer. */
  | { noRecentPrice: true }
  /** It has no pair: nothing is shown. */
  | undefined;

/** Prices as read for one page draw or one dialog. */
export type PriceBook = {
  /** A token amount's worth. */
  worthOf: (token: string, amount: bigint, decimals: number) => Worth;
};

/** A book that prices nothing (prices off, or no oracle on the network). */
export const NO_PRICES: PriceBook = { worthOf: () => undefined };

/** The reads of a book, and the book from their answers. */
export type PriceReads = {
  /** The oracle calls, to join a node batch (none when prices are off). */
  calls: NodeCall<Reading<OracleAnswer>>[];
  /**
   * The book from the calls' answers, in order.
   *
   * @param answers - One settled answer per call (fewer: not read).
   * @param nowSeconds - The time to judge them at.
   */
  bookOf: (
    answers: PromiseSettledResult<Reading<OracleAnswer>>[],
    nowSeconds: number,
  ) => PriceBook;
};

/**
 * The pair of a token on a network, if it has one.
 *
 * @param chainId - The network.
 * @param token - The token's address.
 * @returns The pair.
 */
function pairOf(chainId: string, token: string): string | undefined {
  const verified = verifiedTokenAt(chainId, token);
  return verified ? TOKEN_PAIRS[verified.symbol] : undefined;
}

/**
 * Whether a token's value is read on a network under the user's
 * preferences (it has a pair, the network an oracle, prices are on).
 *
 * @param network - The network.
 * @param token - The token's address.
 * @param preferences - The user's preferences.
 * @returns Whether it is priced.
 */
export function isPriced(
  network: Network,
  token: string,
  preferences: Preferences,
): boolean {
  return priceReads(network, [token], preferences).calls.length > 0;
}

/**
 * The oracle reads that price some tokens in the user's currency, to join
 * the batch that reads their balances: one per pair the tokens have, and
 * the currency's two (see FIAT_PAIRS). None when the user turned external pricing
 * data off, hides balances (nothing would be shown), or the network has no
 * oracle.
 *
 * @param network - The network.
 * @param tokens - The tokens' addresses.
 * @param preferences - The user's preferences.
 * @returns The reads.
 */
export function priceReads(
  network: Network,
  tokens: string[],
  preferences: Preferences,
): PriceReads {
  const oracle = oracleOf(network);
  if (
    oracle === undefined ||
    !preferences.useExternalPricingData ||
    preferences.hideBalances
  ) {
    return { calls: [], bookOf: () => NO_PRICES };
  }
  const currency = preferences.currency.toUpperCase();
  const fiat = FIAT_PAIRS[currency];
  const pairs = tokens.flatMap((token) => pairOf(network.chainId, token) ?? []);
  const asked = [
    ...new Set(
      fiat === undefined ? pairs : [...pairs, fiat.inUsd, fiat.inCurrency],
    ),
  ];
  return {
    calls: asked.map((pair) => spotMedianCall(oracle, pair)),
    bookOf: (answers, nowSeconds): PriceBook => {
      const prices = new Map(
        asked.map((pair, index) => [
          pair,
          usablePrice(answers[index], nowSeconds),
        ]),
      );
      const rate =
        fiat === undefined
          ? undefined
          : crossRate(prices.get(fiat.inUsd), prices.get(fiat.inCurrency));
      return {
        worthOf: (token, amount, decimals): Worth => {
          const pair = pairOf(network.chainId, token);
          if (pair === undefined) {
            return undefined;
          }
          const price = prices.get(pair);
          return price === undefined
            ? { noRecentPrice: true }
            : { money: moneyOf(amount, decimals, price, currency, rate) };
        },
      };
    },
  };
}

/**
 * USD per unit of a currency, from one asset's price in USD and in the
 * currency (both usable, so both positive).
 *
 * @param inUsd - The asset's price in USD.
 * @param inCurrency - Its price in the currency.
 * @returns The rate, or undefined when either price is missing.
 */
export function crossRate(
  inUsd: Price | undefined,
  inCurrency: Price | undefined,
): Price | undefined {
  if (inUsd === undefined || inCurrency === undefined) {
    return undefined;
  }
  return {
    price:
      (inUsd.price * 10n ** BigInt(inCurrency.decimals + RATE_DECIMALS)) /
      inCurrency.price,
    decimals: inUsd.decimals + RATE_DECIMALS,
  };
}

/**
 * An amount's value: in USD from its price, then in the user's currency
 * through that currency's rate (USD per unit); in USD, marked as a
 * fallback, when the currency is not USD and has no usable rate.
 *
 * @param amount - In the token's smallest unit.
 * @param decimals - The token's decimals.
 * @param price - USD per whole token.
 * @param currency - The user's currency (upper case).
 * @param rate - USD per unit of the currency, when it has one.
 * @returns The value.
 */
export function moneyOf(
  amount: bigint,
  decimals: number,
  price: Price,
  currency: string,
  rate: Price | undefined,
): Money {
  const numerator = amount * price.price * 10n ** BigInt(MONEY_DECIMALS);
  const denominator = 10n ** BigInt(decimals + price.decimals);
  if (currency === 'USD' || rate === undefined) {
    return {
      units: numerator / denominator,
      currency: 'USD',
      ...(currency === 'USD' ? {} : { fallback: true as const }),
    };
  }
  return {
    units:
      (numerator * 10n ** BigInt(rate.decimals)) / (denominator * rate.price),
    currency,
  };
}
