/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { CalldataReader, emit, selectorOf } from './calls';
import {
  mapSlot,
  readSlot,
  readU256,
  varSlot,
  writeSlot,
  writeU256,
} from './storage-vars';
import type { CallContext, NativeClass } from './types';
import { ExecutionError } from '../base/errors';
import type { StateReader, Overlay } from '../base/state-store';

const U256_MAX = (1n << 256n) - 1n;
const LOW_MASK = (1n << 128n) - 1n;

/** Transfer event key (selector of "Transfer"). */
export const TRANSFER_KEY = selectorOf('Transfer');
const APPROVAL_KEY = selectorOf('Approval');

const u256Out = (value: bigint): bigint[] => [value & LOW_MASK, value >> 128n];

/**
 * An ERC-20 `Transfer` (or `Approval`) event in the layout of today's Cairo 1
 * tokens (OpenZeppelin ≥ 0.8, StarkGate, STRK and ETH on Starknet): both
 * parties are keys, the amount is the data.
 *
 * @param key - The event's selector.
 * @param from - The sender (owner).
 * @param to - The recipient (spender).
 * @param amount - The amount.
 * @returns Its keys and data.
 */
export function tokenEvent(
  key: bigint,
  from: bigint,
  to: bigint,
  amount: bigint,
): { keys: bigint[]; data: bigint[] } {
  return { keys: [key, from, to], data: u256Out(amount) };
}

/**
 * A short string as a Cairo `ByteArray` (no full 31-byte word, the pending
 * word and its length), as StarkGate tokens answer `name` and `symbol`.
 *
 * @param word - The short string as a felt.
 * @returns The serialised ByteArray.
 */
export function shortByteArray(word: bigint): bigint[] {
  return [
    0n,
    word,
    BigInt(word === 0n ? 0 : (word.toString(16).length + 1) >> 1),
  ];
}

/**
 * Reads a `ByteArray` of at most 31 bytes from calldata (the names and
 * symbols the emulation stores in one felt).
 *
 * @param reader - The calldata.
 * @returns The bytes as one felt.
 */
export function readShortByteArray(reader: CalldataReader): bigint {
  const fullWords = reader.felt();
  if (fullWords !== 0n) {
    throw new ExecutionError(
      'the local node stores token names and symbols of at most 31 bytes',
    );
  }
  const word = reader.felt();
  reader.felt();
  return word;
}

/**
 * The ERC-20 balance of an account.
 *
 * @param state - The state.
 * @param token - The token contract.
 * @param account - The holder.
 * @returns The balance.
 */
export function balanceOf(
  state: StateReader,
  token: bigint,
  account: bigint,
): bigint {
  return readU256(state, token, mapSlot('ERC20_balances', account));
}

/**
 * Adds to a balance and the total supply (mint), without an event.
 *
 * @param state - The state.
 * @param token - The token.
 * @param account - The receiver.
 * @param amount - The amount.
 */
export function mintTo(
  state: Overlay,
  token: bigint,
  account: bigint,
  amount: bigint,
): void {
  const slot = mapSlot('ERC20_balances', account);
  const balance = readU256(state, token, slot) + amount;
  const supply = readU256(state, token, varSlot('ERC20_total_supply')) + amount;
  if (balance > U256_MAX || supply > U256_MAX) {
    throw new ExecutionError('u256_add Overflow');
  }
  writeU256(state, token, slot, balance);
  writeU256(state, token, varSlot('ERC20_total_supply'), supply);
}

/**
 * Moves tokens and emits Transfer (keys [Transfer, from, to], data [low, high]).
 *
 * @param ctx - The call context of the token contract.
 * @param from - The sender.
 * @param to - The recipient.
 * @param amount - The amount.
 */
export function transferTokens(
  ctx: CallContext,
  from: bigint,
  to: bigint,
  amount: bigint,
): void {
  const { state } = ctx.env;
  if (to === 0n) {
    throw new ExecutionError('ERC20: transfer to 0');
  }
  const fromSlot = mapSlot('ERC20_balances', from);
  const fromBalance = readU256(state, ctx.self, fromSlot);
  if (fromBalance < amount) {
    throw new ExecutionError('ERC20: insufficient balance');
  }
  writeU256(state, ctx.self, fromSlot, fromBalance - amount);
  const toSlot = mapSlot('ERC20_balances', to);
  writeU256(
    state,
    ctx.self,
    toSlot,
    readU256(state, ctx.self, toSlot) + amount,
  );
  const event = tokenEvent(TRANSFER_KEY, from, to, amount);
  emit(ctx, event.keys, event.data);
}

/**
 * Sets an allowance and emits Approval.
 *
 * @param ctx - The call context.
 * @param owner - The owner.
 * @param spender - The spender.
 * @param amount - The allowance.
 */
function setAllowance(
  ctx: CallContext,
  owner: bigint,
  spender: bigint,
  amount: bigint,
): void {
  writeU256(
    ctx.env.state,
    ctx.self,
    mapSlot('ERC20_allowances', owner, spender),
    amount,
  );
  const event = tokenEvent(APPROVAL_KEY, owner, spender, amount);
  emit(ctx, event.keys, event.data);
}

const allowanceOf = (
  ctx: CallContext,
  owner: bigint,
  spender: bigint,
): bigint =>
  readU256(
    ctx.env.state,
    ctx.self,
    mapSlot('ERC20_allowances', owner, spender),
  );

const readVar =
  (name: string) =>
  (ctx: CallContext): bigint[] => [
    readSlot(ctx.env.state, ctx.self, varSlot(name)),
  ];

const readText =
  (name: string) =>
  (ctx: CallContext): bigint[] =>
    shortByteArray(readSlot(ctx.env.state, ctx.self, varSlot(name)));

const totalSupply = (ctx: CallContext): bigint[] =>
  u256Out(readU256(ctx.env.state, ctx.self, varSlot('ERC20_total_supply')));

const balance = (ctx: CallContext, calldata: bigint[]): bigint[] =>
  u256Out(
    balanceOf(ctx.env.state, ctx.self, new CalldataReader(calldata).felt()),
  );

const allowance = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  return u256Out(allowanceOf(ctx, reader.felt(), reader.felt()));
};

const transfer = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const to = reader.felt();
  transferTokens(ctx, ctx.caller, to, reader.u256());
  return [1n];
};

const transferFrom = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const from = reader.felt();
  const to = reader.felt();
  const amount = reader.u256();
  const current = allowanceOf(ctx, from, ctx.caller);
  if (current < amount) {
    throw new ExecutionError('ERC20: insufficient allowance');
  }
  if (current !== U256_MAX) {
    writeU256(
      ctx.env.state,
      ctx.self,
      mapSlot('ERC20_allowances', from, ctx.caller),
      current - amount,
    );
  }
  transferTokens(ctx, from, to, amount);
  return [1n];
};

const approve = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const spender = reader.felt();
  setAllowance(ctx, ctx.caller, spender, reader.u256());
  return [1n];
};

const changeAllowance =
  (sign: 1n | -1n) =>
  (ctx: CallContext, calldata: bigint[]): bigint[] => {
    const reader = new CalldataReader(calldata);
    const spender = reader.felt();
    const next = allowanceOf(ctx, ctx.caller, spender) + sign * reader.u256();
    if (next < 0n || next > U256_MAX) {
      throw new ExecutionError('ERC20: allowance out of range');
    }
    setAllowance(ctx, ctx.caller, spender, next);
    return [1n];
  };

/**
 * Initialises token metadata, optionally minting an initial supply.
 *
 * @param state - The state.
 * @param token - The token contract.
 * @param meta - Name, symbol and decimals (felts).
 * @param meta.name - Name as a short-string felt.
 * @param meta.symbol - Symbol as a short-string felt.
 * @param meta.decimals - Decimals.
 */
export function initToken(
  state: Overlay,
  token: bigint,
  meta: { name: bigint; symbol: bigint; decimals: bigint },
): void {
  writeSlot(state, token, varSlot('ERC20_name'), meta.name);
  writeSlot(state, token, varSlot('ERC20_symbol'), meta.symbol);
  writeSlot(state, token, varSlot('ERC20_decimals'), meta.decimals);
}

/**
 * Constructor in the StarkGate layout: name and symbol (ByteArray), decimals,
 * initial_supply (u256), recipient, then ignored governance fields.
 *
 * @param ctx - The call context.
 * @param calldata - The constructor calldata.
 * @returns Nothing.
 */
const construct = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const name = readShortByteArray(reader);
  const symbol = readShortByteArray(reader);
  const decimals = reader.felt();
  const supply = reader.u256();
  const recipient = reader.felt();
  initToken(ctx.env.state, ctx.self, { name, symbol, decimals });
  if (supply > 0n) {
    mintTo(ctx.env.state, ctx.self, recipient, supply);
    const event = tokenEvent(TRANSFER_KEY, 0n, recipient, supply);
    emit(ctx, event.keys, event.data);
  }
  return [];
};

/**
 * The ERC-20 entry points every emulated token has (OpenZeppelin's
 * `IERC20`, `IERC20Metadata` and `IERC20CamelOnly`).
 */
export const ERC20_ENTRIES: NativeClass['entries'] = {
  name: readText('ERC20_name'),
  symbol: readText('ERC20_symbol'),
  decimals: readVar('ERC20_decimals'),
  total_supply: totalSupply,
  totalSupply,
  balance_of: balance,
  balanceOf: balance,
  allowance,
  transfer,
  transfer_from: transferFrom,
  transferFrom,
  approve,
};

/** A native ERC-20 (OpenZeppelin/StarkGate-compatible storage layout). */
export const ERC20_CLASS: NativeClass = {
  kind: 'erc20',
  construct,
  entries: {
    ...ERC20_ENTRIES,
    increase_allowance: changeAllowance(1n),
    increaseAllowance: changeAllowance(1n),
    decrease_allowance: changeAllowance(-1n),
    decreaseAllowance: changeAllowance(-1n),
  },
};
