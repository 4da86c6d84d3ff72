import { parseBlockId, parseIndex, required } from './params';
import type { Params } from './params';
import type { MethodTable } from './types';
import { starknetError } from '../base/errors';
import { parseFelt, toHex } from '../base/felt';
import { receiptJson, txJson } from '../chain/format';
import type { LocalChain } from '../chain/local-chain';
import type { TxRecord } from '../chain/types';

const findTx = (node: LocalChain, params: Params): TxRecord => {
  const txHash = parseFelt(
    required(params, 'transaction_hash'),
    'transaction_hash',
  );
  const tx = node.chain.txs.get(txHash);
  if (!tx) {
    throw starknetError('TXN_HASH_NOT_FOUND');
  }
  return tx;
};

/**
 * The block a transaction is in (closed or pre-confirmed).
 *
 * @param node - The chain.
 * @param tx - The transaction.
 * @returns Its block status, and hash when closed.
 */
export function txBlock(
  node: LocalChain,
  tx: TxRecord,
): { finality: string; blockHash: bigint | undefined } {
  const block = node.chain.blocks[tx.blockNumber];
  return block
    ? { finality: block.status, blockHash: block.hash }
    : { finality: 'PRE_CONFIRMED', blockHash: undefined };
}

/** Transaction read methods. */
export const transactionMethods: MethodTable = {
  starknet_getTransactionByHash: {
    params: ['transaction_hash'],
    handler: (params, ctx) => txJson(findTx(ctx.node, params)),
  },
  starknet_getTransactionByBlockIdAndIndex: {
    params: ['block_id', 'index'],
    handler: (params, ctx) => {
      const block = ctx.node.block(parseBlockId(required(params, 'block_id')));
      const tx = block.txs[parseIndex(required(params, 'index'), 'index')];
      if (!tx) {
        throw starknetError('INVALID_TXN_INDEX');
      }
      return txJson(tx);
    },
  },
  starknet_getTransactionReceipt: {
    params: ['transaction_hash'],
    handler: (params, ctx) => {
      const tx = findTx(ctx.node, params);
      const { finality, blockHash } = txBlock(ctx.node, tx);
      const receipt = receiptJson(tx, finality);
      if (blockHash !== undefined) {
        receipt.block_hash = toHex(blockHash);
      }
      receipt.block_number = tx.blockNumber;
      return receipt;
    },
  },
  starknet_getTransactionStatus: {
    params: ['transaction_hash'],
    handler: (params, ctx) => {
      const tx = findTx(ctx.node, params);
      const { finality } = txBlock(ctx.node, tx);
      return tx.status === 'REVERTED'
        ? {
            finality_status: finality,
            execution_status: tx.status,
            failure_reason: tx.revertReason ?? '',
          }
        : { finality_status: finality, execution_status: tx.status };
    },
  },
};
