/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import type { GasUsage } from './fees';
import { feeOf, gasUsage } from './fees';
import type { ParsedTx } from './txs';
import type { GasPrices } from './types';
import { SEQUENCER_ADDRESS, STRK_ADDRESS } from '../base/constants';
import { ExecutionError } from '../base/errors';
import { toHex } from '../base/felt';
import type { StateReader } from '../base/state-store';
import { Overlay, classKey, declaredKey, nonceKey } from '../base/state-store';
import { callContract, deployContract, selectorOf } from '../contracts/calls';
import { balanceOf as balanceOfToken } from '../contracts/erc20';
import { notExecutableMessage } from '../contracts/not-executable';
import type {
  BlockInfo,
  ExecEnv,
  Invocation,
  NativeClass,
  RawEvent,
} from '../contracts/types';

/** Why a transaction could not be included at all (not a revert). */
export type FailureKind =
  | 'validation'
  | 'non-account'
  | 'class-not-found'
  | 'not-executable';

/** A transaction that fails before or during validation. */
export class TxFailure extends Error {
  readonly kind: FailureKind;

  /**
   *
   * @param kind - The kind.
   * @param message - The message.
   */
  constructor(kind: FailureKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export type TxOutcome = {
  status: 'SUCCEEDED' | 'REVERTED';
  revertReason: string | undefined;
  events: RawEvent[];
  fee: bigint;
  gas: GasUsage;
  state: Overlay;
  deployed: { address: bigint; classHash: bigint }[];
  validateInvocation: Invocation | undefined;
  executeInvocation: Invocation | undefined;
  constructorInvocation: Invocation | undefined;
  feeTransferInvocation: Invocation | undefined;
};

export type ExecOptions = {
  validate: boolean;
  chargeFee: boolean;
  resolve: (classHash: bigint) => NativeClass | undefined;
  /** The prices the fee is charged at. */
  prices: GasPrices;
  block?: BlockInfo;
};

const isAccount = (native: NativeClass | undefined): boolean =>
  native?.kind === 'argent' || native?.kind === 'oz';

/**
 * Runs a validation entry point, turning a panic into a TxFailure.
 *
 * @param env - The environment.
 * @param address - The account.
 * @param name - The entry point.
 * @param calldata - Its calldata.
 * @returns The invocation.
 */
function runValidate(
  env: ExecEnv,
  address: bigint,
  name: string,
  calldata: bigint[],
): Invocation {
  try {
    return callContract(env, 0n, address, selectorOf(name), calldata);
  } catch (error) {
    if (error instanceof ExecutionError) {
      throw new TxFailure('validation', error.message);
    }
    throw error;
  }
}

/**
 * Checks that the sender is a deployed account (invoke and declare).
 *
 * @param base - The state.
 * @param sender - The sender.
 * @param resolve - The class resolver.
 */
export function assertAccount(
  base: StateReader,
  sender: bigint,
  resolve: ExecOptions['resolve'],
): void {
  const classHash = base.read(classKey(sender));
  if (classHash === 0n) {
    throw new TxFailure(
      'non-account',
      `Requested contract address ${toHex(sender)} is not deployed.`,
    );
  }
  if (!isAccount(resolve(classHash))) {
    throw new TxFailure(
      'non-account',
      `Contract ${toHex(sender)} is not an account contract.`,
    );
  }
}

/**
 * Executes one transaction on an overlay of `base`: validation, execution
 * (reverting on panic), nonce bump and the STRK fee transfer.
 *
 * @param base - The state to run on.
 * @param tx - The transaction.
 * @param options - Validation/fee options and the class resolver.
 * @returns The outcome; the caller commits `outcome.state` or drops it.
 */
export function executeTransaction(
  base: StateReader,
  tx: ParsedTx,
  options: ExecOptions,
): TxOutcome {
  const state = new Overlay(base);
  const env: ExecEnv = {
    state,
    tx: {
      hash: tx.hash,
      signature: tx.signature,
      nonce: tx.nonce,
      sender: tx.sender,
    },
    events: [],
    deployed: [],
    resolve: options.resolve,
    ...(options.block ? { block: options.block } : {}),
  };
  const outcome: TxOutcome = {
    status: 'SUCCEEDED',
    revertReason: undefined,
    events: env.events,
    fee: 0n,
    gas: gasUsage(tx),
    state,
    deployed: env.deployed,
    validateInvocation: undefined,
    executeInvocation: undefined,
    constructorInvocation: undefined,
    feeTransferInvocation: undefined,
  };
  outcome.fee = feeOf(outcome.gas, options.prices, tx.tip);
  const nonce = state.read(nonceKey(tx.sender));

  if (tx.type === 'DEPLOY_ACCOUNT') {
    if (state.read(declaredKey(tx.classHash)) === 0n) {
      throw new TxFailure(
        'class-not-found',
        `Class with hash ${toHex(tx.classHash)} is not declared.`,
      );
    }
    const native = options.resolve(tx.classHash);
    if (!native) {
      throw new TxFailure('not-executable', notExecutableMessage(tx.classHash));
    }
    if (!isAccount(native)) {
      throw new TxFailure('non-account', 'The class is not an account class.');
    }
    try {
      outcome.constructorInvocation = deployContract(
        env,
        0n,
        tx.sender,
        tx.classHash,
        tx.constructorCalldata,
      );
    } catch (error) {
      if (error instanceof ExecutionError) {
        throw new TxFailure('validation', error.message);
      }
      throw error;
    }
    if (options.validate) {
      outcome.validateInvocation = runValidate(
        env,
        tx.sender,
        '__validate_deploy__',
        [tx.classHash, tx.salt, ...tx.constructorCalldata],
      );
    }
  } else {
    assertAccount(state, tx.sender, options.resolve);
    if (options.validate) {
      outcome.validateInvocation =
        tx.type === 'INVOKE'
          ? runValidate(env, tx.sender, '__validate__', tx.calldata)
          : runValidate(env, tx.sender, '__validate_declare__', [tx.classHash]);
    }
  }
  state.write(nonceKey(tx.sender), nonce + 1n);

  const execState = new Overlay(state);
  const execEnv: ExecEnv = { ...env, state: execState };
  const eventMark = env.events.length;
  const deployedMark = env.deployed.length;
  try {
    if (tx.type === 'INVOKE') {
      outcome.executeInvocation = callContract(
        execEnv,
        0n,
        tx.sender,
        selectorOf('__execute__'),
        tx.calldata,
      );
    } else if (tx.type === 'DECLARE') {
      execState.write(declaredKey(tx.classHash), tx.compiledClassHash || 1n);
    }
    if (
      options.chargeFee &&
      balanceOfToken(execState, STRK_ADDRESS, tx.sender) < outcome.fee
    ) {
      throw new ExecutionError(
        'Insufficient fee token balance to pay the fee.',
      );
    }
    execState.mergeInto(state);
  } catch (error) {
    if (!(error instanceof ExecutionError)) {
      throw error;
    }
    outcome.status = 'REVERTED';
    outcome.revertReason = error.message;
    outcome.executeInvocation = undefined;
    env.events.length = eventMark;
    env.deployed.length = deployedMark;
  }

  if (
    options.chargeFee &&
    balanceOfToken(state, STRK_ADDRESS, tx.sender) >= outcome.fee
  ) {
    const mask = (1n << 128n) - 1n;
    outcome.feeTransferInvocation = callContract(
      env,
      tx.sender,
      STRK_ADDRESS,
      selectorOf('transfer'),
      [SEQUENCER_ADDRESS, outcome.fee & mask, outcome.fee >> 128n],
    );
  }
  return outcome;
}
