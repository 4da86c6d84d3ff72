import {
  array,
  integer,
  literal,
  max,
  min,
  optional,
  record,
  refine,
  string,
  type,
  union,
  unknown,
  validate,
} from 'superstruct';
import type { Struct } from 'superstruct';

import { shown, WalletApiError, WalletApiErrorCodes } from './errors';
import type { WalletApiErrorCode } from './errors';

// Runtime checks of wallet API params: dapps call from JavaScript, so the
// types alone do not guarantee the shapes. Extra fields are tolerated.

/** A wallet API request: `{type, params?}`. */
export const RequestCallStruct = type({ type: string() });

/** Params, when given, are an object (or the legacy array of calls). */
export const ParamsContainerStruct = optional(type({}));

const SilentModeStruct = optional(union([literal(true), literal(false)]));

export const RequestAccountsStruct = optional(
  type({ silent_mode: SilentModeStruct }),
);

const HEX_FELT = /^0x[0-9a-fA-F]{1,64}$/u;

/** Printable ASCII of a short string: what a chain name can be. */
const SHORT_STRING = /^[\x20-\x7e]{1,31}$/u;

/** A felt written as the spec writes it: `0x` and hex digits. */
const HexFeltStruct = refine(string(), 'hex felt', (value) =>
  HEX_FELT.test(value) ? true : `Expected 0x-prefixed hex, not ${shown(value)}`,
);

/**
 * A chain id as the spec has it: the hex of its name. A name given in its
 * place is refused with its hex in the message.
 */
const ChainIdStruct = refine(string(), 'chainId', (value) => {
  if (HEX_FELT.test(value)) {
    return true;
  }
  const hint = SHORT_STRING.test(value)
    ? ` (the chain id of ${value} is 0x${Array.from(value, (char) =>
        char.charCodeAt(0).toString(16).padStart(2, '0'),
      ).join('')})`
    : '';
  return `Expected the 0x-prefixed hex of the chain's name, not ${shown(value)}${hint}`;
});

export const SwitchChainStruct = type({
  chainId: ChainIdStruct,
  silent_mode: SilentModeStruct,
});

/**
 * `wallet_addStarknetChain`: the spec's StarknetChain. The snap needs a node
 * URL, so `rpc_urls` must hold one; the other optional fields are tolerated
 * and not used.
 */
export const AddChainStruct = type({
  id: string(),
  chain_id: ChainIdStruct,
  chain_name: string(),
  rpc_urls: optional(array(string())),
});

export const WatchAssetStruct = type({
  type: literal('ERC20'),
  options: type({
    address: HexFeltStruct,
    symbol: optional(string()),
    decimals: optional(max(min(integer(), 0), 255)),
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
 * Checks wallet API params, answering `code` (by default
 * INVALID_REQUEST_PAYLOAD, 114; see inputErrorCode) with the first problem
 * when they do not fit.
 *
 * @param params - The params the dapp sent.
 * @param struct - Their expected shape.
 * @param code - The method's code for malformed params.
 * @returns The params, typed.
 */
export function checkParams<Value>(
  params: unknown,
  struct: Struct<Value, unknown>,
  code: WalletApiErrorCode = WalletApiErrorCodes.InvalidRequestPayload,
): Value {
  const [failure, value] = validate(params, struct);
  if (failure) {
    throw new WalletApiError(code, failure.message);
  }
  return value;
}

/**
 * The `api_version` a request asks for, if any.
 *
 * @param params - The request's params.
 * @returns The version, or undefined when none is asked.
 * @throws {WalletApiError} API_VERSION_NOT_SUPPORTED (162) when it is not
 * a string.
 */
export function requestedApiVersion(params: unknown): string | undefined {
  if (
    typeof params !== 'object' ||
    params === null ||
    Array.isArray(params) ||
    !('api_version' in params)
  ) {
    return undefined;
  }
  const { api_version: version } = params;
  if (typeof version !== 'string') {
    throw new WalletApiError(
      WalletApiErrorCodes.ApiVersionNotSupported,
      `api_version must be a string such as "0.8", not ${shown(version)}`,
    );
  }
  return version;
}
