import { buildChecked } from './build';
import type { PaymasterAskRequest } from './build';

/**
 * The fee of sending calls through the paymaster, in the gas token: what it
 * would build, checked exactly as a send checks it (so the estimate is of
 * what would be signed), without asking or signing anything. Round trips:
 * node 1, paymaster 1.
 *
 * @param request - What to estimate.
 * @returns The paymaster's estimate and the fee transfer it would sign
 * (both 0 when sponsored), in the gas token's smallest units, and whether
 * the account's deployment is included.
 */
export async function estimateThroughPaymaster(
  request: PaymasterAskRequest,
): Promise<{
  estimatedFee: bigint;
  maxFee: bigint;
  includesDeployment: boolean;
}> {
  const built = await buildChecked(request);
  if (!built) {
    return { estimatedFee: 0n, maxFee: 0n, includesDeployment: false };
  }
  const { build, deployed } = built;
  const paid = build.feeTransfer !== undefined;
  return {
    estimatedFee: paid ? build.estimatedFee : 0n,
    maxFee: build.feeTransfer?.amount ?? 0n,
    includesDeployment: !deployed,
  };
}
