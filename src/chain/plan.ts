import type { NodeClient } from './rpc';
import { boundsFromEstimate, estimateFeeCall } from './starknet';
import type { NodeFeeEstimate } from './starknet';
import type { PreparedTransaction } from './transactions';
import { InvalidInputError } from '../errors';
import type { PartialDetails, V3Details } from '../signing/transactions';
import { completeDetails, maxFeeOf } from '../signing/transactions';

/** Builds one transaction of a sequence from its details. */
export type Step = (details: V3Details, sign: boolean) => PreparedTransaction;

const QUERY_VERSION = '0x100000000000000000000000000000003';
const ZERO_BOUNDS = {
  l1_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
  l2_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
  l1_data_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
};

/** A sequence of transactions ready to sign and send. */
export type Plan = {
  details: V3Details[];
  /** The node's estimates, when an estimate was needed. */
  estimates: NodeFeeEstimate[] | undefined;
  /** The most the whole sequence may cost (FRI). */
  maxFee: bigint;
};

/**
 * Fixes the details of a sequence of transactions from one account (e.g.
 * deploy, then invoke) with nonces from `firstNonce` on. The dapp's details
 * apply to the last step. Resource bounds it does not give come from one
 * estimate of the whole sequence (one round trip); with bounds given for a
 * single step, the node is not asked at all.
 *
 * @param client - The network's node.
 * @param steps - The transactions, in order.
 * @param given - The dapp's details for the last step.
 * @param field - The param name of the details, to blame.
 * @param firstNonce - The nonce of the first step.
 * @returns The plan.
 */
export async function planSequence(
  client: NodeClient,
  steps: Step[],
  given: PartialDetails & {
    skipValidate?: boolean | undefined;
    maxFee?: string | undefined;
  },
  field: string,
  firstNonce: bigint,
): Promise<Plan> {
  const lastIndex = steps.length - 1;
  const nonceOf = (index: number): string =>
    index === lastIndex && given.nonce !== undefined
      ? given.nonce
      : `0x${(firstNonce + BigInt(index)).toString(16)}`;
  const known = (index: number): PartialDetails =>
    index === lastIndex ? given : {};
  let estimates: NodeFeeEstimate[] | undefined;
  if (steps.length > 1 || given.resourceBounds === undefined) {
    const skipValidate = given.skipValidate !== false;
    const queries = steps.map(
      (step, index) =>
        step(
          {
            ...completeDetails(known(index), field, {
              nonce: nonceOf(index),
              resourceBounds: ZERO_BOUNDS,
            }),
            version: QUERY_VERSION,
          },
          !skipValidate,
        ).transaction,
    );
    estimates = await client.call(estimateFeeCall(queries, skipValidate));
  }
  const details = steps.map((_, index) => {
    const estimate = estimates?.[index];
    return completeDetails(known(index), field, {
      nonce: nonceOf(index),
      ...(estimate ? { resourceBounds: boundsFromEstimate(estimate) } : {}),
    });
  });
  const maxFee = details.reduce(
    (total, { resourceBounds }) => total + maxFeeOf(resourceBounds),
    0n,
  );
  if (given.maxFee !== undefined && maxFee > BigInt(given.maxFee)) {
    throw new InvalidInputError(
      `${field}.maxFee`,
      `${BigInt(given.maxFee)} is below the fee this transaction may need (${maxFee}); raise it or omit it`,
    );
  }
  return { details, estimates, maxFee };
}
