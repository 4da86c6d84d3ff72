import { paymasterError } from './errors';
import { invalidParams } from '../base/errors';
import { parseFelt, parseFeltArray } from '../base/felt';
import { expectObject } from '../chain/txs';
import type {
  OutsideCall,
  OutsideExecution,
} from '../contracts/outside-execution';

/** SNIP-29's FEE_MODE: sponsored, or paid in a gas token. */
export type FeeMode =
  | { mode: 'sponsored' }
  | { mode: 'default'; gasToken: bigint };

/** SNIP-29's USER_PARAMETERS (version 0x1). */
export type ExecutionParameters = {
  feeMode: FeeMode;
  timeBounds: { executeAfter: bigint; executeBefore: bigint } | undefined;
};

/**
 * Reads SNIP-29's USER_PARAMETERS. A tip is accepted and ignored: the local
 * node's blocks include every transaction at once.
 *
 * @param value - The `parameters` param.
 * @returns The parameters.
 */
export function parseParameters(value: unknown): ExecutionParameters {
  const raw = expectObject(value, 'parameters');
  if (raw.version !== '0x1') {
    throw invalidParams('parameters.version: expected "0x1"');
  }
  const fee = expectObject(raw.fee_mode, 'parameters.fee_mode');
  let feeMode: FeeMode;
  if (fee.mode === 'sponsored') {
    feeMode = { mode: 'sponsored' };
  } else if (fee.mode === 'default') {
    feeMode = {
      mode: 'default',
      gasToken: parseFelt(fee.gas_token, 'parameters.fee_mode.gas_token'),
    };
  } else {
    throw invalidParams(
      'parameters.fee_mode.mode: expected "sponsored" or "default"',
    );
  }
  if (raw.time_bounds === undefined || raw.time_bounds === null) {
    return { feeMode, timeBounds: undefined };
  }
  const bounds = expectObject(raw.time_bounds, 'parameters.time_bounds');
  // SNIP-29's TIMESTAMP is a decimal string; starknet.js 10 sends a number.
  const timestamp = (field: string): bigint => {
    const item = bounds[field];
    if (typeof item === 'number' && Number.isSafeInteger(item) && item >= 0) {
      return BigInt(item);
    }
    if (typeof item === 'string' && /^(?:0|[1-9]\d{0,15})$/u.test(item)) {
      return BigInt(item);
    }
    throw invalidParams(
      `parameters.time_bounds.${field}: expected a Unix time in seconds`,
    );
  };
  return {
    feeMode,
    timeBounds: {
      executeAfter: timestamp('execute_after'),
      executeBefore: timestamp('execute_before'),
    },
  };
}

/** SNIP-29's ACCOUNT_DEPLOYMENT_DATA, read. */
export type Deployment = {
  address: bigint;
  classHash: bigint;
  salt: bigint;
  calldata: bigint[];
  /** `sigdata` as sent (always empty), or undefined when left out. */
  sigdata: bigint[] | undefined;
};

/** A SNIP-29 transaction: an invoke, a deployment, or both. */
export type UserTransaction = {
  type: 'invoke' | 'deploy' | 'deploy_and_invoke';
  invoke: Record<string, unknown> | undefined;
  deployment: Deployment | undefined;
};

/**
 * Reads SNIP-29's ACCOUNT_DEPLOYMENT_DATA (Cairo 1 only: `version` 1). The
 * Argent 0.3.1 signature needs no extra data, so `sigdata` must be empty.
 *
 * @param value - The `deployment`.
 * @returns The deployment.
 */
function parseDeployment(value: unknown): Deployment {
  const raw = expectObject(value, 'transaction.deployment');
  if (raw.version !== 1) {
    throw invalidParams('transaction.deployment.version: expected 1');
  }
  // AVNU echoes a deployment sent without sigdata as `"sigdata": null`, and
  // reads null as absent (an Option, crates/paymaster-rpc/src/endpoint/common/mod.rs).
  const sigdata =
    raw.sigdata === undefined || raw.sigdata === null
      ? undefined
      : parseFeltArray(raw.sigdata, 'transaction.deployment.sigdata');
  if (sigdata && sigdata.length > 0) {
    throw paymasterError('INVALID_DEPLOYMENT_DATA');
  }
  return {
    address: parseFelt(raw.address, 'transaction.deployment.address'),
    classHash: parseFelt(raw.class_hash, 'transaction.deployment.class_hash'),
    salt: parseFelt(raw.salt, 'transaction.deployment.salt'),
    calldata: parseFeltArray(raw.calldata, 'transaction.deployment.calldata'),
    sigdata,
  };
}

/**
 * Reads a SNIP-29 transaction (USER_TRANSACTION or its executable form):
 * its type, its `invoke` part and its deployment.
 *
 * @param value - The `transaction` param.
 * @returns The transaction.
 */
export function parseUserTransaction(value: unknown): UserTransaction {
  const raw = expectObject(value, 'transaction');
  const { type } = raw;
  if (type !== 'invoke' && type !== 'deploy' && type !== 'deploy_and_invoke') {
    throw invalidParams(
      'transaction.type: expected "invoke", "deploy" or "deploy_and_invoke"',
    );
  }
  return {
    type,
    invoke:
      type === 'deploy'
        ? undefined
        : expectObject(raw.invoke, 'transaction.invoke'),
    deployment: type === 'invoke' ? undefined : parseDeployment(raw.deployment),
  };
}

/**
 * Reads a list of SNIP-29 CALLs (`{to, selector, calldata}`).
 *
 * @param value - The list.
 * @param name - Its name, for errors.
 * @returns The calls.
 */
export function parseCalls(value: unknown, name: string): OutsideCall[] {
  if (!Array.isArray(value)) {
    throw invalidParams(`${name}: expected an array of calls`);
  }
  return value.map((item, index) => {
    const call = expectObject(item, `${name}[${index}]`);
    return {
      to: parseFelt(call.to, `${name}[${index}].to`),
      selector: parseFelt(call.selector, `${name}[${index}].selector`),
      calldata: parseFeltArray(call.calldata, `${name}[${index}].calldata`),
    };
  });
}

/**
 * Reads the outside execution out of SNIP-9 version 1 typed data (the only
 * version Argent 0.3.1 implements). The types and domain are not trusted:
 * the account hashes the message with its own, so a signature over other
 * types does not verify.
 *
 * @param value - The `typed_data`.
 * @returns The execution.
 */
export function parseOutsideTypedData(value: unknown): OutsideExecution {
  const typed = expectObject(value, 'typed_data');
  const message = expectObject(typed.message, 'typed_data.message');
  if (!Array.isArray(message.calls)) {
    throw invalidParams(
      'typed_data.message.calls: expected SNIP-9 version 1 outside execution (Argent 0.3.1)',
    );
  }
  return {
    caller: parseFelt(message.caller, 'typed_data.message.caller'),
    nonce: parseFelt(message.nonce, 'typed_data.message.nonce'),
    executeAfter: parseFelt(
      message.execute_after,
      'typed_data.message.execute_after',
    ),
    executeBefore: parseFelt(
      message.execute_before,
      'typed_data.message.execute_before',
    ),
    calls: parseCalls(message.calls, 'typed_data.message.calls'),
  };
}
