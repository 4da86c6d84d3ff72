import {
  array,
  nonempty,
  object,
  optional,
  string,
  unknown,
} from 'superstruct';

import { defineMethod } from './method';
import { ownAccount, requestView, resolveNetwork } from './shared';
import {
  AddressStruct,
  CallStruct,
  ChainIdStruct,
  DetailsStruct,
} from './structs';
import { sendFromAccount } from '../chain/flow';
import { NodeClient } from '../chain/rpc';
import { prepareInvoke } from '../chain/transactions';
import { formatUnits } from '../format';
import { sentRecord } from '../state/records';
import { describeCall } from '../ui/decodeCalls';
import { confirmTransaction } from '../ui/dialogs';

const DEPLOY_NOTICE =
  'This account is not deployed yet. Approving deploys it first, then sends these calls; the maximum fee covers both.';

/**
 * `snapnet_executeTxn {address, calls, details?, abis?, chainId}` →
 * `{transaction_hash}` of the v3 INVOKE, after a confirmation showing the
 * site, network, sender, every call (ERC-20 transfers and approvals
 * decoded, others labelled from `abis` when given) and the maximum fee. An
 * undeployed account is deployed first, in the same confirmation. The
 * dapp's details are honoured; missing ones come from the node. Node round
 * trips for a deployed account: nonce, estimate, send (the estimate is
 * skipped when the dapp gives resource bounds).
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
  handler: async ({ address, calls, details, abis, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    const account = await ownAccount(context, address, 'address');
    const { tokens } = await context.state();
    const networkTokens = tokens.filter(
      (token) => token.chainId === network.chainId,
    );
    const [firstCall] = calls;
    const hashes = await sendFromAccount({
      client: new NodeClient(network),
      account,
      step: (stepDetails, sign) =>
        prepareInvoke(account, calls, network.chainId, stepDetails, sign),
      details: details ?? {},
      field: 'details',
      confirm: async (plan, deploying) => {
        const last = plan.details[plan.details.length - 1];
        return confirmTransaction({
          title: 'Send transaction',
          request: requestView(context, network, address),
          calls: calls.map((call) => describeCall(call, networkTokens, abis)),
          fee: {
            maxFee: `${formatUnits(plan.maxFee, 18)} STRK`,
            ...(last ? { nonce: BigInt(last.nonce).toString() } : {}),
          },
          ...(deploying ? { notice: DEPLOY_NOTICE } : {}),
        });
      },
      record: (hash, isDeployment) =>
        sentRecord({
          txnHash: hash,
          txnType: isDeployment ? 'deploy_account' : 'invoke',
          senderAddress: address,
          chainId: network.chainId,
          ...(!isDeployment && firstCall
            ? {
                contractAddress: firstCall.contractAddress,
                contractFuncName: firstCall.entrypoint,
                contractCallData: firstCall.calldata,
              }
            : {}),
        }),
    });
    return { transaction_hash: hashes[hashes.length - 1] ?? '' };
  },
});
