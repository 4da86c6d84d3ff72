/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { parseBlockId, parseFlags, required } from './params';
import type { Params } from './params';
import type { MethodTable } from './types';
import { ExecutionError, starknetError } from '../base/errors';
import { parseFelt, parseFeltArray, toHex } from '../base/felt';
import type { StateReader } from '../base/state-store';
import {
  Overlay,
  classKey,
  declaredKey,
  nonceKey,
  storageKey,
} from '../base/state-store';
import type { LocalChain } from '../chain/local-chain';
import { expectObject } from '../chain/txs';
import { callContract, findEntry } from '../contracts/calls';

const STORAGE_KEY_MAX = 1n << 251n;

const stateOf = (node: LocalChain, params: Params): StateReader =>
  node.chain.stateAt(
    node.block(parseBlockId(required(params, 'block_id'))).number,
  );

/**
 * The class hash of a deployed contract, or error 20.
 *
 * @param state - The state.
 * @param address - The contract.
 * @returns The class hash.
 */
function deployedClass(state: StateReader, address: bigint): bigint {
  const classHash = state.read(classKey(address));
  if (classHash === 0n) {
    throw starknetError('CONTRACT_NOT_FOUND');
  }
  return classHash;
}

const address = (params: Params): bigint =>
  parseFelt(required(params, 'contract_address'), 'contract_address');

const classBody = (
  node: LocalChain,
  state: StateReader,
  classHash: bigint,
): Record<string, unknown> => {
  const entry = node.registry.get(classHash);
  if (!entry || state.read(declaredKey(classHash)) === 0n) {
    throw starknetError('CLASS_HASH_NOT_FOUND');
  }
  return entry.body();
};

/**
 * starknet_call: runs a view on a read-only overlay of the requested state.
 *
 * @param node - The chain.
 * @param params - The params.
 * @returns The result felts.
 */
function call(node: LocalChain, params: Params): string[] {
  const request = expectObject(required(params, 'request'), 'request');
  const block = node.block(parseBlockId(required(params, 'block_id')));
  const state = node.chain.stateAt(block.number);
  const contract = parseFelt(
    request.contract_address,
    'request.contract_address',
  );
  const selector = parseFelt(
    request.entry_point_selector,
    'request.entry_point_selector',
  );
  const calldata = parseFeltArray(request.calldata ?? [], 'request.calldata');
  const classHash = deployedClass(state, contract);
  const native = node.registry.resolve(classHash);
  if (
    native &&
    !findEntry(native, selector) &&
    !native.declaredSelectors?.has(selector)
  ) {
    throw starknetError('ENTRYPOINT_NOT_FOUND');
  }
  try {
    const env = {
      state: new Overlay(state),
      tx: undefined,
      events: [],
      deployed: [],
      resolve: node.registry.resolve,
      // What the view sees of its block: the block's time, or the chain's
      // clock for the pre-confirmed block (as a transaction sees it).
      block: {
        timestamp:
          block.status === 'PRE_CONFIRMED' ? node.chain.now() : block.timestamp,
        chainId: node.options.chainId,
      },
    };
    return callContract(env, 0n, contract, selector, calldata).result.map(
      toHex,
    );
  } catch (error) {
    if (error instanceof ExecutionError) {
      throw starknetError('CONTRACT_ERROR', {
        revert_error: {
          contract_address: toHex(contract),
          class_hash: toHex(classHash),
          selector: toHex(selector),
          error: error.message,
        },
      });
    }
    throw error;
  }
}

/** Contract state read methods. */
export const stateMethods: MethodTable = {
  starknet_getNonce: {
    params: ['block_id', 'contract_address'],
    handler: (params, ctx) => {
      const state = stateOf(ctx.node, params);
      const contract = address(params);
      deployedClass(state, contract);
      return toHex(state.read(nonceKey(contract)));
    },
  },
  starknet_getClassHashAt: {
    params: ['block_id', 'contract_address'],
    handler: (params, ctx) =>
      toHex(deployedClass(stateOf(ctx.node, params), address(params))),
  },
  starknet_getClassAt: {
    params: ['block_id', 'contract_address'],
    handler: (params, ctx) => {
      const state = stateOf(ctx.node, params);
      return classBody(ctx.node, state, deployedClass(state, address(params)));
    },
  },
  starknet_getClass: {
    params: ['block_id', 'class_hash'],
    handler: (params, ctx) =>
      classBody(
        ctx.node,
        stateOf(ctx.node, params),
        parseFelt(required(params, 'class_hash'), 'class_hash'),
      ),
  },
  starknet_getStorageAt: {
    params: ['contract_address', 'key', 'block_id', 'response_flags'],
    handler: (params, ctx) => {
      const { node } = ctx;
      const block = node.block(parseBlockId(required(params, 'block_id')));
      const state = node.chain.stateAt(block.number);
      const contract = address(params);
      deployedClass(state, contract);
      const key = parseFelt(required(params, 'key'), 'key', STORAGE_KEY_MAX);
      const slot = storageKey(contract, key);
      const value = toHex(state.read(slot));
      const flags = parseFlags(params.response_flags, [
        'INCLUDE_LAST_UPDATE_BLOCK',
      ]);
      return flags.has('INCLUDE_LAST_UPDATE_BLOCK')
        ? {
            value,
            last_update_block: node.chain.store.lastUpdate(slot, block.number),
          }
        : value;
    },
  },
  starknet_call: {
    params: ['request', 'block_id'],
    handler: (params, ctx) => call(ctx.node, params),
  },
};
