import { object, string } from 'superstruct';

import { defineMethod } from './method';
import { ChainIdStruct, FeltStruct } from './structs';
import { ChainRejectedError, NotFoundError } from '../errors';
import {
  TRANSACTION_HASH_NOT_FOUND,
  transactionStatusCall,
} from '../node/calls';
import { resolveNetwork } from '../wallet/access';

/**
 * `snapnet_getTransactionStatus {transactionHash, chainId?}` → the finality
 * status (`RECEIVED`, `PRE_CONFIRMED`, `ACCEPTED_ON_L2`, `ACCEPTED_ON_L1`),
 * or `REVERTED` when the transaction was included but failed.
 */
export const getTransactionStatus = defineMethod({
  params: object({ transactionHash: FeltStruct, chainId: ChainIdStruct }),
  result: string(),
  handler: async ({ transactionHash, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    try {
      const status = await context
        .node(network)
        .call(transactionStatusCall(transactionHash));
      return status.execution_status === 'REVERTED'
        ? 'REVERTED'
        : status.finality_status;
    } catch (error) {
      if (
        error instanceof ChainRejectedError &&
        error.code === TRANSACTION_HASH_NOT_FOUND
      ) {
        throw new NotFoundError(
          `Transaction ${transactionHash} is not known on ${network.name}`,
        );
      }
      throw error;
    }
  },
});
