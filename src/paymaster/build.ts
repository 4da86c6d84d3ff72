import type { ExecutionParameters, UserTransaction } from 'starknet';

import { ASKED_WINDOW_SECONDS, checkBuilt } from './checkBuilt';
import type { CheckedBuild, FeeChoice, PaymasterAsk } from './checkBuilt';
import type { PaymasterClient } from './client';
import { deploymentData } from '../keys/address';
import type { OwnAccount } from '../keys/ownership';
import type { NodeClient } from '../node/client';
import { targetsOf } from '../sender/intent';
import type { TransactionIntent, WalletCall } from '../sender/intent';
import type { RoundOne } from '../sender/nodeView';
import { readAccountAndClasses } from '../sender/nodeView';

/**
 * The first half of every paymaster path (send and estimate): the node says
 * whether the account is deployed (one round trip, with the classes of the
 * called contracts for the dialog's ABIs), the paymaster builds the outside
 * execution (or the deployment), and the wallet checks it (checkBuilt).
 */

/** What a paymaster path is asked. */
export type PaymasterAskRequest = {
  client: NodeClient;
  paymaster: PaymasterClient;
  account: OwnAccount;
  /** The calls (none: deploy the account alone, sponsored). */
  calls: WalletCall[];
  fee: FeeChoice;
  maxFeeInGasToken?: bigint | undefined;
  /** The most the asker lets the fee be, in times the paymaster's estimate. */
  feeCapFactor?: bigint | undefined;
};

/** What was asked and built, checked. */
export type BuiltChecked = {
  roundOne: RoundOne;
  deployed: boolean;
  transaction: UserTransaction;
  parameters: ExecutionParameters;
  build: CheckedBuild;
};

/**
 * What the wallet asks the paymaster to build.
 *
 * @param request - The request.
 * @param deployed - Whether the account is deployed.
 * @param now - The wallet's clock (seconds).
 * @returns The transaction and its parameters.
 */
function askOf(
  request: PaymasterAskRequest,
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
 * Reads the account, has the paymaster build, and checks what it built.
 *
 * @param request - The request.
 * @returns What was built, checked; undefined when a deployment alone was
 * asked of an account already deployed (nothing to build).
 */
export async function buildChecked(
  request: PaymasterAskRequest,
): Promise<BuiltChecked | undefined> {
  const { client, paymaster, account, calls, fee } = request;
  const { host } = paymaster;
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
    { client, account, details: {}, field: 'details', intent: askedIntent },
    targetsOf(askedIntent),
    {},
  );
  const deployed = roundOne.nodeNonce !== undefined;
  if (calls.length === 0 && deployed) {
    // A deployment of a deployed account: nothing to ask, nothing sent.
    return undefined;
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
    feeCapFactor: request.feeCapFactor,
  };
  const build = checkBuilt(
    host,
    ask,
    await paymaster.build(transaction, parameters),
  );
  return { roundOne, deployed, transaction, parameters, build };
}
