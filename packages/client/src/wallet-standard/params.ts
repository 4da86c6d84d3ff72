import {
  array,
  literal,
  number,
  optional,
  record,
  string,
  type,
  union,
  unknown,
  validate,
} from 'superstruct';
import type { Struct } from 'superstruct';

import { WalletApiError, WalletApiErrorCodes } from './errors';

// Runtime checks of wallet API params: dapps call from JavaScript, so the
// types alone do not guarantee the shapes. Extra fields are tolerated.

const ApiVersionStruct = optional(string());

export const ApiVersionRequestStruct = optional(
  type({ api_version: ApiVersionStruct }),
);

export const RequestAccountsStruct = optional(
  type({ silent_mode: optional(union([literal(true), literal(false)])) }),
);

export const SwitchChainStruct = type({
  chainId: string(),
  silent_mode: optional(union([literal(true), literal(false)])),
});

export const WatchAssetStruct = type({
  type: literal('ERC20'),
  options: type({
    address: string(),
    symbol: optional(string()),
    decimals: optional(number()),
    image: optional(string()),
    name: optional(string()),
  }),
});

const WalletCallStruct = type({
  contract_address: string(),
  entry_point: string(),
  calldata: optional(array(string())),
});

/** `{calls}` as the spec has it, or a bare array as older dapps send. */
export const InvokeStruct = union([
  type({ calls: array(WalletCallStruct) }),
  array(WalletCallStruct),
]);

export const DeclareStruct = type({
  compiled_class_hash: string(),
  class_hash: optional(string()),
  contract_class: record(string(), unknown()),
});

export const TypedDataStruct = type({
  types: record(string(), array(type({ name: string(), type: string() }))),
  primaryType: string(),
  domain: record(string(), unknown()),
  message: record(string(), unknown()),
});

/**
 * Checks wallet API params, answering INVALID_REQUEST_PAYLOAD (114) with
 * the first problem when they do not fit.
 *
 * @param params - The params the dapp sent.
 * @param struct - Their expected shape.
 * @returns The params, typed.
 */
export function checkParams<Value>(
  params: unknown,
  struct: Struct<Value, unknown>,
): Value {
  const [failure, value] = validate(params, struct);
  if (failure) {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      failure.message,
    );
  }
  return value;
}
