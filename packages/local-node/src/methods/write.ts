import { required } from './params';
import type { Params } from './params';
import type { MethodContext, MethodTable } from './types';
import { invalidParams } from '../base/errors';
import { toHex } from '../base/felt';
import { submitTransaction } from '../chain/pipeline';
import { expectObject } from '../chain/txs';
import type { TxRecord } from '../chain/types';

/**
 * Submits a transaction of an expected type.
 *
 * @param params - The params.
 * @param ctx - The context.
 * @param name - The parameter name.
 * @param type - The expected transaction type.
 * @returns The included transaction.
 */
function submit(
  params: Params,
  ctx: MethodContext,
  name: string,
  type: string,
): TxRecord {
  const tx = expectObject(required(params, name), name);
  if (tx.type !== type) {
    throw invalidParams(`${name}.type: expected ${type}`);
  }
  return submitTransaction(ctx.node, tx);
}

/** Transaction submission (the write API). */
export const writeMethods: MethodTable = {
  starknet_addInvokeTransaction: {
    params: ['invoke_transaction'],
    handler: (params, ctx) => ({
      transaction_hash: toHex(
        submit(params, ctx, 'invoke_transaction', 'INVOKE').hash,
      ),
    }),
  },
  starknet_addDeployAccountTransaction: {
    params: ['deploy_account_transaction'],
    handler: (params, ctx) => {
      const record = submit(
        params,
        ctx,
        'deploy_account_transaction',
        'DEPLOY_ACCOUNT',
      );
      return {
        transaction_hash: toHex(record.hash),
        contract_address: toHex(record.contractAddress ?? 0n),
      };
    },
  },
  starknet_addDeclareTransaction: {
    params: ['declare_transaction'],
    handler: (params, ctx) => {
      const record = submit(params, ctx, 'declare_transaction', 'DECLARE');
      const classHash = record.json.class_hash;
      return {
        transaction_hash: toHex(record.hash),
        class_hash: typeof classHash === 'string' ? classHash : '0x0',
      };
    },
  },
};
