import { parseBlockId, required } from './params';
import type { Params } from './params';
import type { MethodTable } from './types';
import { SPEC_VERSION } from '../base/constants';
import { toHex } from '../base/felt';
import {
  blockHeaderJson,
  receiptJson,
  stateDiffJson,
  txJson,
} from '../chain/format';
import type { LocalChain } from '../chain/local-chain';
import type { BlockRecord } from '../chain/types';

const blockOf = (node: LocalChain, params: Params): BlockRecord =>
  node.block(parseBlockId(required(params, 'block_id')));

const latestOf = (node: LocalChain): BlockRecord =>
  node.block({ tag: 'latest' });

/** Block and chain-level read methods. */
export const blockMethods: MethodTable = {
  starknet_specVersion: { params: [], handler: () => SPEC_VERSION },
  starknet_chainId: {
    params: [],
    handler: (_params, ctx) => ctx.node.options.chainId,
  },
  starknet_syncing: { params: [], handler: () => false },
  starknet_blockNumber: {
    params: [],
    handler: (_params, ctx) => latestOf(ctx.node).number,
  },
  starknet_blockHashAndNumber: {
    params: [],
    handler: (_params, ctx) => {
      const block = latestOf(ctx.node);
      return { block_hash: toHex(block.hash), block_number: block.number };
    },
  },
  starknet_getBlockWithTxHashes: {
    params: ['block_id'],
    handler: (params, ctx) => {
      const block = blockOf(ctx.node, params);
      return {
        ...blockHeaderJson(block),
        transactions: block.txs.map((tx) => toHex(tx.hash)),
      };
    },
  },
  starknet_getBlockWithTxs: {
    params: ['block_id'],
    handler: (params, ctx) => {
      const block = blockOf(ctx.node, params);
      return { ...blockHeaderJson(block), transactions: block.txs.map(txJson) };
    },
  },
  starknet_getBlockWithReceipts: {
    params: ['block_id'],
    handler: (params, ctx) => {
      const block = blockOf(ctx.node, params);
      return {
        ...blockHeaderJson(block),
        transactions: block.txs.map((tx) => ({
          transaction: txJson(tx),
          receipt: receiptJson(tx, block.status),
        })),
      };
    },
  },
  starknet_getBlockTransactionCount: {
    params: ['block_id'],
    handler: (params, ctx) => blockOf(ctx.node, params).txs.length,
  },
  starknet_getStateUpdate: {
    params: ['block_id'],
    handler: (params, ctx) => {
      const { chain } = ctx.node;
      const block = blockOf(ctx.node, params);
      const previous = chain.blocks[block.number - 1];
      const diff = stateDiffJson(
        block.changed,
        chain.stateAt(block.number),
        chain.stateAt(block.number - 1),
      );
      const oldRoot = toHex(previous?.newRoot ?? 0n);
      if (block.status === 'PRE_CONFIRMED') {
        return { old_root: oldRoot, state_diff: diff };
      }
      return {
        block_hash: toHex(block.hash),
        old_root: oldRoot,
        new_root: toHex(block.newRoot),
        state_diff: diff,
      };
    },
  },
};
