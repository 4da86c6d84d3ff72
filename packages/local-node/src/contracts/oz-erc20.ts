import { CalldataReader, emit, selectorOf } from './calls';
import {
  ERC20_ENTRIES,
  TRANSFER_KEY,
  balanceOf,
  initToken,
  mintTo,
  readShortByteArray,
  tokenEvent,
} from './erc20';
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

const OWNERSHIP_TRANSFERRED = selectorOf('OwnershipTransferred');
const OWNER_SLOT = varSlot('Ownable_owner');
const SUPPLY_SLOT = varSlot('ERC20_total_supply');

/**
 * Sets the owner and emits `OwnershipTransferred` (both owners as keys).
 *
 * @param ctx - The call context.
 * @param owner - The new owner (0 renounces).
 */
function setOwner(ctx: CallContext, owner: bigint): void {
  const previous = readSlot(ctx.env.state, ctx.self, OWNER_SLOT);
  writeSlot(ctx.env.state, ctx.self, OWNER_SLOT, owner);
  emit(ctx, [OWNERSHIP_TRANSFERRED, previous, owner], []);
}

/**
 * Panics unless the caller owns the contract (OpenZeppelin's Ownable).
 *
 * @param ctx - The call context.
 */
function onlyOwner(ctx: CallContext): void {
  const owner = readSlot(ctx.env.state, ctx.self, OWNER_SLOT);
  if (ctx.caller === 0n) {
    throw new ExecutionError('Caller is the zero address');
  }
  if (ctx.caller !== owner) {
    throw new ExecutionError('Caller is not the owner');
  }
}

const owner: EntryFn = (ctx) => [readSlot(ctx.env.state, ctx.self, OWNER_SLOT)];

const transferOwnership: EntryFn = (ctx, calldata) => {
  const next = new CalldataReader(calldata).felt();
  onlyOwner(ctx);
  if (next === 0n) {
    throw new ExecutionError('New owner is the zero address');
  }
  setOwner(ctx, next);
  return [];
};

const renounceOwnership: EntryFn = (ctx) => {
  onlyOwner(ctx);
  setOwner(ctx, 0n);
  return [];
};

const mint: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const recipient = reader.felt();
  const amount = reader.u256();
  onlyOwner(ctx);
  if (recipient === 0n) {
    throw new ExecutionError('ERC20: mint to 0');
  }
  mintTo(ctx.env.state, ctx.self, recipient, amount);
  const event = tokenEvent(TRANSFER_KEY, 0n, recipient, amount);
  emit(ctx, event.keys, event.data);
  return [];
};

const burn: EntryFn = (ctx, calldata) => {
  const amount = new CalldataReader(calldata).u256();
  const { state } = ctx.env;
  const held = balanceOf(state, ctx.self, ctx.caller);
  if (held < amount) {
    throw new ExecutionError('ERC20: insufficient balance');
  }
  writeU256(
    state,
    ctx.self,
    mapSlot('ERC20_balances', ctx.caller),
    held - amount,
  );
  writeU256(
    state,
    ctx.self,
    SUPPLY_SLOT,
    readU256(state, ctx.self, SUPPLY_SLOT) - amount,
  );
  const event = tokenEvent(TRANSFER_KEY, ctx.caller, 0n, amount);
  emit(ctx, event.keys, event.data);
  return [];
};

/**
 * The constructor of OpenZeppelin's ERC-20 presets and wizard tokens:
 * `name`, `symbol` (ByteArray), the supply (u256) minted to `recipient`,
 * and `owner`. Decimals are OpenZeppelin's default, 18.
 *
 * @param ctx - The call context.
 * @param calldata - The constructor calldata.
 * @returns Nothing.
 */
const construct: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const name = readShortByteArray(reader);
  const symbol = readShortByteArray(reader);
  const supply = reader.u256();
  const recipient = reader.felt();
  const initialOwner = reader.felt();
  initToken(ctx.env.state, ctx.self, { name, symbol, decimals: 18n });
  setOwner(ctx, initialOwner);
  if (recipient === 0n) {
    throw new ExecutionError('ERC20: mint to 0');
  }
  mintTo(ctx.env.state, ctx.self, recipient, supply);
  const event = tokenEvent(TRANSFER_KEY, 0n, recipient, supply);
  emit(ctx, event.keys, event.data);
  return [];
};

/**
 * OpenZeppelin's ERC-20 (Contracts for Cairo 1.0): the ERC-20 mixin, the
 * Ownable mixin, and the wizard's owner-only `mint` and `burn`. Its
 * `upgrade` is not emulated (it answers the node's not-emulated error).
 */
export const OZ_ERC20_CLASS: NativeClass = {
  kind: 'oz-erc20',
  construct,
  entries: {
    ...ERC20_ENTRIES,
    owner,
    transfer_ownership: transferOwnership,
    transferOwnership,
    renounce_ownership: renounceOwnership,
    renounceOwnership,
    mint,
    burn,
  },
};
