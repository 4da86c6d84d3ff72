import { hash } from 'starknet';
import type {
  ExecutableUserTransaction,
  ExecutionParameters,
  UserTransaction,
} from 'starknet';

import type { CheckedBuild, FeeChoice, PaymasterAsk } from './checkBuilt';
import { checkBuilt } from './checkBuilt';
import { ASKED_WINDOW_SECONDS } from './checkBuilt';
import type { PaymasterClient } from './client';
import { PaymasterError } from '../errors';
import { deploymentData, normaliseAddress } from '../keys/address';
import type { OwnAccount } from '../keys/ownership';
import { readFelt } from '../node/answers';
import { viewCall } from '../node/calls';
import type { NodeClient } from '../node/client';
import { toHex } from '../protocol/values';
import { targetsOf } from '../sender/intent';
import type {
  TransactionIntent,
  TransactionPreview,
  WalletCall,
} from '../sender/intent';
import { readAccountAndClasses, readAfterRoundOne } from '../sender/nodeView';
import { planOf, previewOf } from '../sender/send';
import { signHash } from '../signing/signature';
import { recordTransaction, sentRecord } from '../state/records';

/**
 * The one way a transaction leaves through a paymaster (SNIP-29): the node
 * says whether the account is deployed, the paymaster builds the outside
 * execution (with the account's deployment when it is not), the wallet
 * checks what was built against what was asked (checkBuilt), the node
 * simulates the checked calls from the account (balance changes, revert)
 * and says whether the execution's nonce is unused, the user sees it all,
 * and only then is the typed data signed and handed to the paymaster.
 * Round trips: node 2, paymaster 2.
 */

/** What a paymaster confirmation shows. */
export type PaymasterPreview = {
  /** The checked calls (the fee transfer last) as a transaction of the account. */
  transaction: TransactionPreview;
  build: CheckedBuild;
  /** The paymaster's host. */
  host: string;
};

/** A request to send through a paymaster. */
export type PaymasterRequest = {
  client: NodeClient;
  paymaster: PaymasterClient;
  account: OwnAccount;
  /** The calls (none: deploy the account alone, sponsored). */
  calls: WalletCall[];
  fee: FeeChoice;
  maxFeeInGasToken?: bigint | undefined;
  /** Shows the preview; throws UserRejectedError when the user declines. */
  confirm: (preview: PaymasterPreview) => Promise<void>;
};

const NONCE_CHECK = hash.getSelectorFromName(
  'is_valid_outside_execution_nonce',
);

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
 * What the wallet asks the paymaster to build.
 *
 * @param request - The request.
 * @param deployed - Whether the account is deployed.
 * @param now - The wallet's clock (seconds).
 * @returns The transaction and its parameters.
 */
function askOf(
  request: PaymasterRequest,
  deployed: boolean,
  now: bigint,
): { transaction: UserTransaction; parameters: ExecutionParameters } {
  const { account, calls, fee } = request;
  const ours = deploymentData(account.publicKey, account.kind);
  const deployment = {
    address: account.address,
    class_hash: ours.classHash,
    salt: ours.salt,
    calldata: ours.constructorCalldata,
    version: 1 as const,
  };
  const invoke = { userAddress: account.address, calls };
  let transaction: UserTransaction;
  if (calls.length === 0) {
    transaction = { type: 'deploy', deployment };
  } else if (deployed) {
    transaction = { type: 'invoke', invoke };
  } else {
    transaction = { type: 'deploy_and_invoke', deployment, invoke };
  }
  return {
    transaction,
    parameters: {
      version: '0x1',
      feeMode:
        fee.mode === 'sponsored'
          ? { mode: 'sponsored' }
          : { mode: 'default', gasToken: fee.gasToken.address },
      timeBounds: { executeBefore: Number(now + ASKED_WINDOW_SECONDS) },
    },
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
  answer: PromiseSettledResult<string[]> | undefined,
): void {
  if (answer === undefined) {
    return;
  }
  if (answer.status === 'rejected') {
    throw answer.reason;
  }
  const [first] = answer.value;
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
  if (transaction.type === 'deploy' || !build.signable) {
    if (transaction.type !== 'deploy') {
      throw new Error('An invoke was built without typed data to sign');
    }
    return transaction;
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
 * Records what the paymaster says it sent, as the account's transaction
 * (its calls ran from the account; the relayer only carried them).
 *
 * @param host - The paymaster.
 * @param answer - Its answer to paymaster_executeTransaction.
 * @param request - The request.
 * @param intent - The checked intent (its first call is recorded).
 * @returns The transaction hash.
 */
async function recordSent(
  host: string,
  answer: unknown,
  request: PaymasterRequest,
  intent: TransactionIntent,
): Promise<string> {
  const fields =
    typeof answer === 'object' && answer !== null
      ? new Map(Object.entries(answer))
      : new Map<string, unknown>();
  const reading = readFelt(fields.get('transaction_hash'));
  if (!('value' in reading)) {
    throw new PaymasterError(
      host,
      'accepted the signed transaction but answered no transaction hash: it may still send it',
    );
  }
  const txnHash = toHex(reading.value);
  const { account, client } = request;
  const [first] = intent.type === 'INVOKE' ? intent.calls : [];
  await recordTransaction(
    sentRecord({
      txnHash,
      txnType: first ? 'invoke' : 'deploy_account',
      senderAddress: account.address,
      chainId: client.network.chainId,
      ...(first
        ? {
            contractAddress: normaliseAddress(first.contractAddress),
            contractFuncName: first.entrypoint,
            contractCallData: first.calldata,
          }
        : {}),
    }),
  );
  return txnHash;
}

/**
 * Plans, checks and shows a paymaster transaction, and once approved signs
 * it and hands it to the paymaster. See the module's comment.
 *
 * @param request - What to send.
 * @returns The transaction hash the paymaster answered.
 */
export async function sendThroughPaymaster(
  request: PaymasterRequest,
): Promise<string> {
  const { client, paymaster, account, calls, fee } = request;
  const { host } = paymaster;
  const base = { client, account, details: {}, field: 'details' };
  const feeTarget: WalletCall[] =
    fee.mode === 'default'
      ? [
          {
            contractAddress: fee.gasToken.address,
            entrypoint: 'transfer',
            calldata: [],
          },
        ]
      : [];
  const askedIntent: TransactionIntent =
    calls.length === 0
      ? { type: 'DEPLOY_ACCOUNT' }
      : { type: 'INVOKE', calls: [...calls, ...feeTarget] };
  const roundOne = await readAccountAndClasses(
    { ...base, intent: askedIntent },
    targetsOf(askedIntent),
    {},
  );
  const deployed = roundOne.nodeNonce !== undefined;
  if (calls.length === 0 && deployed) {
    throw new PaymasterError(
      host,
      'was not asked: the account is already deployed',
    );
  }
  const now = BigInt(Math.floor(Date.now() / 1000));
  const { transaction, parameters } = askOf(request, deployed, now);
  const ask: PaymasterAsk = {
    account,
    network: client.network,
    calls,
    fee,
    deployed,
    now,
    maxFeeInGasToken: request.maxFeeInGasToken,
  };
  const build = checkBuilt(
    host,
    ask,
    await paymaster.build(transaction, parameters),
  );
  const intent: TransactionIntent =
    calls.length === 0
      ? { type: 'DEPLOY_ACCOUNT' }
      : {
          type: 'INVOKE',
          calls: [
            ...calls,
            ...(build.feeTransfer ? [feeCallOf(build.feeTransfer)] : []),
          ],
        };
  const nonceCheck =
    deployed && build.signable
      ? [
          viewCall(account.address, NONCE_CHECK, [
            build.signable.execution.nonce,
          ]),
        ]
      : [];
  const { view, extra } = await readAfterRoundOne(
    { ...base, intent },
    roundOne,
    { withDeployment: true },
    nonceCheck,
  );
  checkNonceUnused(host, extra[0]);
  const planned = { ...base, intent };
  await request.confirm({
    transaction: previewOf(planned, 'send', view, planOf(planned, view)),
    build,
    host,
  });
  const signature = build.signable
    ? signHash(build.signable.analysis.hash, account.privateKey)
    : [];
  const answer = await paymaster.execute(
    executableOf(transaction, build, signature),
    parameters,
  );
  return recordSent(host, answer, request, intent);
}
