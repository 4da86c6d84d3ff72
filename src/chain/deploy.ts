import type { Plan, Step } from './plan';
import { planSequence } from './plan';
import type { NodeClient } from './rpc';
import { sendSequence } from './send';
import { prepareDeployAccount } from './transactions';
import type { Network } from '../config';
import type { OwnAccount } from '../keys/ownership';

/**
 * The DEPLOY_ACCOUNT step of an account.
 *
 * @param account - The account's keys.
 * @param network - The network.
 * @returns The step.
 */
export function deployStep(account: OwnAccount, network: Network): Step {
  return (details, sign) =>
    prepareDeployAccount(account, network.chainId, details, sign);
}

/**
 * Estimates an account deployment (one round trip, validation skipped).
 *
 * @param client - The network's node.
 * @param account - The account's keys.
 * @returns The plan, with the node's estimate.
 */
export async function planDeployment(
  client: NodeClient,
  account: OwnAccount,
): Promise<Plan> {
  return planSequence(
    client,
    [deployStep(account, client.network)],
    {},
    'details',
    0n,
  );
}

/**
 * Sends a planned deployment.
 *
 * @param client - The network's node.
 * @param account - The account's keys.
 * @param plan - Its plan.
 * @returns The transaction hash.
 */
export async function sendDeployment(
  client: NodeClient,
  account: OwnAccount,
  plan: Plan,
): Promise<string> {
  const [hash] = await sendSequence(
    client,
    [deployStep(account, client.network)],
    plan,
    async () => undefined,
  );
  if (!hash) {
    throw new Error('The node returned no transaction hash');
  }
  return hash;
}
