import type { ExecutionParameters, UserTransaction } from 'starknet';

import { ASKED_WINDOW_SECONDS, checkBuilt } from './checkBuilt';
import type { CheckedBuild, FeeChoice, PaymasterAsk } from './checkBuilt';
import type { PaymasterClient } from './client';
import { InvalidInputError, PaymasterError } from '../errors';
import { deploymentData } from '../keys/address';
import type { OwnAccount } from '../keys/ownership';
import type { NodeClient } from '../node/client';
import type { PriceReads } from '../prices/quotes';
import { targetsOf } from '../sender/intent';
import type { TransactionIntent, WalletCall } from '../sender/intent';
import type { RoundOne } from '../sender/nodeView';
import { readAccountAndClasses } from '../sender/nodeView';
import { namesShownIn } from '../sender/shownNames';
import type { TokenRecord } from '../state/schema';

/**
 * The first half of every paymaster path (send and estimate): the node says
 * whether the account is deployed (one round trip, with the classes of the
 * called contracts for the dialog's ABIs), staking calls that cannot be done
 * are refused (their pools' facts read first: one round trip more with a
 * pool entry point), the paymaster builds the outside execution (or the
 * deployment), and the wallet checks it (checkBuilt).
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
  /** The param the fee choice is (default `paymaster`), to blame. */
  field?: string | undefined;
  /** The most the asker lets the fee be, in times the paymaster's estimate. */
  feeCapFactor?: bigint | undefined;
  /** Prices to read with the first round trip, for the dialog's values. */
  prices?: PriceReads | undefined;
  /** Whether the user lets the wallet read prices (see ReadContext). */
  pricing?: boolean | undefined;
  /** Tracked tokens, to word a staking refusal's amounts. */
  tokens?: TokenRecord[] | undefined;
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
 * SNIP-29's refusals of the account itself (INVALID_ADDRESS,
 * CLASS_HASH_NOT_SUPPORTED, INVALID_DEPLOYMENT_DATA): not the fee mode's.
 */
const ACCOUNT_REFUSALS = [150, 155, 158];

/**
 * A paymaster's refusal to build a deployment alone paid in a token, as the
 * fee mode that cannot work there: SNIP-29's document has no way to pay for
 * a `deploy` (AVNU builds it with a fee call). Named as the param, before
 * anything is signed; any other error is passed on as it is.
 *
 * @param request - The request.
 * @param error - What the build threw.
 * @returns The error to throw.
 */
function paidDeploymentRefusal(
  request: PaymasterAskRequest,
  error: unknown,
): unknown {
  const { calls, fee, field = 'paymaster' } = request;
  if (
    calls.length > 0 ||
    fee.mode !== 'default' ||
    !(error instanceof PaymasterError) ||
    error.paymasterCode === undefined ||
    ACCOUNT_REFUSALS.includes(error.paymasterCode)
  ) {
    return error;
  }
  return new InvalidInputError(
    `${field}.feeMode`,
    `${error.paymaster} does not deploy an account alone paid in ${fee.gasToken.symbol} (${error.message}); nothing was signed: use the sponsored mode, or send the account's first transaction through the paymaster, which deploys it with that transaction`,
  );
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
  // A deployment alone paid in a token runs its fee transfer from the
  // account (deploy_and_invoke, as AVNU builds it): read as that call.
  const askedIntent: TransactionIntent =
    calls.length === 0 && feeTarget.length === 0
      ? { type: 'DEPLOY_ACCOUNT' }
      : { type: 'INVOKE', calls: [...calls, ...feeTarget] };
  const asked = {
    client,
    account,
    details: {},
    field: 'details',
    intent: askedIntent,
    prices: request.prices,
    pricing: request.pricing,
    tokens: request.tokens,
  };
  // The parties' names: reverse lookups here, forward ones with the
  // simulation (paymaster/send.ts), so the confirmation may show them.
  const firstRead = await readAccountAndClasses(asked, targetsOf(askedIntent), {
    names: namesShownIn(asked),
  });
  const deployed = firstRead.nodeNonce !== undefined;
  if (calls.length === 0 && deployed) {
    // A deployment of a deployed account: nothing to ask, nothing sent.
    return undefined;
  }
  // Protocol calls that cannot be done (a stake) are refused before the
  // paymaster is asked anything: their facts' second read, one round trip
  // more (only when a protocol row reads the calls), is taken here instead of with the simulation,
  // which then reads nothing more for them.
  const { protocols } = firstRead;
  let roundOne = firstRead;
  if (protocols) {
    const facts = protocols.read(await client.batchSettled(protocols.calls));
    roundOne = {
      ...firstRead,
      protocols: { ...protocols, calls: [], read: (): typeof facts => facts },
    };
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
  const answer = await paymaster
    .build(transaction, parameters)
    .catch((error: unknown) => {
      throw paidDeploymentRefusal(request, error);
    });
  const build = checkBuilt(host, ask, answer);
  return { roundOne, deployed, transaction, parameters, build };
}
