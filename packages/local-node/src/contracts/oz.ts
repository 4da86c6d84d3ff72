/* eslint-disable @typescript-eslint/naming-convention -- Cairo entry point names */
import {
  VALID,
  runCalls,
  serializeResults,
  supportsInterface,
  txInfo,
} from './account-common';
import { CalldataReader } from './calls';
import { verifyStark } from './signature';
import { readSlot, varSlot, writeSlot } from './storage-vars';
import type { CallContext, NativeClass } from './types';
import { ExecutionError } from '../base/errors';

/** Class hash used for the OpenZeppelin-style predeployed accounts (as starknet-devnet's). */
export const OZ_CLASS_HASH =
  0x05b4b537eaa2399e3aa99c4e2e0208ebd6c71bc1467938cd52c798c601e43564n;

const publicKey = (ctx: CallContext): bigint =>
  readSlot(ctx.env.state, ctx.self, varSlot('Account_public_key'));

const isValid = (
  ctx: CallContext,
  hash: bigint,
  signature: bigint[],
): boolean =>
  signature.length === 2 &&
  verifyStark(publicKey(ctx), hash, signature[0] ?? 0n, signature[1] ?? 0n);

const validateTx = (ctx: CallContext): bigint[] => {
  const tx = txInfo(ctx);
  if (!isValid(ctx, tx.hash, tx.signature)) {
    throw new ExecutionError('Account: invalid signature');
  }
  return [VALID];
};

const isValidSignature = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const hash = reader.felt();
  return [isValid(ctx, hash, reader.array()) ? VALID : 0n];
};

const getPublicKey = (ctx: CallContext): bigint[] => [publicKey(ctx)];

/** Native emulation of an OpenZeppelin Cairo 1 account. */
export const OZ_CLASS: NativeClass = {
  kind: 'oz',
  construct: (ctx, calldata) => {
    const key = new CalldataReader(calldata).felt();
    writeSlot(ctx.env.state, ctx.self, varSlot('Account_public_key'), key);
    return [];
  },
  entries: {
    __validate__: validateTx,
    __validate_declare__: validateTx,
    __validate_deploy__: validateTx,
    __execute__: (ctx, calldata) => serializeResults(runCalls(ctx, calldata)),
    is_valid_signature: isValidSignature,
    isValidSignature,
    supports_interface: supportsInterface,
    supportsInterface,
    get_public_key: getPublicKey,
    getPublicKey,
  },
};
