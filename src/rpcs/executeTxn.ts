import {
  array,
  nonempty,
  object,
  optional,
  string,
  unknown,
} from 'superstruct';

import {
  accountStatus,
  markNonceSent,
  nextNonce,
  withAccountQueue,
} from '../chain/accounts';
import type { Step } from '../chain/plan';
import { planSequence } from '../chain/plan';
import { NodeClient } from '../chain/rpc';
import { sendSequence } from '../chain/send';
import { prepareDeployAccount, prepareInvoke } from '../chain/transactions';
import { UserRejectedError } from '../errors';
import { formatUnits } from '../format';
import { defineMethod } from './method';
import { ownAccount, requestView, resolveNetwork } from './shared';
import {
  AddressStruct,
  CallStruct,
  ChainIdStruct,
  DetailsStruct,
} from './structs';
import { recordTransaction, sentRecord } from '../state/records';
import { readState } from '../state/store';
import { describeCall } from '../ui/decodeCalls';
import { confirmTransaction } from '../ui/dialogs';

/**
 * `snapnet_executeTxn {address, calls, details?, abis?, chainId}` →
 * `{transaction_hash}` of the v3 INVOKE, after a confirmation showing the
 * site, network, sender, every call (ERC-20 transfers and approvals
 * decoded) and the maximum fee. An undeployed account is deployed first, in
 * the same confirmation. The dapp's details are honoured; missing ones come
 * from the node. Node round trips for a deployed account: nonce, estimate,
 * send (the estimate is skipped when the dapp gives resource bounds).
 */
export const executeTxn = defineMethod({
  params: object({
    address: AddressStruct,
    calls: nonempty(array(CallStruct)),
    details: optional(DetailsStruct),
    abis: optional(unknown()),
    chainId: ChainIdStruct,
  }),
  result: object({ transaction_hash: string() }),
  handler: async ({ address, calls, details, chainId }, context) => {
    const network = await resolveNetwork(chainId);
    const account = await ownAccount(context, address, 'address');
    const client = new NodeClient(network);
    const key = `${network.chainId}:${address}`;
    return withAccountQueue(key, async () => {
      const status = await accountStatus(client, address);
      const invoke: Step = (stepDetails, sign) =>
        prepareInvoke(account, calls, network.chainId, stepDetails, sign);
      const deploy: Step = (stepDetails, sign) =>
        prepareDeployAccount(account, network.chainId, stepDetails, sign);
      const steps = status.deployed ? [invoke] : [deploy, invoke];
      const plan = await planSequence(
        client,
        steps,
        details ?? {},
        'details',
        status.deployed ? nextNonce(key, status.nonce) : 0n,
      );
      const { tokens } = await readState();
      const lastDetails = plan.details[plan.details.length - 1];
      const approved = await confirmTransaction({
        title: 'Send transaction',
        request: requestView(context, network, address),
        calls: calls.map((call) =>
          describeCall(
            call,
            tokens.filter((token) => token.chainId === network.chainId),
          ),
        ),
        fee: {
          maxFee: `${formatUnits(plan.maxFee, 18)} STRK`,
          ...(lastDetails
            ? { nonce: BigInt(lastDetails.nonce).toString() }
            : {}),
        },
        ...(status.deployed
          ? {}
          : {
              notice:
                'This account is not deployed yet. Approving deploys it first, then sends these calls; the maximum fee covers both.',
            }),
      });
      if (!approved) {
        throw new UserRejectedError();
      }
      const [firstCall] = calls;
      const hashes = await sendSequence(
        client,
        steps,
        plan,
        async (hash, index) => {
          const isInvoke = index === steps.length - 1;
          const sentDetails = plan.details[index];
          if (sentDetails) {
            markNonceSent(key, BigInt(sentDetails.nonce));
          }
          await recordTransaction(
            sentRecord({
              txnHash: hash,
              txnType: isInvoke ? 'invoke' : 'deploy_account',
              senderAddress: address,
              chainId: network.chainId,
              ...(isInvoke && firstCall
                ? {
                    contractAddress: firstCall.contractAddress,
                    contractFuncName: firstCall.entrypoint,
                    contractCallData: firstCall.calldata,
                  }
                : {}),
            }),
          );
        },
      );
      return { transaction_hash: hashes[hashes.length - 1] ?? '' };
    });
  },
});
