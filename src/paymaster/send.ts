import type { ExecutableUserTransaction, UserTransaction } from 'starknet';

import { buildChecked } from './build';
import type { PaymasterAskRequest } from './build';
import type { CheckedBuild } from './checkBuilt';
import { handOverSigned } from './handOver';
import { PaymasterError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { readFelt } from '../node/answers';
import { viewCall } from '../node/calls';
import { chainClockCall } from '../node/executionCalls';
import {
  claimedNames,
  nameLookupOf,
  reverseNameCall,
  verifiedNames,
} from '../node/names';
import type { LateNames, ShownName } from '../node/names';
import { selectorOf } from '../protocol/selectors';
import { toHex } from '../protocol/values';
import type {
  TransactionIntent,
  TransactionPreview,
  WalletCall,
} from '../sender/intent';
import { readAfterRoundOne } from '../sender/nodeView';
import { planOf, previewOf } from '../sender/send';
import { signHash } from '../signing/signature';
import { recordedCall } from '../state/records';

/**
 * The one way a transaction leaves through a paymaster (SNIP-29): the node
 * says whether the account is deployed, the paymaster builds the outside
 * execution (with the account's deployment when it is not), the wallet
 * checks what was built against what was asked (checkBuilt), the node
 * simulates the checked calls from the account (balance changes, revert)
 * and says whether the execution's nonce is unused (and its newest block),
 * the user sees it all,
 * and only then is the typed data signed and handed to the paymaster
 * (./handOver.ts: what its answer means). Round trips: node 3, paymaster 2.
 */

/** What a paymaster confirmation shows. */
export type PaymasterPreview = {
  /** The checked calls (the fee transfer last) as a transaction of the account. */
  transaction: TransactionPreview;
  build: CheckedBuild;
  /** The paymaster's host. */
  host: string;
  /**
   * The relayer's Starknet ID name, to read while the dialog is open (its
   * reverse lookup rode the simulation's batch; the forward check would
   * cost a round trip before the dialog): absent when none is looked up.
   */
  relayerName?: LateNames | undefined;
};

/** A request to send through a paymaster. */
export type PaymasterRequest = PaymasterAskRequest & {
  /** Shows the preview; throws UserRejectedError when the user declines. */
  confirm: (preview: PaymasterPreview) => Promise<void>;
};

const NONCE_CHECK = selectorOf('is_valid_outside_execution_nonce');

/**
 * The fee transfer as a call of the account.
 *
 * @param fee - The checked fee transfer.
 * @returns The call.
 */
function feeCallOf(fee: NonNullable<CheckedBuild['feeTransfer']>): WalletCall {
  const low = fee.amount % 2n ** 128n;
  return {
    contractAddress: normaliseAddress(fee.token.address),
    entrypoint: 'transfer',
    calldata: [fee.recipient, toHex(low), toHex(fee.amount / 2n ** 128n)],
  };
}

/**
 * Reads the node's answer to "is this outside-execution nonce unused?".
 *
 * @param host - The paymaster, to blame.
 * @param answer - The settled answer (absent: nothing was asked).
 */
function checkNonceUnused(
  host: string,
  answer: PromiseSettledResult<unknown> | undefined,
): void {
  if (answer === undefined) {
    return;
  }
  if (answer.status === 'rejected') {
    throw answer.reason;
  }
  // The nonce check's own parser read it as felts.
  const [first] = answer.value as string[];
  const reading = readFelt(first);
  if (!('value' in reading) || reading.value !== 1n) {
    throw new PaymasterError(
      host,
      'built an outside execution whose nonce the account has already used: refused, nothing was signed',
    );
  }
}

/**
 * The signed transaction handed to the paymaster: what it built, as checked,
 * with the signature of the checked typed data.
 *
 * @param transaction - What was asked.
 * @param build - What was built, checked.
 * @param signature - The signature of its typed data (none for a deployment alone).
 * @returns The executable transaction.
 */
function executableOf(
  transaction: UserTransaction,
  build: CheckedBuild,
  signature: string[],
): ExecutableUserTransaction {
  if (!build.signable) {
    if (transaction.type !== 'deploy') {
      throw new Error('An invoke was built without typed data to sign');
    }
    return transaction;
  }
  if (transaction.type === 'deploy') {
    // A paid deployment alone, built deploy_and_invoke (its fee transfer).
    const invoke = {
      userAddress: transaction.deployment.address,
      typedData: build.signable.typedData,
      signature,
    };
    return {
      type: 'deploy_and_invoke',
      deployment: transaction.deployment,
      invoke,
    };
  }
  const invoke = {
    userAddress: transaction.invoke.userAddress,
    typedData: build.signable.typedData,
    signature,
  };
  return transaction.type === 'invoke'
    ? { type: 'invoke', invoke }
    : { type: 'deploy_and_invoke', deployment: transaction.deployment, invoke };
}

/**
 * Plans, checks and shows a paymaster transaction, and once approved signs
 * it and hands it to the paymaster. See the module's comment.
 *
 * @param request - What to send.
 * @returns The transaction hash the paymaster answered ('' when a
 * deployment alone was asked of an account already deployed).
 */
export async function sendThroughPaymaster(
  request: PaymasterRequest,
): Promise<string> {
  const { client, paymaster, account, calls } = request;
  const { host } = paymaster;
  const base = { client, account, details: {}, field: 'details' };
  const built = await buildChecked(request);
  if (!built) {
    return '';
  }
  const { roundOne, deployed, transaction, parameters, build } = built;
  const feeCalls = build.feeTransfer ? [feeCallOf(build.feeTransfer)] : [];
  const intent: TransactionIntent =
    calls.length === 0
      ? { type: 'DEPLOY_ACCOUNT' }
      : { type: 'INVOKE', calls: [...calls, ...feeCalls] };
  // A paid deployment alone is built deploy_and_invoke with the fee transfer
  // alone: shown and simulated as that call, the deployment with it.
  const shown: TransactionIntent =
    intent.type === 'DEPLOY_ACCOUNT' && feeCalls.length > 0
      ? { type: 'INVOKE', calls: feeCalls }
      : intent;
  const nonceCheck =
    deployed && build.signable
      ? [
          viewCall(account.address, NONCE_CHECK, [
            build.signable.execution.nonce,
          ]),
        ]
      : [];
  // The relayer is known only now: its reverse lookup rides this batch.
  const execution = build.signable?.execution;
  const relayer =
    execution && !execution.anyCaller
      ? nameLookupOf(client.network, [execution.caller])
      : undefined;
  // The chain's newest block rides this batch too: the signed execution
  // cannot run before it (where its event is looked for after a failure).
  const { view, extra } = await readAfterRoundOne(
    { ...base, intent: shown },
    roundOne,
    { withDeployment: true },
    [
      chainClockCall(),
      ...nonceCheck,
      ...(relayer?.addresses ?? []).map((address) =>
        reverseNameCall(relayer?.contract ?? '0x0', address),
      ),
    ],
  );
  const [clock, ...afterClock] = extra;
  checkNonceUnused(host, nonceCheck.length > 0 ? afterClock[0] : undefined);
  const planned = { ...base, intent: shown };
  await request.confirm({
    transaction: previewOf(planned, 'send', view, planOf(planned, view)),
    build,
    host,
    relayerName: relayer && {
      addresses: relayer.addresses,
      read: async (): Promise<ShownName[]> =>
        verifiedNames(
          client,
          // The reverse lookups' own parser read their answers.
          claimedNames(
            relayer,
            afterClock.slice(nonceCheck.length) as PromiseSettledResult<
              string | undefined
            >[],
          ),
        ),
    },
  });
  const signature = build.signable
    ? signHash(build.signable.analysis.hash, account.privateKey)
    : [];
  return handOverSigned({
    client,
    paymaster,
    account: account.address,
    build,
    executable: executableOf(transaction, build, signature),
    parameters,
    firstCall:
      intent.type === 'INVOKE' ? recordedCall(intent.calls) : undefined,
    calls,
    // The clock call's own parser read it.
    fromBlock:
      clock?.status === 'fulfilled'
        ? (clock.value as { blockNumber: number }).blockNumber
        : undefined,
  });
}
