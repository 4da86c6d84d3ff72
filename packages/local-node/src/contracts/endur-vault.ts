/* eslint-disable no-bitwise -- u256 halves */
import { callContract, CalldataReader, emit, selectorOf } from './calls';
import {
  convert,
  ENDUR_ERRORS,
  endurEventFelts,
  grownAssets,
  u256Felts,
  VAULT_EVENTS,
  VAULT_SLOTS,
} from './endur-protocol';
import type {
  EventLayout,
  EventValue,
  VaultEntrypoint,
} from './endur-protocol';
import { balanceOf, ERC20_ENTRIES, mintTo } from './erc20';
import {
  mapSlot,
  readSlot,
  readU256,
  varSlot,
  writeSlot,
  writeU256,
} from './storage-vars';
import type { CallContext, EntryFn, NativeClass } from './types';
import { ExecutionError } from '../base/errors';
import type { StateReader } from '../base/state-store';

/**
 * Endur's xSTRK vault as the local node runs it: an ERC-4626 over STRK whose
 * shares are an ERC-20 (erc20.ts's entry points, OpenZeppelin's storage).
 * `deposit`, `mint`, `deposit_with_referral` and `deposit_to_validator` pull
 * STRK with `transfer_from` and mint xSTRK; `redeem` and `withdraw` burn
 * xSTRK, send the STRK owed to the queue and open a request there (an NFT to
 * the receiver, claimable after the queue's wait): the vault never pays at
 * once, as Endur's does not. The rate: total assets grow by LIQUID_APR_BPS a
 * year on the chain's clock (endur-protocol.ts), so `convert_to_assets`
 * rises as time passes (`devnet_increaseTime`). Not emulated: delegators,
 * the validator registry, fees, pausing, upgrades.
 */

const U256_MAX = (1n << 256n) - 1n;
const SUPPLY = varSlot('ERC20_total_supply');

const read = (ctx: CallContext, slot: bigint): bigint =>
  readSlot(ctx.env.state, ctx.self, slot);

const nowOf = (ctx: CallContext): bigint =>
  BigInt(ctx.env.block?.timestamp ?? 0);

/**
 * Refuses unless a condition holds.
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
 * The vault's total assets now (grown since the last action).
 *
 * @param state - The state.
 * @param vault - The vault.
 * @param now - The chain's time.
 * @returns The assets.
 */
export function vaultAssets(
  state: StateReader,
  vault: bigint,
  now: bigint,
): bigint {
  return grownAssets(
    readU256(state, vault, VAULT_SLOTS.assets),
    readSlot(state, vault, VAULT_SLOTS.checkpointTime),
    now,
  );
}

const totalAssets = (ctx: CallContext): bigint =>
  vaultAssets(ctx.env.state, ctx.self, nowOf(ctx));

const supplyOf = (ctx: CallContext): bigint =>
  readU256(ctx.env.state, ctx.self, SUPPLY);

// The conversions at the current rate.
const toShares = (ctx: CallContext, assets: bigint, up = false): bigint =>
  convert(assets, supplyOf(ctx), totalAssets(ctx), up);
const toAssets = (ctx: CallContext, shares: bigint, up = false): bigint =>
  convert(shares, totalAssets(ctx), supplyOf(ctx), up);

/**
 * Sets the total assets (after the growth so far is counted) from now.
 *
 * @param ctx - The vault's context.
 * @param assets - The new total.
 */
function setAssets(ctx: CallContext, assets: bigint): void {
  writeU256(ctx.env.state, ctx.self, VAULT_SLOTS.assets, assets);
  writeSlot(ctx.env.state, ctx.self, VAULT_SLOTS.checkpointTime, nowOf(ctx));
}

const emitEvent = (
  ctx: CallContext,
  layout: EventLayout,
  values: Record<string, EventValue>,
): void => {
  const { keys, data } = endurEventFelts(layout, values);
  emit(ctx, keys, data);
};

const call = (
  ctx: CallContext,
  contract: bigint,
  name: string,
  calldata: bigint[],
): bigint[] =>
  callContract(
    ctx.env,
    ctx.self,
    contract,
    selectorOf(name),
    calldata,
    ctx.invocation,
  ).result;

/**
 * Takes the assets, mints the shares, emits Deposit.
 *
 * @param ctx - The vault's context.
 * @param assets - STRK taken.
 * @param shares - xSTRK minted.
 * @param receiver - Who gets them.
 */
function depositOf(
  ctx: CallContext,
  assets: bigint,
  shares: bigint,
  receiver: bigint,
): void {
  ensure(assets > 0n, ENDUR_ERRORS.ZERO_ASSETS);
  ensure(shares > 0n, ENDUR_ERRORS.ZERO_SHARES);
  ensure(receiver !== 0n, ENDUR_ERRORS.ZERO_RECEIVER);
  const before = totalAssets(ctx);
  call(ctx, read(ctx, VAULT_SLOTS.asset), 'transfer_from', [
    ctx.caller,
    ctx.self,
    ...u256Felts(assets),
  ]);
  mintTo(ctx.env.state, ctx.self, receiver, shares);
  emitEvent(ctx, VAULT_EVENTS.Transfer, {
    from: 0n,
    to: receiver,
    value: shares,
  });
  setAssets(ctx, before + assets);
  emitEvent(ctx, VAULT_EVENTS.Deposit, {
    sender: ctx.caller,
    owner: receiver,
    assets,
    shares,
  });
}

/**
 * Spends an allowance of the owner's shares to the caller (unless the
 * caller is the owner), burns the shares, sends the assets to the queue and
 * opens the request there; emits Withdraw.
 *
 * @param ctx - The vault's context.
 * @param assets - STRK owed.
 * @param shares - xSTRK burned.
 * @param receiver - Who the request's NFT goes to.
 * @param owner - Whose shares.
 */
function exitOf(
  ctx: CallContext,
  assets: bigint,
  shares: bigint,
  receiver: bigint,
  owner: bigint,
): void {
  ensure(shares > 0n, ENDUR_ERRORS.ZERO_SHARES);
  ensure(assets > 0n, ENDUR_ERRORS.ZERO_ASSETS);
  ensure(receiver !== 0n, ENDUR_ERRORS.ZERO_RECEIVER);
  const { state } = ctx.env;
  const before = totalAssets(ctx);
  if (ctx.caller !== owner) {
    const slot = mapSlot('ERC20_allowances', owner, ctx.caller);
    const allowed = readU256(state, ctx.self, slot);
    ensure(allowed >= shares, ENDUR_ERRORS.INSUFFICIENT_ALLOWANCE);
    if (allowed !== U256_MAX) {
      writeU256(state, ctx.self, slot, allowed - shares);
    }
  }
  const held = balanceOf(state, ctx.self, owner);
  ensure(held >= shares, ENDUR_ERRORS.INSUFFICIENT_SHARES);
  writeU256(state, ctx.self, mapSlot('ERC20_balances', owner), held - shares);
  writeU256(state, ctx.self, SUPPLY, supplyOf(ctx) - shares);
  emitEvent(ctx, VAULT_EVENTS.Transfer, { from: owner, to: 0n, value: shares });
  setAssets(ctx, before - assets);
  const queue = read(ctx, VAULT_SLOTS.queue);
  call(ctx, read(ctx, VAULT_SLOTS.asset), 'transfer', [
    queue,
    ...u256Felts(assets),
  ]);
  emitEvent(ctx, VAULT_EVENTS.DispatchToWithdrawQueue, { amount: assets });
  call(ctx, queue, 'request_withdrawal', [
    ...u256Felts(assets),
    ...u256Felts(shares),
    receiver,
  ]);
  emitEvent(ctx, VAULT_EVENTS.Withdraw, {
    sender: ctx.caller,
    receiver,
    owner,
    assets,
    shares,
  });
}

const deposit: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const assets = reader.u256();
  const receiver = reader.felt();
  const shares = toShares(ctx, assets);
  depositOf(ctx, assets, shares, receiver);
  return u256Felts(shares);
};

const mint: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const shares = reader.u256();
  const receiver = reader.felt();
  const assets = toAssets(ctx, shares, true);
  depositOf(ctx, assets, shares, receiver);
  return u256Felts(assets);
};

const depositWithReferral: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const assets = reader.u256();
  const receiver = reader.felt();
  const words = reader.array();
  const referral = [
    BigInt(words.length),
    ...words,
    reader.felt(),
    reader.felt(),
  ];
  const shares = toShares(ctx, assets);
  depositOf(ctx, assets, shares, receiver);
  emitEvent(ctx, VAULT_EVENTS.Referral, {
    referrer: referral,
    referee: receiver,
    assets,
  });
  return u256Felts(shares);
};

const depositToValidator: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const assets = reader.u256();
  const receiver = reader.felt();
  const validator = reader.felt();
  ensure(
    read(ctx, VAULT_SLOTS.validator(validator)) !== 0n,
    ENDUR_ERRORS.UNKNOWN_VALIDATOR,
  );
  const shares = toShares(ctx, assets);
  depositOf(ctx, assets, shares, receiver);
  return u256Felts(shares);
};

const redeem: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const shares = reader.u256();
  const receiver = reader.felt();
  const owner = reader.felt();
  const assets = toAssets(ctx, shares);
  exitOf(ctx, assets, shares, receiver, owner);
  return u256Felts(assets);
};

const withdraw: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const assets = reader.u256();
  const receiver = reader.felt();
  const owner = reader.felt();
  const shares = toShares(ctx, assets, true);
  exitOf(ctx, assets, shares, receiver, owner);
  return u256Felts(shares);
};

// A view of one u256 argument, or of an address.
const amountView =
  (fn: (ctx: CallContext, amount: bigint) => bigint): EntryFn =>
  (ctx, calldata) =>
    u256Felts(fn(ctx, new CalldataReader(calldata).u256()));

const ownerView =
  (fn: (ctx: CallContext, owner: bigint) => bigint): EntryFn =>
  (ctx, calldata) =>
    u256Felts(fn(ctx, new CalldataReader(calldata).felt()));

/**
 * One of erc20.ts's entry points (xSTRK is an OpenZeppelin ERC-20).
 *
 * @param name - Its name.
 * @returns It.
 */
function erc20(name: string): EntryFn {
  const fn = ERC20_ENTRIES[name];
  if (!fn) {
    throw new Error(`erc20.ts has no ${name}`);
  }
  return fn;
}

const asset: EntryFn = (ctx) => [read(ctx, VAULT_SLOTS.asset)];
const totalAssetsEntry: EntryFn = (ctx) => u256Felts(totalAssets(ctx));
const getConfig: EntryFn = (ctx) => [
  read(ctx, VAULT_SLOTS.treasury),
  read(ctx, VAULT_SLOTS.queue),
  read(ctx, VAULT_SLOTS.validatorRegistry),
];
const notPaused: EntryFn = () => [0n];

const ENTRIES: Record<VaultEntrypoint, EntryFn> = {
  name: erc20('name'),
  symbol: erc20('symbol'),
  decimals: erc20('decimals'),
  total_supply: erc20('total_supply'),
  totalSupply: erc20('totalSupply'),
  balance_of: erc20('balance_of'),
  balanceOf: erc20('balanceOf'),
  allowance: erc20('allowance'),
  transfer: erc20('transfer'),
  transfer_from: erc20('transfer_from'),
  transferFrom: erc20('transferFrom'),
  approve: erc20('approve'),
  asset,
  total_assets: totalAssetsEntry,
  convert_to_shares: amountView((ctx, assets) => toShares(ctx, assets)),
  convert_to_assets: amountView((ctx, shares) => toAssets(ctx, shares)),
  preview_deposit: amountView((ctx, assets) => toShares(ctx, assets)),
  preview_mint: amountView((ctx, shares) => toAssets(ctx, shares, true)),
  preview_withdraw: amountView((ctx, assets) => toShares(ctx, assets, true)),
  preview_redeem: amountView((ctx, shares) => toAssets(ctx, shares)),
  max_deposit: ownerView(() => U256_MAX),
  max_mint: ownerView(() => U256_MAX),
  max_withdraw: ownerView((ctx, owner) =>
    toAssets(ctx, balanceOf(ctx.env.state, ctx.self, owner)),
  ),
  max_redeem: ownerView((ctx, owner) =>
    balanceOf(ctx.env.state, ctx.self, owner),
  ),
  deposit,
  mint,
  withdraw,
  redeem,
  deposit_with_referral: depositWithReferral,
  deposit_to_validator: depositToValidator,
  get_config: getConfig,
  is_paused: notPaused,
};

/** The vault. */
export const ENDUR_VAULT_CLASS: NativeClass = {
  kind: 'endur-vault',
  entries: ENTRIES,
};
