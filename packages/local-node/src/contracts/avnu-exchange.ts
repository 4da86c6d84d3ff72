/* eslint-disable no-bitwise -- u256 halves */
import {
  AVNU_ERRORS,
  AVNU_SLOTS,
  feeAmountOf,
  feePolicyOf,
  MAX_INTEGRATOR_FEES_BPS,
  MAX_ROUTE_PERCENT,
  readMultiRouteSwap,
  swapEventFelts,
} from './avnu-exchange-protocol';
import type {
  AvnuEntrypoint,
  DirectSwap,
  MultiRouteSwap,
  Route,
} from './avnu-exchange-protocol';
import { callContract, emit, selectorOf } from './calls';
import { readSlot } from './storage-vars';
import type { CallContext, EntryFn, NativeClass } from './types';
import { ExecutionError } from '../base/errors';

/**
 * AVNU's exchange as the local node runs it: `multi_route_swap` step by
 * step as exchange.cairo does it (its asserts in the same order and with
 * the same texts, the sold token pulled with `transferFrom` from the
 * caller, the fee policy, AVNU's and the integrator's fees as fee.cairo
 * takes them, each route's share of what the exchange holds swapped
 * through the pools its adapter knows, the bought token sent to the
 * beneficiary, no token left behind, the `Swap` event, `true`), and the
 * views a wallet reads. Direct routes only: a branch route (its principal
 * and alternatives quoted against each other) and `swap_exact_token_to`
 * revert with a text saying they are not emulated. Every route's
 * `exchange_address` must have an adapter (`get_adapter_class_hash`); the
 * local chain has one, for its own pools (local-amm.ts), whose adapter
 * approves the pools for the route's amount and calls their `swap`, as
 * AVNU's adapters do with the AMMs' routers.
 */

const U128_MASK = (1n << 128n) - 1n;
const u256Felts = (value: bigint): bigint[] => [
  value & U128_MASK,
  value >> 128n,
];

const read = (ctx: CallContext, slot: bigint): bigint =>
  readSlot(ctx.env.state, ctx.self, slot);

/**
 * Refuses with one of the contract's texts unless a condition holds.
 *
 * @param condition - What must hold.
 * @param message - The revert text.
 */
function ensure(condition: boolean, message: string): asserts condition {
  if (!condition) {
    throw new ExecutionError(message);
  }
}

/**
 * Calls another contract from the exchange.
 *
 * @param ctx - The exchange's context.
 * @param contract - The contract called.
 * @param name - The entry point.
 * @param calldata - Its calldata.
 * @returns Its result.
 */
function call(
  ctx: CallContext,
  contract: bigint,
  name: string,
  calldata: bigint[],
): bigint[] {
  return callContract(
    ctx.env,
    ctx.self,
    contract,
    selectorOf(name),
    calldata,
    ctx.invocation,
  ).result;
}

const balanceOf = (ctx: CallContext, token: bigint, owner: bigint): bigint => {
  const [low = 0n, high = 0n] = call(ctx, token, 'balanceOf', [owner]);
  return (high << 128n) | low;
};

const transfer = (
  ctx: CallContext,
  token: bigint,
  to: bigint,
  amount: bigint,
): void => {
  call(ctx, token, 'transfer', [to, ...u256Felts(amount)]);
};

/**
 * `before_swap`: the beneficiary is the caller, the sold amount is pulled
 * from the caller, the routes start and end with the swap's tokens.
 *
 * @param ctx - The exchange's context.
 * @param swap - The swap.
 */
function beforeSwap(ctx: CallContext, swap: MultiRouteSwap): void {
  ensure(swap.beneficiary === ctx.caller, AVNU_ERRORS.BENEFICIARY_NOT_CALLER);
  ensure(swap.sellAmount > 0n, AVNU_ERRORS.AMOUNT_IS_ZERO);
  ensure(
    balanceOf(ctx, swap.sellToken, ctx.caller) >= swap.sellAmount,
    AVNU_ERRORS.BALANCE_TOO_LOW,
  );
  call(ctx, swap.sellToken, 'transferFrom', [
    ctx.caller,
    ctx.self,
    ...u256Felts(swap.sellAmount),
  ]);
  const first = swap.routes[0];
  const last = swap.routes[swap.routes.length - 1];
  ensure(first !== undefined && last !== undefined, AVNU_ERRORS.ROUTES_EMPTY);
  ensure(first.sellToken === swap.sellToken, AVNU_ERRORS.INVALID_TOKEN_FROM);
  ensure(last.buyToken === swap.buyToken, AVNU_ERRORS.INVALID_TOKEN_TO);
}

/**
 * fee.cairo's `get_fees`: the policy by the tokens' weights, AVNU's fee by
 * the number of routes, none for a whitelisted integrator taking as much.
 *
 * @param ctx - The exchange's context.
 * @param swap - The swap.
 * @returns The policy and AVNU's fee in bps.
 */
function feesOf(
  ctx: CallContext,
  swap: MultiRouteSwap,
): { policy: 'FeeOnSell' | 'FeeOnBuy'; bps: bigint } {
  const policy = feePolicyOf(
    read(ctx, AVNU_SLOTS.tokenFeeWeight(swap.sellToken)),
    read(ctx, AVNU_SLOTS.tokenFeeWeight(swap.buyToken)),
  );
  const bps = read(
    ctx,
    swap.routes.length > 1 ? AVNU_SLOTS.feesBps1 : AVNU_SLOTS.feesBps0,
  );
  const whitelisted =
    read(ctx, AVNU_SLOTS.whitelistedIntegrator(swap.integratorFeeRecipient)) !==
    0n;
  return {
    policy,
    bps: whitelisted && swap.integratorFeeBps >= bps ? 0n : bps,
  };
}

/**
 * fee.cairo's `collect_fees`: the integrator's fee, then AVNU's, each
 * taken when its bps and recipient are not zero.
 *
 * @param ctx - The exchange's context.
 * @param token - The token the fees are taken in.
 * @param amount - The amount they are taken from.
 * @param bps - AVNU's fee.
 * @param swap - The swap (the integrator's fee and recipient).
 * @returns The amount left.
 */
function collectFees(
  ctx: CallContext,
  token: bigint,
  amount: bigint,
  bps: bigint,
  swap: MultiRouteSwap,
): bigint {
  ensure(
    swap.integratorFeeBps <= MAX_INTEGRATOR_FEES_BPS,
    AVNU_ERRORS.INTEGRATOR_FEES_TOO_HIGH,
  );
  let left = amount;
  const recipients: [bigint, bigint][] = [
    [swap.integratorFeeRecipient, swap.integratorFeeBps],
    [read(ctx, AVNU_SLOTS.feesRecipient), bps],
  ];
  for (const [recipient, feeBps] of recipients) {
    if (feeBps !== 0n && recipient !== 0n) {
      const fee = feeAmountOf(amount, feeBps);
      transfer(ctx, token, recipient, fee);
      left -= fee;
    }
  }
  return left;
}

/**
 * `apply_direct_swap`: the route's share of what the exchange holds of the
 * token, swapped through the pool's adapter (approve, then the pools'
 * `swap`, the exchange receiving).
 *
 * @param ctx - The exchange's context.
 * @param route - The route.
 * @param swap - Its direct swap.
 */
function applyDirectSwap(
  ctx: CallContext,
  route: Route,
  swap: DirectSwap,
): void {
  ensure(
    swap.percent > 0n && swap.percent <= MAX_ROUTE_PERCENT,
    AVNU_ERRORS.INVALID_ROUTE_PERCENT,
  );
  const held = balanceOf(ctx, route.sellToken, ctx.self);
  const amount = (held * swap.percent) / MAX_ROUTE_PERCENT;
  ensure(
    read(ctx, AVNU_SLOTS.adapterClassHash(swap.exchange)) !== 0n,
    AVNU_ERRORS.UNKNOWN_EXCHANGE,
  );
  call(ctx, route.sellToken, 'approve', [swap.exchange, ...u256Felts(amount)]);
  call(ctx, swap.exchange, 'swap', [
    route.sellToken,
    ...u256Felts(amount),
    route.buyToken,
    0n,
    0n,
    ctx.self,
  ]);
}

/**
 * `assert_no_remaining_tokens`: every token of the routes but the one
 * bought (already sent) is all gone from the exchange.
 *
 * @param ctx - The exchange's context.
 * @param swap - The swap.
 */
function assertNoRemainingTokens(ctx: CallContext, swap: MultiRouteSwap): void {
  const checked = new Set<bigint>([swap.buyToken]);
  for (const route of swap.routes) {
    for (const token of [route.sellToken, route.buyToken]) {
      if (!checked.has(token)) {
        ensure(
          balanceOf(ctx, token, ctx.self) === 0n,
          AVNU_ERRORS.RESIDUAL_TOKENS,
        );
        checked.add(token);
      }
    }
  }
}

const multiRouteSwap: EntryFn = (ctx, calldata) => {
  const swap = readMultiRouteSwap(calldata);
  beforeSwap(ctx, swap);
  const { policy, bps } = feesOf(ctx, swap);
  if (policy === 'FeeOnSell') {
    collectFees(ctx, swap.sellToken, swap.sellAmount, bps, swap);
  }
  for (const route of swap.routes) {
    if (route.swap.kind === 'branch') {
      throw new ExecutionError(
        'Branch routes are not emulated by the local node: send direct routes',
      );
    }
    applyDirectSwap(ctx, route, route.swap.swap);
  }
  const received = balanceOf(ctx, swap.buyToken, ctx.self);
  const final =
    policy === 'FeeOnBuy'
      ? collectFees(ctx, swap.buyToken, received, bps, swap)
      : received;
  ensure(swap.buyMinAmount <= final, AVNU_ERRORS.INSUFFICIENT_TOKENS_RECEIVED);
  transfer(ctx, swap.buyToken, swap.beneficiary, final);
  assertNoRemainingTokens(ctx, swap);
  const event = swapEventFelts({
    taker: ctx.caller,
    sellToken: swap.sellToken,
    sellAmount: swap.sellAmount,
    buyToken: swap.buyToken,
    buyAmount: final,
    beneficiary: swap.beneficiary,
  });
  emit(ctx, event.keys, event.data);
  return [1n];
};

const swapExactTokenTo: EntryFn = () => {
  throw new ExecutionError(
    'swap_exact_token_to is not emulated by the local node: sell an exact amount with multi_route_swap',
  );
};

const slotView =
  (slot: (ctx: CallContext, calldata: bigint[]) => bigint): EntryFn =>
  (ctx, calldata) => [read(ctx, slot(ctx, calldata))];

const ENTRIES: Record<AvnuEntrypoint, EntryFn> = {
  multi_route_swap: multiRouteSwap,
  swap_exact_token_to: swapExactTokenTo,
  get_adapter_class_hash: slotView((_ctx, [exchange = 0n]) =>
    AVNU_SLOTS.adapterClassHash(exchange),
  ),
  get_external_solver_adapter_class_hash: slotView((_ctx, [solver = 0n]) =>
    AVNU_SLOTS.externalSolverAdapter(solver),
  ),
  get_fees_recipient: slotView(() => AVNU_SLOTS.feesRecipient),
  get_fees_bps_0: slotView(() => AVNU_SLOTS.feesBps0),
  get_fees_bps_1: slotView(() => AVNU_SLOTS.feesBps1),
  get_swap_exact_token_to_fees_bps: slotView(
    () => AVNU_SLOTS.swapExactTokenToFeesBps,
  ),
  get_token_fee_config: slotView((_ctx, [token = 0n]) =>
    AVNU_SLOTS.tokenFeeWeight(token),
  ),
  is_integrator_whitelisted: slotView((_ctx, [integrator = 0n]) =>
    AVNU_SLOTS.whitelistedIntegrator(integrator),
  ),
  get_owner: slotView(() => AVNU_SLOTS.owner),
};

/** The exchange. */
export const AVNU_EXCHANGE_CLASS: NativeClass = {
  kind: 'avnu-exchange',
  entries: ENTRIES,
};
