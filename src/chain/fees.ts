import { boundsFromEstimate } from './starknet';
import type { NodeFeeEstimate } from './starknet';
import { maxFeeOf } from '../signing/transactions';

/** The fee estimate object of the wallet API (base-10 integer text). */
export type FeeEstimate = {
  suggestedMaxFee: string;
  overallFee: string;
  gasConsumed: string;
  gasPrice: string;
  unit: 'wei';
};

/**
 * Sums the node's estimates of a sequence (deploy, then invoke) into the
 * wallet API's fee object. `overallFee` is the node's overall fee;
 * `suggestedMaxFee` is the most the bounds the wallet would sign allow
 * (estimate + 50 % on amounts and prices); `gasConsumed` counts every gas
 * kind; `gasPrice` is the L2 gas price. Amounts are in the fee token's
 * smallest unit (FRI for STRK), labelled `wei` as the API says.
 *
 * @param estimates - The node's estimates.
 * @returns The fee object.
 */
export function toFeeEstimate(estimates: NodeFeeEstimate[]): FeeEstimate {
  let overall = 0n;
  let suggested = 0n;
  let gas = 0n;
  let price = 0n;
  for (const estimate of estimates) {
    overall += BigInt(estimate.overall_fee);
    suggested += maxFeeOf(boundsFromEstimate(estimate));
    gas +=
      BigInt(estimate.l1_gas_consumed) +
      BigInt(estimate.l2_gas_consumed) +
      BigInt(estimate.l1_data_gas_consumed);
    price = BigInt(estimate.l2_gas_price);
  }
  return {
    suggestedMaxFee: suggested.toString(),
    overallFee: overall.toString(),
    gasConsumed: gas.toString(),
    gasPrice: price.toString(),
    unit: 'wei',
  };
}
