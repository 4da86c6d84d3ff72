/* eslint-disable no-bitwise -- u256 halves */
import { constants, hash } from 'starknet';

import { CalldataReader, selectorOf } from './calls';
import { mapSlot, varSlot } from './storage-vars';
import { ExecutionError } from '../base/errors';

/**
 * What the local node knows of AVNU's exchange contract, in one place: its
 * address per chain, the entry points the emulation runs with their Cairo
 * types, the calldata of `multi_route_swap` and of a `Route`, the `Swap`
 * event, the fee constants, the storage variables and the revert texts,
 * as avnu-labs/avnu-contracts-v2 has them at commit 48f22111 (README.md,
 * src/exchange.cairo, src/models.cairo, src/components/fee.cairo, and
 * avnu-contracts-lib's ownable component). The ABI is vendored in
 * vendor/contracts/avnu-exchange.abi.json and test/avnu-exchange-abi.test.ts
 * holds this file to it. avnu-exchange.ts runs the contract; this file only
 * describes it.
 */

/** Where the exchange is on each chain (the contracts' README). */
export const AVNU_EXCHANGE_ADDRESSES: Record<string, bigint> = {
  [constants.StarknetChainId.SN_MAIN]:
    0x04270219d365d6b017231b52e92b3fb5d7c8378b05e9abc97724537a80e93b0fn,
  [constants.StarknetChainId.SN_SEPOLIA]:
    0x02c56e8b00dbe2a71e57472685378fc8988bba947e9a99b26a00fade2b4fe7c2n,
};

/**
 * The exchange's address on a chain: Mainnet's on SN_MAIN, Sepolia's on any
 * other chain (a local chain stands in for Sepolia).
 *
 * @param chainId - The chain id (hex).
 * @returns The address.
 */
export function avnuExchangeAddressOf(chainId: string): bigint {
  return (
    AVNU_EXCHANGE_ADDRESSES[chainId] ??
    (AVNU_EXCHANGE_ADDRESSES[constants.StarknetChainId.SN_SEPOLIA] as bigint)
  );
}

// An identifier of the local chain's own (not a deployed contract's).
const localId = (text: string): bigint => hash.starknetKeccak(text);

/** The class hash of the emulation (a local identifier). */
export const AVNU_EXCHANGE_CLASS_HASH = localId('snapnet local AVNU exchange');

/**
 * Who receives AVNU's fee on the local chain, and who owns the exchange:
 * addresses of the local chain's own (AVNU's are multisigs of theirs).
 */
export const AVNU_FEE_RECIPIENT = localId('snapnet local AVNU fee recipient');
export const AVNU_OWNER = localId('snapnet local AVNU owner');

/** AVNU's fee on the local chain: 15 bps, one route or more. */
export const AVNU_FEES_BPS = 15n;

/** fee.cairo's bounds: MAX_AVNU_FEES_BPS, MAX_INTEGRATOR_FEES_BPS. */
export const MAX_AVNU_FEES_BPS = 100n;
export const MAX_INTEGRATOR_FEES_BPS = 500n;

/** Fees are basis points of an amount. */
export const BPS = 10_000n;

/** A route's share of what it sells: 100 % is 10^12 (MAX_ROUTE_PERCENT). */
export const MAX_ROUTE_PERCENT = 1_000_000_000_000n;

/** The felt that opens a branch route ('branch', models.cairo's BRANCH_MARKER). */
export const BRANCH_MARKER = 0x6272616e6368n;

/** The Cairo types the exchange's entry points use, by their ABI names. */
export const CAIRO = {
  address: 'core::starknet::contract_address::ContractAddress',
  classHash: 'core::starknet::class_hash::ClassHash',
  u256: 'core::integer::u256',
  u128: 'core::integer::u128',
  u32: 'core::integer::u32',
  bool: 'core::bool',
  felts: 'core::array::Array::<core::felt252>',
  routes: 'core::array::Array::<avnu::models::Route>',
  route: 'avnu::models::Route',
  routeSwap: 'avnu::models::RouteSwap',
  directSwap: 'avnu::models::DirectSwap',
  tokenFeeConfig: 'avnu::components::fee::TokenFeeConfig',
} as const;

/** An entry point: its inputs (name, Cairo type) in order and its outputs. */
export type EntryLayout = {
  inputs: readonly (readonly [string, string])[];
  outputs: readonly string[];
  view: boolean;
};

const entry = (
  inputs: EntryLayout['inputs'],
  outputs: EntryLayout['outputs'],
  view: boolean,
): EntryLayout => ({ inputs, outputs, view });

/** The entry points the emulation runs, as the source declares them. */
export const AVNU_EXCHANGE_ENTRYPOINTS = {
  multi_route_swap: entry(
    [
      ['sell_token_address', CAIRO.address],
      ['sell_token_amount', CAIRO.u256],
      ['buy_token_address', CAIRO.address],
      ['buy_token_amount', CAIRO.u256],
      ['buy_token_min_amount', CAIRO.u256],
      ['beneficiary', CAIRO.address],
      ['integrator_fee_amount_bps', CAIRO.u128],
      ['integrator_fee_recipient', CAIRO.address],
      ['routes', CAIRO.routes],
    ],
    [CAIRO.bool],
    false,
  ),
  swap_exact_token_to: entry(
    [
      ['sell_token_address', CAIRO.address],
      ['sell_token_amount', CAIRO.u256],
      ['sell_token_max_amount', CAIRO.u256],
      ['buy_token_address', CAIRO.address],
      ['buy_token_amount', CAIRO.u256],
      ['beneficiary', CAIRO.address],
      ['integrator_fee_amount_bps', CAIRO.u128],
      ['integrator_fee_recipient', CAIRO.address],
      ['routes', CAIRO.routes],
    ],
    [CAIRO.bool],
    false,
  ),
  get_adapter_class_hash: entry(
    [['exchange_address', CAIRO.address]],
    [CAIRO.classHash],
    true,
  ),
  get_external_solver_adapter_class_hash: entry(
    [['external_solver_address', CAIRO.address]],
    [CAIRO.classHash],
    true,
  ),
  get_fees_recipient: entry([], [CAIRO.address], true),
  get_fees_bps_0: entry([], [CAIRO.u128], true),
  get_fees_bps_1: entry([], [CAIRO.u128], true),
  get_swap_exact_token_to_fees_bps: entry([], [CAIRO.u128], true),
  get_token_fee_config: entry(
    [['token', CAIRO.address]],
    [CAIRO.tokenFeeConfig],
    true,
  ),
  is_integrator_whitelisted: entry(
    [['integrator', CAIRO.address]],
    [CAIRO.bool],
    true,
  ),
  get_owner: entry([], [CAIRO.address], true),
} as const;

export type AvnuEntrypoint = keyof typeof AVNU_EXCHANGE_ENTRYPOINTS;

/** `Route {sell_token, buy_token, swap: RouteSwap}` (models.cairo). */
export const ROUTE_MEMBERS = [
  ['sell_token', CAIRO.address],
  ['buy_token', CAIRO.address],
  ['swap', CAIRO.routeSwap],
] as const;

/** `RouteSwap`'s variants; its own Serde writes Direct bare, Branch after BRANCH_MARKER. */
export const ROUTE_SWAP_VARIANTS = [
  ['Direct', CAIRO.directSwap],
  ['Branch', 'avnu::models::BranchSwap'],
] as const;

/** `DirectSwap {exchange_address, percent, additional_swap_params}`. */
export const DIRECT_SWAP_MEMBERS = [
  ['exchange_address', CAIRO.address],
  ['percent', CAIRO.u128],
  ['additional_swap_params', CAIRO.felts],
] as const;

/** `TokenFeeConfig {weight}`: the heavier token of a swap pays the fee. */
export const TOKEN_FEE_CONFIG_MEMBERS = [
  ['weight', 'core::integer::u32'],
] as const;

/** The `Swap` event: every member is data (none is `#[key]`). */
export const SWAP_EVENT = {
  name: 'Swap',
  path: 'avnu::exchange::Exchange::Swap',
  data: [
    ['taker_address', CAIRO.address],
    ['sell_address', CAIRO.address],
    ['sell_amount', CAIRO.u256],
    ['buy_address', CAIRO.address],
    ['buy_amount', CAIRO.u256],
    ['beneficiary', CAIRO.address],
  ],
} as const;

/** The revert texts (the source's `assert` messages). */
export const AVNU_ERRORS = {
  BENEFICIARY_NOT_CALLER: 'Beneficiary is not the caller',
  AMOUNT_IS_ZERO: 'Token from amount is 0',
  BALANCE_TOO_LOW: 'Token from balance is too low',
  ROUTES_EMPTY: 'Routes is empty',
  INVALID_TOKEN_FROM: 'Invalid token from',
  INVALID_TOKEN_TO: 'Invalid token to',
  INVALID_ROUTE_PERCENT: 'Invalid route percent',
  UNKNOWN_EXCHANGE: 'Unknown exchange',
  INTEGRATOR_FEES_TOO_HIGH: 'Integrator fees are too high',
  INSUFFICIENT_TOKENS_RECEIVED: 'Insufficient tokens received',
  RESIDUAL_TOKENS: 'Residual tokens',
} as const;

/**
 * The storage variables the emulation keeps, by the source's names (the
 * components' storage is flat, `#[substorage(v0)]`), so `getStorageAt`
 * reads them where the contract keeps them.
 */
export const AVNU_SLOTS = {
  feesRecipient: varSlot('fees_recipient'),
  feesBps0: varSlot('fees_bps_0'),
  feesBps1: varSlot('fees_bps_1'),
  swapExactTokenToFeesBps: varSlot('swap_exact_token_to_fees_bps'),
  owner: varSlot('owner'),
  tokenFeeWeight: (token: bigint): bigint =>
    mapSlot('token_fee_configs', token),
  whitelistedIntegrator: (integrator: bigint): bigint =>
    mapSlot('whitelisted_integrators', integrator),
  adapterClassHash: (exchange: bigint): bigint =>
    mapSlot('AdapterClassHash', exchange),
  externalSolverAdapter: (solver: bigint): bigint =>
    mapSlot('external_solver_adapter', solver),
} as const;

/** One direct swap of a route: which pool, what share, its extra parameters. */
export type DirectSwap = {
  exchange: bigint;
  percent: bigint;
  params: bigint[];
};

/** What a route swaps through: one pool, or a branch (principal and alternatives). */
export type RouteSwap =
  | { kind: 'direct'; swap: DirectSwap }
  | { kind: 'branch'; principal: DirectSwap; alternatives: DirectSwap[] };

/** A route of a swap. */
export type Route = { sellToken: bigint; buyToken: bigint; swap: RouteSwap };

/** `multi_route_swap`'s inputs. */
export type MultiRouteSwap = {
  sellToken: bigint;
  sellAmount: bigint;
  buyToken: bigint;
  buyAmount: bigint;
  buyMinAmount: bigint;
  beneficiary: bigint;
  integratorFeeBps: bigint;
  integratorFeeRecipient: bigint;
  routes: Route[];
};

const U128_LIMIT = 1n << 128n;

const u128 = (reader: CalldataReader): bigint => {
  const value = reader.felt();
  if (value >= U128_LIMIT) {
    throw new ExecutionError('u128 out of range');
  }
  return value;
};

const directSwap = (reader: CalldataReader): DirectSwap => ({
  exchange: reader.felt(),
  percent: u128(reader),
  params: reader.array(),
});

/**
 * Reads the routes as models.cairo's Serde does: a direct swap bare, a
 * branch after its marker.
 *
 * @param reader - The calldata from the routes' length on.
 * @returns The routes.
 */
function readRoutes(reader: CalldataReader): Route[] {
  const count = Number(reader.felt());
  const routes: Route[] = [];
  for (let index = 0; index < count; index++) {
    const sellToken = reader.felt();
    const buyToken = reader.felt();
    if (reader.peek() === BRANCH_MARKER) {
      reader.felt();
      const principal = directSwap(reader);
      const alternatives: DirectSwap[] = [];
      const alternativeCount = Number(reader.felt());
      for (let alt = 0; alt < alternativeCount; alt++) {
        alternatives.push(directSwap(reader));
      }
      routes.push({
        sellToken,
        buyToken,
        swap: { kind: 'branch', principal, alternatives },
      });
    } else {
      routes.push({
        sellToken,
        buyToken,
        swap: { kind: 'direct', swap: directSwap(reader) },
      });
    }
  }
  return routes;
}

/**
 * Reads `multi_route_swap`'s calldata as the contract's ABI wrapper does:
 * each input in order, nothing left over.
 *
 * @param calldata - The calldata.
 * @returns The inputs.
 */
export function readMultiRouteSwap(calldata: bigint[]): MultiRouteSwap {
  const reader = new CalldataReader(calldata);
  const head = {
    sellToken: reader.felt(),
    sellAmount: reader.u256(),
    buyToken: reader.felt(),
    buyAmount: reader.u256(),
    buyMinAmount: reader.u256(),
    beneficiary: reader.felt(),
  };
  const integratorFeeBps = reader.felt();
  if (integratorFeeBps >= U128_LIMIT) {
    throw new ExecutionError('Failed to deserialize param #7');
  }
  const integratorFeeRecipient = reader.felt();
  let routes: Route[];
  try {
    routes = readRoutes(reader);
  } catch {
    throw new ExecutionError('Failed to deserialize param #9');
  }
  if (reader.remaining > 0) {
    throw new ExecutionError('Input too long for arguments');
  }
  return { ...head, integratorFeeBps, integratorFeeRecipient, routes };
}

const u256Felts = (value: bigint): bigint[] => [
  value & (U128_LIMIT - 1n),
  value >> 128n,
];

const directFelts = (swap: DirectSwap): bigint[] => [
  swap.exchange,
  swap.percent,
  BigInt(swap.params.length),
  ...swap.params,
];

/**
 * A route's felts, as models.cairo's Serde writes them.
 *
 * @param route - The route.
 * @returns Its felts.
 */
export function routeFelts(route: Route): bigint[] {
  const { swap } = route;
  return [
    route.sellToken,
    route.buyToken,
    ...(swap.kind === 'direct'
      ? directFelts(swap.swap)
      : [
          BRANCH_MARKER,
          ...directFelts(swap.principal),
          BigInt(swap.alternatives.length),
          ...swap.alternatives.flatMap(directFelts),
        ]),
  ];
}

/**
 * `multi_route_swap`'s calldata.
 *
 * @param swap - Its inputs.
 * @returns The calldata.
 */
export function multiRouteSwapCalldata(swap: MultiRouteSwap): bigint[] {
  return [
    swap.sellToken,
    ...u256Felts(swap.sellAmount),
    swap.buyToken,
    ...u256Felts(swap.buyAmount),
    ...u256Felts(swap.buyMinAmount),
    swap.beneficiary,
    swap.integratorFeeBps,
    swap.integratorFeeRecipient,
    BigInt(swap.routes.length),
    ...swap.routes.flatMap(routeFelts),
  ];
}

/** The values of a `Swap` event. */
export type SwapEventValues = {
  taker: bigint;
  sellToken: bigint;
  sellAmount: bigint;
  buyToken: bigint;
  buyAmount: bigint;
  beneficiary: bigint;
};

/**
 * A `Swap` event's keys (its name's selector only) and data, in the
 * members' order.
 *
 * @param values - Its members.
 * @returns The keys and data.
 */
export function swapEventFelts(values: SwapEventValues): {
  keys: bigint[];
  data: bigint[];
} {
  return {
    keys: [selectorOf(SWAP_EVENT.name)],
    data: [
      values.taker,
      values.sellToken,
      ...u256Felts(values.sellAmount),
      values.buyToken,
      ...u256Felts(values.buyAmount),
      values.beneficiary,
    ],
  };
}

/** Who pays the fee: the token sold (before the swap) or bought (after). */
export type FeePolicy = 'FeeOnSell' | 'FeeOnBuy';

/**
 * fee.cairo's `get_fee_policy`: the fee is taken in the heavier token, in
 * the token bought when the weights tie.
 *
 * @param sellWeight - The sold token's weight.
 * @param buyWeight - The bought token's weight.
 * @returns The policy.
 */
export function feePolicyOf(sellWeight: bigint, buyWeight: bigint): FeePolicy {
  return buyWeight >= sellWeight ? 'FeeOnBuy' : 'FeeOnSell';
}

/**
 * fee.cairo's `compute_fee_amount`: `amount × bps / 10,000`, rounded down.
 *
 * @param amount - The amount.
 * @param bps - The fee in basis points.
 * @returns The fee.
 */
export function feeAmountOf(amount: bigint, bps: bigint): bigint {
  return (amount * bps) / BPS;
}
