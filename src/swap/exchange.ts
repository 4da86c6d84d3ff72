import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';
import type { Network } from '../config';
import type { Reading } from '../node/answers';
import { selectorOf } from '../protocol/selectors';
import { readLayout, span, u256 } from '../staking/felts';
import type { Cursor } from '../staking/felts';

/**
 * AVNU's exchange contract as the wallet reads and builds its calls: where
 * it is, its swap entry points and their calldata. Checked against
 * avnu-labs/avnu-contracts-v2 at 48f22111 (2025-11-05): README.md (the
 * Mainnet and Sepolia addresses), src/exchange.cairo (`multi_route_swap`,
 * `swap_exact_token_to`, the `Swap` event, `before_swap`'s asserts: the
 * beneficiary must be the caller), src/models.cairo (`Route {sell_token,
 * buy_token, swap: RouteSwap}`, whose Serde writes a direct swap bare and
 * a branch after the marker 'branch'), src/components/fee.cairo
 * (`get_fees_bps_0` for one route, `_1` for more; at most 100 bps for
 * AVNU, 500 for an integrator); held to the vendored ABI
 * (vendor/contracts/avnu-exchange.abi.json) by exchange.test.ts.
 */

/** The exchange per built-in network (README, "Mainnet | Sepolia"). */
export const AVNU_EXCHANGES: Readonly<Record<string, string>> = {
  [MAINNET_CHAIN_ID]:
    '0x04270219d365d6b017231b52e92b3fb5d7c8378b05e9abc97724537a80e93b0f',
  [TESTNET_CHAIN_ID]:
    '0x02c56e8b00dbe2a71e57472685378fc8988bba947e9a99b26a00fade2b4fe7c2',
};

/**
 * The exchange of a network: AVNU's on the built-in networks, none on one a
 * site or the user added (its node could serve anything at that address).
 *
 * @param network - The network.
 * @returns The exchange's address (canonical: 0x and 64 digits), or undefined.
 */
export function exchangeOf(network: Network): string | undefined {
  return network.addedBy === undefined
    ? AVNU_EXCHANGES[network.chainId]
    : undefined;
}

export const MULTI_ROUTE_SWAP = selectorOf('multi_route_swap');
export const SWAP_EXACT_TOKEN_TO = selectorOf('swap_exact_token_to');
/** The AVNU fee of a one-route swap, and of a swap of more routes. */
export const FEES_BPS_GETTERS = [
  selectorOf('get_fees_bps_0'),
  selectorOf('get_fees_bps_1'),
] as const;
/**
 * swap_exact_token_to's fee getter: what AVNU aims to keep of the amount
 * bought; the route count selects nothing there.
 */
export const EXACT_TOKEN_TO_FEES_BPS = selectorOf(
  'get_swap_exact_token_to_fees_bps',
);

/** A route's share of the amount sold: 100 % is 10^12 (ten decimals). */
export const FULL_ROUTE = 10n ** 12n;
/** The most an integrator may take (fee.cairo's MAX_INTEGRATOR_FEES_BPS). */
export const MAX_INTEGRATOR_FEE_BPS = 500n;
/** The most AVNU may take (fee.cairo's MAX_AVNU_FEES_BPS). */
export const MAX_AVNU_FEE_BPS = 100n;
/** The felt that marks a branch route ('branch', models.cairo). */
const BRANCH_MARKER = 0x6272616e6368n;
/** The most routes, and extra parameters, a call is read with. */
const MOST_ROUTES = 64;
const MOST_PARAMS = 64;

/** One route of a swap: which pool (exchange) swaps what share. */
export type SwapRoute = {
  sellToken: bigint;
  buyToken: bigint;
  exchange: bigint;
  /** Of FULL_ROUTE. */
  percent: bigint;
  /** Alternative pools of a branch route. */
  alternatives: number;
};

/** A swap call, read off its calldata. */
export type SwapCall = {
  /** `sell`: multi_route_swap (sells an exact amount); `buy`: swap_exact_token_to. */
  kind: 'sell' | 'buy';
  sellToken: bigint;
  /** What is sold (`buy`: the amount the quote expects to sell). */
  sellAmount: bigint;
  /** `buy`: the most that may be sold. */
  sellMax?: bigint;
  buyToken: bigint;
  /** What the quote expects to get (`buy`: exactly this). */
  buyAmount: bigint;
  /** `sell`: the least the beneficiary receives, or the swap fails. */
  minReceived?: bigint;
  beneficiary: bigint;
  integratorFeeBps: bigint;
  integratorFeeRecipient: bigint;
  routes: SwapRoute[];
};

/**
 * One direct swap's pool and share, its parameters skipped.
 *
 * @param cursor - The cursor.
 * @param field - The field's name.
 * @param first - The pool's address, when already taken.
 * @returns The pool and its share.
 */
function directSwap(
  cursor: Cursor,
  field: string,
  first?: bigint,
): { exchange: bigint; percent: bigint } {
  const exchange = first ?? cursor.take('address', `${field}.exchange_address`);
  const percent = cursor.take('u128', `${field}.percent`);
  span(cursor, `${field}.additional_swap_params`, MOST_PARAMS, () =>
    cursor.take('felt', `${field}.additional_swap_params`),
  );
  return { exchange, percent };
}

/**
 * A route: its tokens, then a direct swap, or the branch marker and a
 * principal swap with its alternatives.
 *
 * @param cursor - The cursor.
 * @param field - The field's name.
 * @returns The route.
 */
function route(cursor: Cursor, field: string): SwapRoute {
  const sellToken = cursor.take('address', `${field}.sell_token`);
  const buyToken = cursor.take('address', `${field}.buy_token`);
  // A direct swap opens with its pool's address, never the marker.
  const first = cursor.take('address', `${field}.swap`);
  if (first !== BRANCH_MARKER) {
    return {
      sellToken,
      buyToken,
      ...directSwap(cursor, `${field}.swap`, first),
      alternatives: 0,
    };
  }
  const principal = directSwap(cursor, `${field}.swap.principal`);
  const alternatives = span(
    cursor,
    `${field}.swap.alternatives`,
    MOST_ROUTES,
    () => directSwap(cursor, `${field}.swap.alternatives`),
  );
  return {
    sellToken,
    buyToken,
    ...principal,
    alternatives: alternatives.length,
  };
}

/**
 * The routes: their count, then each.
 *
 * @param cursor - The cursor.
 * @returns The routes.
 */
function routes(cursor: Cursor): SwapRoute[] {
  let index = 0;
  return span(cursor, 'routes', MOST_ROUTES, () => {
    index += 1;
    return route(cursor, `routes[${index - 1}]`);
  });
}

/**
 * Reads a call to the exchange: `multi_route_swap` or `swap_exact_token_to`
 * by selector, each input of its type, nothing missing or left over.
 *
 * @param selector - The call's selector (hex).
 * @param calldata - Its calldata.
 * @returns The call; undefined for another selector; a problem when the
 * calldata is not the entry point's inputs.
 */
export function readSwapCall(
  selector: string,
  calldata: readonly string[],
): Reading<SwapCall> | undefined {
  const wanted = BigInt(selector);
  /**
   * The inputs both entry points end with.
   *
   * @param cursor - The cursor, past the amounts.
   * @returns Those fields.
   */
  const tail = (
    cursor: Cursor,
  ): Pick<
    SwapCall,
    'beneficiary' | 'integratorFeeBps' | 'integratorFeeRecipient' | 'routes'
  > => ({
    beneficiary: cursor.take('address', 'beneficiary'),
    integratorFeeBps: cursor.take('u128', 'integrator_fee_amount_bps'),
    integratorFeeRecipient: cursor.take('address', 'integrator_fee_recipient'),
    routes: routes(cursor),
  });
  if (wanted === BigInt(MULTI_ROUTE_SWAP)) {
    return readLayout('multi_route_swap', calldata, (cursor) => ({
      kind: 'sell' as const,
      sellToken: cursor.take('address', 'sell_token_address'),
      sellAmount: u256(cursor, 'sell_token_amount'),
      buyToken: cursor.take('address', 'buy_token_address'),
      buyAmount: u256(cursor, 'buy_token_amount'),
      minReceived: u256(cursor, 'buy_token_min_amount'),
      ...tail(cursor),
    }));
  }
  if (wanted === BigInt(SWAP_EXACT_TOKEN_TO)) {
    return readLayout('swap_exact_token_to', calldata, (cursor) => ({
      kind: 'buy' as const,
      sellToken: cursor.take('address', 'sell_token_address'),
      sellAmount: u256(cursor, 'sell_token_amount'),
      sellMax: u256(cursor, 'sell_token_max_amount'),
      buyToken: cursor.take('address', 'buy_token_address'),
      buyAmount: u256(cursor, 'buy_token_amount'),
      ...tail(cursor),
    }));
  }
  return undefined;
}

/**
 * The getter of AVNU's fee on a swap: by its route count for
 * multi_route_swap (`_0` one route, `_1` more), its own for
 * swap_exact_token_to.
 *
 * @param swap - The swap, read.
 * @returns The getter's selector.
 */
export function feeGetterOf(swap: SwapCall): string {
  if (swap.kind === 'buy') {
    return EXACT_TOKEN_TO_FEES_BPS;
  }
  return FEES_BPS_GETTERS[swap.routes.length > 1 ? 1 : 0];
}
