/* eslint-disable no-bitwise -- u256 halves */
import type { StoredQuote } from './quote-book';
import { feeOf, invokeGasUsage } from '../chain/fees';
import type { GasPrices } from '../chain/types';
import type { Route } from '../contracts/avnu-exchange-protocol';
import {
  MAX_ROUTE_PERCENT,
  multiRouteSwapCalldata,
} from '../contracts/avnu-exchange-protocol';
import { LOCAL_AMM_ADDRESS } from '../contracts/local-amm';

/**
 * An address as the API writes it: 0x and 64 hex digits.
 *
 * @param value - The address.
 * @returns Its text.
 */
export const addressText = (value: bigint): string =>
  `0x${value.toString(16).padStart(64, '0')}`;

/** A call as `/build` answers it (before its felts are written as hex). */
export type SwapCall = {
  contractAddress: bigint;
  entrypoint: 'approve' | 'multi_route_swap';
  calldata: bigint[];
};

/**
 * The routes of a quote's path: one direct route per hop, each selling all
 * the exchange holds of its token through the local pools.
 *
 * @param path - The tokens, sold first, bought last.
 * @returns The routes.
 */
function routesOf(path: bigint[]): Route[] {
  return path.slice(1).map((buyToken, index) => ({
    sellToken: path[index] ?? 0n,
    buyToken,
    swap: {
      kind: 'direct',
      swap: {
        exchange: LOCAL_AMM_ADDRESS,
        percent: MAX_ROUTE_PERCENT,
        params: [],
      },
    },
  }));
}

/**
 * The calls that execute a quote: the sold token's `approve` of the
 * exchange for the amount sold (when asked), then `multi_route_swap` with
 * the quote's amounts, the taker as beneficiary and the integrator's fee.
 *
 * @param exchange - The exchange.
 * @param quote - The quote.
 * @param taker - Who swaps (and receives).
 * @param minAmount - The least the taker accepts to receive.
 * @param includeApprove - Whether to approve first.
 * @returns The calls.
 */
export function swapCalls(
  exchange: bigint,
  quote: StoredQuote,
  taker: bigint,
  minAmount: bigint,
  includeApprove: boolean,
): SwapCall[] {
  const sellToken = quote.path[0] ?? 0n;
  const swap: SwapCall = {
    contractAddress: exchange,
    entrypoint: 'multi_route_swap',
    calldata: multiRouteSwapCalldata({
      sellToken,
      sellAmount: quote.sellAmount,
      buyToken: quote.path[quote.path.length - 1] ?? 0n,
      buyAmount: quote.buyAmount,
      buyMinAmount: minAmount,
      beneficiary: taker,
      integratorFeeBps: quote.integrator.bps,
      integratorFeeRecipient: quote.integrator.recipient,
      routes: routesOf(quote.path),
    }),
  };
  const approve: SwapCall = {
    contractAddress: sellToken,
    entrypoint: 'approve',
    calldata: [
      exchange,
      quote.sellAmount & ((1n << 128n) - 1n),
      quote.sellAmount >> 128n,
    ],
  };
  return includeApprove ? [approve, swap] : [swap];
}

/**
 * The fee of an account's transaction carrying calls, under the node's
 * fixed gas model (its `__execute__` calldata: the call count, then each
 * call's address, selector, calldata length and calldata), in FRI.
 *
 * @param calls - The calls.
 * @param prices - The gas prices.
 * @returns The fee.
 */
export function gasFeesOf(calls: SwapCall[], prices: GasPrices): bigint {
  const length = calls.reduce((sum, call) => sum + 3 + call.calldata.length, 1);
  return feeOf(invokeGasUsage(length), prices);
}
