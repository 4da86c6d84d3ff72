import type { PreparedTransaction } from 'starknet';

import { boundFee, feeFiguresOf } from './feeBound';
import type { Network } from '../config';
import { InvalidInputError, PaymasterError } from '../errors';
import { deploymentData, normaliseAddress } from '../keys/address';
import type { OwnAccount } from '../keys/ownership';
import { readFelt } from '../node/answers';
import { selectorOf } from '../protocol/selectors';
import type { WalletCall } from '../sender/intent';
import type { OutsideExecution } from '../signing/executionGrant';
import type { TypedDataAnalysis } from '../signing/typedData';
import { analyseTypedData } from '../signing/typedData';
import type { TokenRecord } from '../state/schema';

/**
 * The rule between a paymaster and what the user signs: what the paymaster
 * built is checked, member for member, against what was asked before it is
 * shown, and what is shown and signed is the checked typed data alone. Every
 * check of SNIP-29's security considerations is here, and those
 * starknet.js's own check leaves out (it skips sponsored mode entirely and
 * never checks the fee call's selector or recipient).
 */

/** How the fee is paid: in a token the paymaster takes, or by a sponsor. */
export type FeeChoice =
  | { mode: 'default'; gasToken: TokenRecord }
  | { mode: 'sponsored' };

/** The longest validity window accepted (seconds from now). */
export const MAX_WINDOW_SECONDS = 1800n;

/** The window the wallet asks for (seconds from now). */
export const ASKED_WINDOW_SECONDS = 600n;

/** Clocks disagree a little: the paymaster's "now" may run ahead. */
const CLOCK_SLACK_SECONDS = 120n;

/** What the wallet asked the paymaster to build. */
export type PaymasterAsk = {
  account: OwnAccount;
  network: Network;
  /** The calls, as requested (none for a deployment alone). */
  calls: WalletCall[];
  fee: FeeChoice;
  /** Whether the account is deployed (else it is deployed with them). */
  deployed: boolean;
  /** The wallet's clock, in seconds. */
  now: bigint;
  /** The most the dapp lets the fee be, in the gas token. */
  maxFeeInGasToken?: bigint | undefined;
  /** The most the asker lets the fee be, in times the paymaster's estimate. */
  feeCapFactor?: bigint | undefined;
};

/** The typed data of a built invoke, as starknet.js types it. */
export type BuiltTypedData = Extract<
  PreparedTransaction,
  { type: 'invoke' }
>['typed_data'];

/** What the paymaster built, checked. */
export type CheckedBuild = {
  type: 'invoke' | 'deploy_and_invoke' | 'deploy';
  /** The outside execution to sign, and its analysis (absent: deploy). */
  signable?: {
    typedData: BuiltTypedData;
    analysis: TypedDataAnalysis;
    execution: OutsideExecution;
  };
  /** The fee transfer, in the gas token (absent when sponsored). */
  feeTransfer?: { token: TokenRecord; amount: bigint; recipient: string };
  /** The paymaster's estimate in the gas token (or STRK when sponsored). */
  estimatedFee: bigint;
  /** What is far above the paymaster's own estimate (src/paymaster/feeBound.ts). */
  feeWarnings: string[];
};

const TRANSFER_SELECTOR = selectorOf('transfer');
const U128 = 2n ** 128n;

/**
 * The number of a felt text, or undefined when it is not one.
 *
 * @param value - Anything.
 * @returns Its value.
 */
function feltOf(value: unknown): bigint | undefined {
  const reading = readFelt(value);
  return 'value' in reading ? reading.value : undefined;
}

/**
 * Whether two lists of felt texts hold the same numbers.
 *
 * @param given - What the paymaster wrote.
 * @param expected - What the wallet expects.
 * @returns Whether they are equal.
 */
function sameFelts(given: unknown, expected: string[]): boolean {
  return (
    Array.isArray(given) &&
    given.length === expected.length &&
    given.every(
      (value, index) => feltOf(value) === BigInt(expected[index] ?? -1),
    )
  );
}

/**
 * A check that failed: the paymaster built something else.
 *
 * @param host - The paymaster.
 * @param what - What differs.
 * @returns The error.
 */
function mismatch(host: string, what: string): PaymasterError {
  return new PaymasterError(
    host,
    `built something other than what was asked (${what}): refused, nothing was signed`,
  );
}

/**
 * Checks the deployment the paymaster echoes is exactly the wallet's own:
 * the account's address, class hash, salt and constructor calldata, as the
 * wallet deploys it.
 *
 * @param host - The paymaster.
 * @param ask - What was asked.
 * @param given - What it answered.
 */
function checkDeployment(
  host: string,
  ask: PaymasterAsk,
  given: unknown,
): void {
  const ours = deploymentData(ask.account.publicKey, ask.account.kind);
  const record =
    typeof given === 'object' && given !== null
      ? new Map(Object.entries(given))
      : new Map<string, unknown>();
  // AVNU echoes a deployment sent without sigdata as `"sigdata": null` (an
  // Option serialised without skip): null is the same as absent.
  const sigdata = record.get('sigdata') ?? undefined;
  const same =
    feltOf(record.get('address')) === BigInt(ask.account.address) &&
    feltOf(record.get('class_hash')) === BigInt(ours.classHash) &&
    feltOf(record.get('salt')) === BigInt(ours.salt) &&
    sameFelts(record.get('calldata'), ours.constructorCalldata) &&
    Number(record.get('version')) === 1 &&
    (sigdata === undefined || sameFelts(sigdata, []));
  if (!same) {
    throw mismatch(host, "the deployment data are not the account's own");
  }
}

/**
 * Checks the calls of the outside execution: exactly the requested calls,
 * in order, then — in default mode — one transfer of the gas token to the
 * caller (the paymaster's forwarder, which relays and pays the gas) of at
 * most the paymaster's suggested maximum and the dapp's cap; in sponsored
 * mode nothing more.
 *
 * @param host - The paymaster.
 * @param ask - What was asked.
 * @param execution - The outside execution.
 * @param suggestedMax - The paymaster's suggested maximum in the gas token.
 * @returns The fee transfer, if any.
 */
function checkCalls(
  host: string,
  ask: PaymasterAsk,
  execution: OutsideExecution,
  suggestedMax: bigint,
): CheckedBuild['feeTransfer'] {
  const extra = ask.fee.mode === 'sponsored' ? 0 : 1;
  if (execution.calls.length !== ask.calls.length + extra) {
    throw mismatch(
      host,
      `${execution.calls.length} calls where ${ask.calls.length} were asked${extra ? ' and one fee transfer' : ''}`,
    );
  }
  ask.calls.forEach((call, index) => {
    const built = execution.calls[index];
    const same =
      built?.contractAddress === normaliseAddress(call.contractAddress) &&
      BigInt(built.selector) === BigInt(selectorOf(call.entrypoint)) &&
      sameFelts(built.calldata, call.calldata);
    if (!same) {
      throw mismatch(host, `call ${index + 1} differs from the one asked`);
    }
  });
  if (ask.fee.mode === 'sponsored') {
    return undefined;
  }
  const { gasToken } = ask.fee;
  const feeCall = execution.calls[ask.calls.length];
  const [recipient, low = -1n, high = -1n] = (feeCall?.calldata ?? []).map(
    BigInt,
  );
  if (
    feeCall?.contractAddress !== normaliseAddress(gasToken.address) ||
    BigInt(feeCall.selector) !== BigInt(TRANSFER_SELECTOR) ||
    feeCall.calldata.length !== 3
  ) {
    throw mismatch(
      host,
      `the last call is not a transfer of ${gasToken.symbol}`,
    );
  }
  if (execution.anyCaller || recipient !== BigInt(execution.caller)) {
    throw mismatch(
      host,
      'the fee goes to another address than the caller that relays it',
    );
  }
  if (low < 0n || low >= U128 || high < 0n || high >= U128) {
    throw mismatch(host, 'the fee amount is not a u256');
  }
  const amount = low + high * U128;
  if (amount > suggestedMax) {
    throw mismatch(host, 'the fee transfer is above its own suggested maximum');
  }
  if (ask.maxFeeInGasToken !== undefined && amount > ask.maxFeeInGasToken) {
    throw new PaymasterError(
      host,
      `asks a fee of ${amount} (smallest units of ${gasToken.symbol}), above the cap of ${ask.maxFeeInGasToken} the site set: refused, nothing was signed`,
    );
  }
  return { token: gasToken, amount, recipient: execution.caller };
}

/**
 * The type of transaction a paymaster must build for an ask: an invoke for a
 * deployed account, a deployment with the calls for one not deployed yet, a
 * deployment alone when no call is asked — sponsored, or in default mode a
 * deployment whose outside execution holds only the fee transfer (AVNU
 * answers a paid `deploy` so, `deploy_and_invoke`, its only way to be paid).
 *
 * @param ask - What was asked.
 * @returns The type, and how the error names it.
 */
function expectedTypeOf(ask: PaymasterAsk): {
  type: CheckedBuild['type'];
  named: string;
} {
  if (ask.calls.length > 0) {
    const type = ask.deployed ? 'invoke' : 'deploy_and_invoke';
    return { type, named: type };
  }
  return ask.fee.mode === 'sponsored'
    ? { type: 'deploy', named: 'deploy' }
    : {
        type: 'deploy_and_invoke',
        named:
          'deploy_and_invoke (a deployment paid by its fee transfer alone)',
      };
}

/**
 * Checks what a paymaster built against what was asked; see the module's
 * comment. Any difference is a PaymasterError: nothing is shown or signed.
 *
 * @param host - The paymaster.
 * @param ask - What was asked.
 * @param built - Its answer, as PaymasterRpc converts it (unchecked).
 * @returns What is shown and signed.
 */
export function checkBuilt(
  host: string,
  ask: PaymasterAsk,
  built: PreparedTransaction,
): CheckedBuild {
  const expected = expectedTypeOf(ask);
  if (built.type !== expected.type) {
    throw mismatch(
      host,
      `a ${String(built.type)} transaction where ${expected.named} was asked`,
    );
  }
  const figures = feeFiguresOf(built.fee);
  if (!figures) {
    throw new PaymasterError(host, 'answered a malformed fee estimate');
  }
  const estimatedFee = figures.estimated_fee_in_gas_token;
  const suggestedMax = figures.suggested_max_fee_in_gas_token;
  if (built.type !== 'invoke') {
    checkDeployment(host, ask, built.deployment);
  }
  if (built.type === 'deploy') {
    return { type: 'deploy', estimatedFee, feeWarnings: [] };
  }
  const typedData = built.typed_data;
  let analysis: TypedDataAnalysis;
  try {
    analysis = analyseTypedData(
      typedData,
      ask.account.address,
      ask.network,
      'typed_data',
    );
  } catch (error) {
    const reason =
      error instanceof InvalidInputError
        ? error.message.replace(/^Invalid params: /u, '')
        : 'unreadable';
    throw mismatch(
      host,
      `its typed data is not a valid outside execution: ${reason}`,
    );
  }
  const execution = analysis.grant;
  if (execution?.kind !== 'outside-execution' || execution.version !== '1') {
    throw mismatch(
      host,
      "the typed data is not an outside execution of the account's version (SNIP-9 version 1)",
    );
  }
  if (analysis.chain.kind !== 'match') {
    throw mismatch(host, `the typed data is not bound to ${ask.network.name}`);
  }
  if (
    execution.executeBefore <= ask.now ||
    execution.executeBefore >
      ask.now + MAX_WINDOW_SECONDS + CLOCK_SLACK_SECONDS ||
    execution.executeAfter > ask.now + CLOCK_SLACK_SECONDS
  ) {
    throw mismatch(
      host,
      `a validity window that is not open now or lasts longer than ${MAX_WINDOW_SECONDS / 60n} minutes`,
    );
  }
  const feeTransfer = checkCalls(host, ask, execution, suggestedMax);
  return {
    type: built.type,
    signable: { typedData, analysis, execution },
    ...(feeTransfer ? { feeTransfer } : {}),
    estimatedFee,
    feeWarnings: feeTransfer
      ? boundFee(host, figures, feeTransfer, ask.feeCapFactor)
      : [],
  };
}
