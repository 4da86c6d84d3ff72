import {
  accountStatus,
  markNonceSent,
  nextNonce,
  withAccountQueue,
} from './accounts';
import { deployStep } from './deploy';
import type { Plan, Step } from './plan';
import { planSequence } from './plan';
import type { NodeClient } from './rpc';
import { sendSequence } from './send';
import { UserRejectedError } from '../errors';
import type { OwnAccount } from '../keys/ownership';
import type { PartialDetails } from '../signing/transactions';
import { recordTransaction } from '../state/records';
import type { TransactionRecord } from '../state/schema';

/**
 * Sends a transaction from one of this seed's accounts, the whole way:
 * queued behind other sends of that account (no nonce is reused), its nonce
 * read (one round trip), an undeployed account deployed first in the same
 * sequence, fees estimated (one round trip, skipped when the dapp gives
 * resource bounds), the user asked, then each transaction signed, sent and
 * recorded as the node accepts it.
 *
 * @param args - What to send.
 * @param args.client - The network's node.
 * @param args.account - The sender's keys.
 * @param args.step - The transaction to send.
 * @param args.details - The dapp's details for it.
 * @param args.field - The details' param name, to blame.
 * @param args.confirm - Shows the plan to the user; resolves with the answer.
 * @param args.record - The record of each sent transaction.
 * @returns The hashes the node accepted (the deployment first, if any).
 */
export async function sendFromAccount(args: {
  client: NodeClient;
  account: OwnAccount;
  step: Step;
  details: PartialDetails & {
    skipValidate?: boolean | undefined;
    maxFee?: string | undefined;
  };
  field: string;
  confirm: (plan: Plan, deploying: boolean) => Promise<boolean>;
  record: (hash: string, isDeployment: boolean) => TransactionRecord;
}): Promise<string[]> {
  const { client, account } = args;
  const key = `${client.network.chainId}:${account.address}`;
  return withAccountQueue(key, async () => {
    const status = await accountStatus(client, account.address);
    const steps = status.deployed
      ? [args.step]
      : [deployStep(account, client.network), args.step];
    const plan = await planSequence(
      client,
      steps,
      args.details,
      args.field,
      status.deployed ? nextNonce(key, status.nonce) : 0n,
    );
    if (!(await args.confirm(plan, !status.deployed))) {
      throw new UserRejectedError();
    }
    return sendSequence(client, steps, plan, async (hash, index) => {
      const sent = plan.details[index];
      if (sent) {
        markNonceSent(key, BigInt(sent.nonce));
      }
      await recordTransaction(
        args.record(hash, !status.deployed && index === 0),
      );
    });
  });
}
