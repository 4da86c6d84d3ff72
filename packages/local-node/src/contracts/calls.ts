/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { hash } from 'starknet';

import { notExecutable } from './not-executable';
import type {
  CallContext,
  EntryFn,
  ExecEnv,
  Invocation,
  NativeClass,
} from './types';
import { ExecutionError } from '../base/errors';
import { toHex } from '../base/felt';
import { classKey, declaredKey } from '../base/state-store';

const selectorCache = new Map<string, bigint>();

/**
 * The selector of an entry point name (cached).
 *
 * @param name - The function name.
 * @returns The selector.
 */
export function selectorOf(name: string): bigint {
  let selector = selectorCache.get(name);
  if (selector === undefined) {
    selector = BigInt(hash.getSelectorFromName(name));
    selectorCache.set(name, selector);
  }
  return selector;
}

const bySelectorCache = new WeakMap<NativeClass, Map<bigint, EntryFn>>();

/**
 * Finds a native entry point by selector.
 *
 * @param native - The class.
 * @param selector - The selector.
 * @returns The entry point, if any.
 */
export function findEntry(
  native: NativeClass,
  selector: bigint,
): EntryFn | undefined {
  let table = bySelectorCache.get(native);
  if (!table) {
    table = new Map();
    for (const [name, fn] of Object.entries(native.entries)) {
      table.set(selectorOf(name), fn);
    }
    bySelectorCache.set(native, table);
  }
  return table.get(selector);
}

/**
 * Calls a contract entry point (a CALL in trace terms).
 *
 * @param env - The execution environment.
 * @param caller - The calling contract (0 for the protocol).
 * @param address - The called contract.
 * @param selector - The entry point selector.
 * @param calldata - The calldata.
 * @param parent - The parent invocation, if any.
 * @returns The invocation record (with result).
 */
export function callContract(
  env: ExecEnv,
  caller: bigint,
  address: bigint,
  selector: bigint,
  calldata: bigint[],
  parent?: Invocation,
): Invocation {
  const classHash = env.state.read(classKey(address));
  if (classHash === 0n) {
    throw new ExecutionError(
      `Requested contract address ${toHex(address)} is not deployed.`,
      'not-deployed',
    );
  }
  const native = env.resolve(classHash);
  if (!native) {
    throw notExecutable(classHash);
  }
  const fn = findEntry(native, selector);
  if (!fn && native.declaredSelectors?.has(selector)) {
    throw new ExecutionError(
      `Entry point ${toHex(selector)} of class ${toHex(classHash)} is not emulated by the local node. ` +
        'To run it, use starknet-devnet: npm start -- --devnet',
      'not-executable',
    );
  }
  if (!fn) {
    throw new ExecutionError(
      `Entry point EntryPointSelector(${toHex(selector)}) not found in contract.`,
      'no-entrypoint',
    );
  }
  const invocation: Invocation = {
    contract: address,
    selector,
    calldata,
    caller,
    classHash,
    entryPointType: 'EXTERNAL',
    result: [],
    calls: [],
    events: [],
  };
  invocation.result = fn({ env, self: address, caller, invocation }, calldata);
  parent?.calls.push(invocation);
  return invocation;
}

/**
 * Deploys a contract: sets its class and runs its constructor.
 *
 * @param env - The execution environment.
 * @param caller - The deployer (0 for deploy_account).
 * @param address - The new contract's address.
 * @param classHash - Its class.
 * @param calldata - Constructor calldata.
 * @param parent - The parent invocation, if any.
 * @returns The constructor invocation.
 */
export function deployContract(
  env: ExecEnv,
  caller: bigint,
  address: bigint,
  classHash: bigint,
  calldata: bigint[],
  parent?: Invocation,
): Invocation {
  if (env.state.read(declaredKey(classHash)) === 0n) {
    throw new ExecutionError(
      `Class with hash ${toHex(classHash)} is not declared.`,
    );
  }
  if (env.state.read(classKey(address)) !== 0n) {
    throw new ExecutionError(
      `Requested contract address ${toHex(address)} is unavailable for deployment.`,
    );
  }
  const native = env.resolve(classHash);
  if (!native) {
    throw notExecutable(classHash);
  }
  env.state.write(classKey(address), classHash);
  env.deployed.push({ address, classHash });
  const invocation: Invocation = {
    contract: address,
    selector: selectorOf('constructor'),
    calldata,
    caller,
    classHash,
    entryPointType: 'CONSTRUCTOR',
    result: [],
    calls: [],
    events: [],
  };
  if (native.construct) {
    invocation.result = native.construct(
      { env, self: address, caller, invocation },
      calldata,
    );
  }
  parent?.calls.push(invocation);
  return invocation;
}

/**
 * Emits an event from the current contract.
 *
 * @param ctx - The call context.
 * @param keys - Event keys.
 * @param data - Event data.
 */
export function emit(ctx: CallContext, keys: bigint[], data: bigint[]): void {
  const event = { from: ctx.self, keys, data, order: ctx.env.events.length };
  ctx.env.events.push(event);
  ctx.invocation.events.push(event);
}

/** Sequential reader of Cairo-serialised calldata. */
export class CalldataReader {
  readonly #data: bigint[];

  #pos = 0;

  #param = 0;

  /**
   *
   * @param data - The data.
   */
  constructor(data: bigint[]) {
    this.#data = data;
  }

  /**
   *
   * @returns The result.
   */
  felt(): bigint {
    this.#param += 1;
    return this.#next();
  }

  /**
   *
   * @returns The result.
   */
  u256(): bigint {
    this.#param += 1;
    const low = this.#next();
    const high = this.#next();
    if (low >= 1n << 128n || high >= 1n << 128n) {
      throw new ExecutionError(`Failed to deserialize param #${this.#param}`);
    }
    return (high << 128n) | low;
  }

  /**
   *
   * @returns The result.
   */
  array(): bigint[] {
    this.#param += 1;
    const length = Number(this.#next());
    if (length > this.#data.length - this.#pos) {
      throw new ExecutionError(`Failed to deserialize param #${this.#param}`);
    }
    const out = this.#data.slice(this.#pos, this.#pos + length);
    this.#pos += length;
    return out;
  }

  /**
   * The next felt, left unread (a variant marker, say).
   *
   * @returns It, or undefined at the end.
   */
  peek(): bigint | undefined {
    return this.#data[this.#pos];
  }

  /**
   *
   * @returns The result.
   */
  get remaining(): number {
    return this.#data.length - this.#pos;
  }

  /**
   *
   * @returns The result.
   */
  #next(): bigint {
    const value = this.#data[this.#pos];
    if (value === undefined) {
      throw new ExecutionError(`Failed to deserialize param #${this.#param}`);
    }
    this.#pos += 1;
    return value;
  }
}
