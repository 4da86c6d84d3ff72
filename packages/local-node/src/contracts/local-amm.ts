/* eslint-disable no-bitwise -- u256 halves */
import { hash } from 'starknet';

import { ADDRESS, COMMON_TYPES, interfaceItems, U256 } from './abi';
import { callContract, CalldataReader, selectorOf } from './calls';
import { mintTo } from './erc20';
import { mapSlot, readU256, writeU256 } from './storage-vars';
import type { CallContext, EntryFn, NativeClass } from './types';
import { ExecutionError } from '../base/errors';
import type { Overlay, StateReader } from '../base/state-store';

/**
 * The local chain's own exchange of liquidity: one contract holding
 * constant-product pools (x · y = k, 0.3 % to the pool, as Uniswap v2 and
 * its Starknet forks), one per pair of tokens, which AVNU's emulated
 * exchange routes through (a route's `exchange_address`). It is no
 * deployed protocol: its entry points are its own, kept small —
 * `swap(sell_token, sell_amount, buy_token, buy_min_amount, to) -> u256`
 * (the caller approved `sell_amount` first), `get_reserves(token_a,
 * token_b) -> (u256, u256)` and `get_amount_out(sell_token, sell_amount,
 * buy_token) -> u256`. Reserves live in its storage and its token
 * balances hold them; nobody can add or remove liquidity after genesis.
 */

// An identifier of the local chain's own (not a deployed contract's).
const localId = (text: string): bigint => hash.starknetKeccak(text);

/** Where the pools are, on every local chain. */
export const LOCAL_AMM_ADDRESS = localId('snapnet local AMM');

/** The class hash of the emulation. */
export const LOCAL_AMM_CLASS_HASH = localId('snapnet local AMM class');

/**
 * The adapter class the exchange knows the pools by (its
 * `get_adapter_class_hash(LOCAL_AMM_ADDRESS)`): a local identifier, as
 * AVNU keeps one adapter class per AMM router.
 */
export const LOCAL_AMM_ADAPTER_CLASS_HASH = localId(
  'snapnet local AMM adapter',
);

/** The name quotes give the pools (a route's `name`). */
export const LOCAL_AMM_NAME = 'Local AMM';

/** What a swap leaves in the pool: 30 bps of the amount sold. */
export const LOCAL_AMM_FEE_BPS = 30n;

export const LOCAL_AMM_ERRORS = {
  NO_POOL: 'Pool does not exist',
  AMOUNT_IS_ZERO: 'Amount is 0',
  INSUFFICIENT_OUTPUT: 'Insufficient output amount',
} as const;

const reserveSlot = (tokenA: bigint, tokenB: bigint, of: bigint): bigint => {
  const [low, high] = tokenA < tokenB ? [tokenA, tokenB] : [tokenB, tokenA];
  return mapSlot('amm_reserves', low, high, of);
};

/**
 * A pool's reserves, the sold token's first ([0, 0] when there is no pool).
 *
 * @param state - The state.
 * @param amm - The pools' contract.
 * @param sellToken - The token sold.
 * @param buyToken - The token bought.
 * @returns The reserves in and out.
 */
export function reservesOf(
  state: StateReader,
  amm: bigint,
  sellToken: bigint,
  buyToken: bigint,
): [bigint, bigint] {
  return [
    readU256(state, amm, reserveSlot(sellToken, buyToken, sellToken)),
    readU256(state, amm, reserveSlot(sellToken, buyToken, buyToken)),
  ];
}

/**
 * What a pool pays for an amount: `in × 0.997 × R_out / (R_in + in × 0.997)`,
 * rounded down.
 *
 * @param reserveIn - The reserve of the token sold.
 * @param reserveOut - The reserve of the token bought.
 * @param amountIn - The amount sold.
 * @returns The amount bought.
 */
export function ammAmountOut(
  reserveIn: bigint,
  reserveOut: bigint,
  amountIn: bigint,
): bigint {
  const withFee = amountIn * (10_000n - LOCAL_AMM_FEE_BPS);
  return (withFee * reserveOut) / (reserveIn * 10_000n + withFee);
}

/** A side of a pool: its token and reserve. */
export type PoolSide = readonly [token: bigint, reserve: bigint];

/**
 * Opens a pool at genesis: writes its reserves and mints them to the
 * pools' contract (no Transfer event, as genesis balances have none).
 *
 * @param state - The genesis state.
 * @param amm - The pools' contract.
 * @param sideA - One token and its reserve.
 * @param sideB - The other.
 */
export function seedPool(
  state: Overlay,
  amm: bigint,
  sideA: PoolSide,
  sideB: PoolSide,
): void {
  for (const [token, reserve] of [sideA, sideB]) {
    writeU256(state, amm, reserveSlot(sideA[0], sideB[0], token), reserve);
    mintTo(state, token, amm, reserve);
  }
}

const u256Out = (value: bigint): bigint[] => [
  value & ((1n << 128n) - 1n),
  value >> 128n,
];

/**
 * The reserves of an existing pool.
 *
 * @param ctx - The pools' context.
 * @param sellToken - The token sold.
 * @param buyToken - The token bought.
 * @returns The reserves in and out.
 */
function existingPool(
  ctx: CallContext,
  sellToken: bigint,
  buyToken: bigint,
): [bigint, bigint] {
  const reserves = reservesOf(ctx.env.state, ctx.self, sellToken, buyToken);
  if (reserves[0] === 0n || reserves[1] === 0n || sellToken === buyToken) {
    throw new ExecutionError(LOCAL_AMM_ERRORS.NO_POOL);
  }
  return reserves;
}

const swap: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const sellToken = reader.felt();
  const amountIn = reader.u256();
  const buyToken = reader.felt();
  const minOut = reader.u256();
  const to = reader.felt();
  const [reserveIn, reserveOut] = existingPool(ctx, sellToken, buyToken);
  if (amountIn === 0n) {
    throw new ExecutionError(LOCAL_AMM_ERRORS.AMOUNT_IS_ZERO);
  }
  const amountOut = ammAmountOut(reserveIn, reserveOut, amountIn);
  if (amountOut === 0n || amountOut < minOut) {
    throw new ExecutionError(LOCAL_AMM_ERRORS.INSUFFICIENT_OUTPUT);
  }
  const token = (address: bigint, name: string, args: bigint[]): void => {
    callContract(
      ctx.env,
      ctx.self,
      address,
      selectorOf(name),
      args,
      ctx.invocation,
    );
  };
  token(sellToken, 'transfer_from', [
    ctx.caller,
    ctx.self,
    ...u256Out(amountIn),
  ]);
  token(buyToken, 'transfer', [to, ...u256Out(amountOut)]);
  const { state } = ctx.env;
  writeU256(
    state,
    ctx.self,
    reserveSlot(sellToken, buyToken, sellToken),
    reserveIn + amountIn,
  );
  writeU256(
    state,
    ctx.self,
    reserveSlot(sellToken, buyToken, buyToken),
    reserveOut - amountOut,
  );
  return u256Out(amountOut);
};

const getReserves: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const [reserveA, reserveB] = reservesOf(
    ctx.env.state,
    ctx.self,
    reader.felt(),
    reader.felt(),
  );
  return [...u256Out(reserveA), ...u256Out(reserveB)];
};

const getAmountOut: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const sellToken = reader.felt();
  const amountIn = reader.u256();
  const buyToken = reader.felt();
  const [reserveIn, reserveOut] = existingPool(ctx, sellToken, buyToken);
  return u256Out(ammAmountOut(reserveIn, reserveOut, amountIn));
};

/** The pools' contract. */
export const LOCAL_AMM_CLASS: NativeClass = {
  kind: 'local-amm',
  entries: {
    swap,
    get_reserves: getReserves,
    get_amount_out: getAmountOut,
  },
};

/** Its ABI, for getClass. */
export const LOCAL_AMM_ABI = JSON.stringify([
  ...COMMON_TYPES,
  ...interfaceItems('LocalAmmImpl', 'snapnet::local_amm::ILocalAmm', [
    [
      'swap',
      [
        ['sell_token', ADDRESS],
        ['sell_amount', U256],
        ['buy_token', ADDRESS],
        ['buy_min_amount', U256],
        ['to', ADDRESS],
      ],
      [U256],
      false,
    ],
    [
      'get_reserves',
      [
        ['token_a', ADDRESS],
        ['token_b', ADDRESS],
      ],
      [`(${U256}, ${U256})`],
      true,
    ],
    [
      'get_amount_out',
      [
        ['sell_token', ADDRESS],
        ['sell_amount', U256],
        ['buy_token', ADDRESS],
      ],
      [U256],
      true,
    ],
  ]),
]);
