/* eslint-disable @typescript-eslint/naming-convention -- Cairo entry point names */
import {
  VALID,
  runCalls,
  serializeResults,
  supportsInterface,
  txInfo,
} from './account-common';
import { CalldataReader, emit, selectorOf } from './calls';
import { executeFromOutside, isValidOutsideNonce } from './outside-execution';
import { verifyStark } from './signature';
import { readSlot, varSlot, writeSlot } from './storage-vars';
import type { CallContext, NativeClass } from './types';
import { ExecutionError } from '../base/errors';
import { shortString } from '../base/felt';

/** Argent account 0.3.1 class hash. */
export const ARGENT_CLASS_HASH =
  0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2bn;

/** Key of Argent's TransactionExecuted event. */
export const TRANSACTION_EXECUTED_KEY =
  0x1dcde06aabdbca2f80aa51392b345d7549d7757aa855f7e37f5d335ac8243b1n;

const owner = (ctx: CallContext): bigint =>
  readSlot(ctx.env.state, ctx.self, varSlot('_signer'));
const guardian = (ctx: CallContext): bigint =>
  readSlot(ctx.env.state, ctx.self, varSlot('_guardian'));

/**
 * Checks an owner (+ guardian when set) signature over a hash.
 *
 * @param ctx - The account's call context.
 * @param hash - The signed hash.
 * @param signature - [r, s] or [r, s, guardian_r, guardian_s].
 * @returns An Argent error string, or undefined when valid.
 */
function checkSignature(
  ctx: CallContext,
  hash: bigint,
  signature: bigint[],
): string | undefined {
  const guardianKey = guardian(ctx);
  const expected = guardianKey === 0n ? 2 : 4;
  if (signature.length !== expected) {
    return 'argent/invalid-signature-length';
  }
  const [sigR = 0n, sigS = 0n, gr = 0n, gs = 0n] = signature;
  if (!verifyStark(owner(ctx), hash, sigR, sigS)) {
    return 'argent/invalid-owner-sig';
  }
  if (guardianKey !== 0n && !verifyStark(guardianKey, hash, gr, gs)) {
    return 'argent/invalid-guardian-sig';
  }
  return undefined;
}

const validateTx = (ctx: CallContext): bigint[] => {
  const tx = txInfo(ctx);
  const error = checkSignature(ctx, tx.hash, tx.signature);
  if (error) {
    throw new ExecutionError(error);
  }
  return [VALID];
};

const isValidSignature = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const hash = reader.felt();
  const signature = reader.array();
  return [checkSignature(ctx, hash, signature) === undefined ? VALID : 0n];
};

const execute = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const results = runCalls(ctx, calldata);
  const response = serializeResults(results);
  emit(ctx, [TRANSACTION_EXECUTED_KEY, txInfo(ctx).hash], response);
  return response;
};

const construct = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const ownerKey = reader.felt();
  const guardianKey = reader.felt();
  if (ownerKey === 0n) {
    throw new ExecutionError('argent/null-owner');
  }
  writeSlot(ctx.env.state, ctx.self, varSlot('_signer'), ownerKey);
  writeSlot(ctx.env.state, ctx.self, varSlot('_guardian'), guardianKey);
  // As the real constructor: AccountCreated {#[key] owner, guardian}, then
  // OwnerAdded {#[key] new_owner_guid} (the owner key itself in 0.3.1).
  emit(ctx, [selectorOf('AccountCreated'), ownerKey], [guardianKey]);
  emit(ctx, [selectorOf('OwnerAdded'), ownerKey], []);
  return [];
};

/**
 * `execute_from_outside`: as Argent 0.3.1, it ends with TransactionExecuted
 * keyed by the outside execution's SNIP-12 message hash (not the relaying
 * transaction's hash), which is how a wallet finds the transaction that ran
 * what its owner signed.
 *
 * @param ctx - The account's call context.
 * @param calldata - The OutsideExecution and the signature.
 * @returns The serialised results of the calls.
 */
const outsideExecution = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const { results, hash } = executeFromOutside(
    ctx,
    calldata,
    (signed, signature) => checkSignature(ctx, signed, signature),
  );
  const response = serializeResults(results);
  emit(ctx, [TRANSACTION_EXECUTED_KEY, hash], response);
  return response;
};

/** SNIP-9's interface id (version 1), which Argent 0.3.1 answers true for. */
export const SNIP9_V1_INTERFACE_ID =
  0x68cfd18b92d1907b8ba3cc324900277f5a3622099431ea85dd8089255e4181n;

const argentSupportsInterface = (
  ctx: CallContext,
  calldata: bigint[],
): bigint[] =>
  new CalldataReader(calldata).felt() === SNIP9_V1_INTERFACE_ID
    ? [1n]
    : supportsInterface(ctx, calldata);

const constant = (values: bigint[]) => (): bigint[] => values;

/** Native emulation of Argent account 0.3.1. */
export const ARGENT_CLASS: NativeClass = {
  kind: 'argent',
  construct,
  entries: {
    __validate__: validateTx,
    __validate_declare__: validateTx,
    __validate_deploy__: validateTx,
    __execute__: execute,
    execute_from_outside: outsideExecution,
    is_valid_outside_execution_nonce: isValidOutsideNonce,
    is_valid_signature: isValidSignature,
    isValidSignature,
    supports_interface: argentSupportsInterface,
    supportsInterface: argentSupportsInterface,
    get_owner: (ctx) => [owner(ctx)],
    getSigner: (ctx) => [owner(ctx)],
    get_guardian: (ctx) => [guardian(ctx)],
    getGuardian: (ctx) => [guardian(ctx)],
    get_guardian_backup: constant([0n]),
    getGuardianBackup: constant([0n]),
    get_version: constant([0n, 3n, 1n]),
    getVersion: constant([shortString('0.3.1')]),
    get_name: constant([shortString('ArgentAccount')]),
    getName: constant([shortString('ArgentAccount')]),
    get_guardian_escape_attempts: constant([0n]),
    get_owner_escape_attempts: constant([0n]),
  },
};
