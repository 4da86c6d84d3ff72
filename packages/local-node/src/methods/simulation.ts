import { parseArray, parseBlockId, parseFlags, required } from './params';
import type { Params } from './params';
import type { MethodContext, MethodTable } from './types';
import { RpcError } from '../base/errors';
import {
  feeEstimateJson,
  invocationJson,
  overlayDiffJson,
  resourcesJson,
} from '../chain/format';
import type { SequenceResult } from '../chain/pipeline';
import { runSequence } from '../chain/pipeline';

/**
 * Runs the requested transactions as a sequence on the requested block.
 *
 * @param params - The params.
 * @param ctx - The method context.
 * @param listName - Name of the transactions parameter.
 * @param flags - Parsed flags.
 * @param failOnRevert - Whether a revert is error 41.
 * @returns The outcomes.
 */
function sequence(
  params: Params,
  ctx: MethodContext,
  listName: string,
  flags: Set<string>,
  failOnRevert: boolean,
): SequenceResult[] {
  const { node } = ctx;
  const block = node.block(parseBlockId(required(params, 'block_id')));
  return runSequence(
    node,
    parseArray(required(params, listName), listName),
    node.chain.stateAt(block.number),
    {
      skipValidate: flags.has('SKIP_VALIDATE'),
      chargeFee: !failOnRevert && !flags.has('SKIP_FEE_CHARGE'),
      failOnRevert,
    },
  );
}

/**
 * The TRANSACTION_TRACE of one simulated transaction.
 *
 * @param result - The outcome.
 * @returns JSON.
 */
function traceJson(result: SequenceResult): Record<string, unknown> {
  const { tx, outcome } = result;
  const trace: Record<string, unknown> = { type: tx.type };
  if (outcome.validateInvocation) {
    trace.validate_invocation = invocationJson(outcome.validateInvocation);
  }
  if (tx.type === 'INVOKE') {
    trace.execute_invocation = outcome.executeInvocation
      ? invocationJson(outcome.executeInvocation)
      : { revert_reason: outcome.revertReason ?? '' };
  }
  if (tx.type === 'DEPLOY_ACCOUNT' && outcome.constructorInvocation) {
    trace.constructor_invocation = invocationJson(
      outcome.constructorInvocation,
    );
  }
  if (outcome.feeTransferInvocation) {
    trace.fee_transfer_invocation = invocationJson(
      outcome.feeTransferInvocation,
    );
  }
  trace.state_diff = overlayDiffJson(outcome.state, result.before);
  trace.execution_resources = resourcesJson(outcome.gas);
  return trace;
}

/** Fee estimation and simulation. */
export const simulationMethods: MethodTable = {
  starknet_estimateFee: {
    params: ['request', 'simulation_flags', 'block_id'],
    handler: (params, ctx) => {
      const flags = parseFlags(params.simulation_flags, ['SKIP_VALIDATE']);
      return sequence(params, ctx, 'request', flags, true).map((result) =>
        feeEstimateJson(result.outcome.gas, ctx.node.chain.prices),
      );
    },
  },
  starknet_estimateMessageFee: {
    params: ['message', 'block_id'],
    handler: () => {
      throw new RpcError(
        -32601,
        'Method not found',
        'L1 handler messages are not supported by this local node',
      );
    },
  },
  starknet_simulateTransactions: {
    params: ['block_id', 'transactions', 'simulation_flags'],
    handler: (params, ctx) => {
      const flags = parseFlags(params.simulation_flags, [
        'SKIP_VALIDATE',
        'SKIP_FEE_CHARGE',
      ]);
      return sequence(params, ctx, 'transactions', flags, false).map(
        (result) => ({
          transaction_trace: traceJson(result),
          fee_estimation: feeEstimateJson(
            result.outcome.gas,
            ctx.node.chain.prices,
          ),
        }),
      );
    },
  },
};
