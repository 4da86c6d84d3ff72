import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  literal,
  max,
  min,
  number,
  object,
  optional,
  record,
  refine,
  size,
  string,
  trimmed,
  type,
  union,
  unknown,
} from 'superstruct';
import type { Struct } from 'superstruct';

import { DEFAULT_CHAIN_ID } from '../config';
import { InvalidInputError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { MAX_ABI_LOOKUPS } from '../node/contractAbis';
import {
  ADDRESS_BOUND,
  chainIdProblem,
  fitsType,
  toHex,
  TYPE_NAMES,
} from '../protocol/values';
import type { ResourceBoundsHex } from '../signing/details';
import { MAX_ADDRESS_INDEX, MAX_RPC_URL } from '../state/schema';
import { nameProblem } from '../text';

/**
 * Refuses a value holding, at any depth, an object with a member named
 * `toString`. From JSON that member can only be data, and such an object
 * cannot be turned into text: superstruct's failure message for it (and
 * any `${value}` or BigInt of it) would throw instead of naming the field.
 * Walks iteratively, so deep nesting cannot exhaust the stack.
 *
 * @param value - Params, or JSON text's value, as received.
 * @param field - The param the value is, for the message.
 * @throws {InvalidInputError} Naming the object's path.
 */
export function refuseToStringMembers(value: unknown, field = ''): void {
  const pending: [unknown, string][] = [[value, field]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'object' && current !== null) {
      if (Object.hasOwn(current, 'toString')) {
        throw new InvalidInputError(
          path === '' ? 'toString' : `${path}.toString`,
          'a member named toString is not accepted',
        );
      }
      for (const [key, child] of Object.entries(current)) {
        pending.push([child, path === '' ? key : `${path}.${key}`]);
      }
    }
  }
}

/**
 * A struct whose value has a default when the caller leaves it out. The
 * `hasDefault` mark lets the dapp client type such params as optional (a
 * plain `defaulted` struct is typed as required).
 */
export type Defaulted<Type, Schema> = Struct<Type, Schema> & {
  readonly hasDefault: true;
};

/**
 * `defaulted`, marked so that callers' types see the field as optional.
 *
 * @param struct - The struct of the value.
 * @param fallback - The default, or a function making it.
 * @returns The marked struct.
 */
export function withDefault<Type, Schema>(
  struct: Struct<Type, Schema>,
  fallback: Type | (() => Type),
): Defaulted<Type, Schema> {
  return Object.assign(defaulted(struct, fallback), {
    hasDefault: true as const,
  });
}

const HEX = /^0x[0-9a-f]+$/iu;
const DECIMAL = /^[0-9]+$/u;

/**
 * Parses a felt given as hex text, decimal text or a safe integer (what
 * FeltStruct coerces: JSON has no bigint).
 *
 * @param value - The value to parse.
 * @returns The value as a bigint, or undefined when it is not a felt.
 */
function parseFelt(value: string | number): bigint | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0
      ? BigInt(value)
      : undefined;
  }
  if (HEX.test(value) || DECIMAL.test(value)) {
    const parsed = BigInt(value);
    return fitsType(parsed, 'felt') ? parsed : undefined;
  }
  return undefined;
}

/** A felt as canonical hex text (`0x` + lower-case digits, no padding). */
export const FeltStruct = coerce(
  refine(string(), 'felt', (value) =>
    HEX.test(value) && fitsType(BigInt(value), 'felt')
      ? true
      : 'Expected a felt (hex or decimal, below the Stark prime)',
  ),
  union([string(), number()]),
  (value) => {
    const parsed = parseFelt(value);
    return parsed === undefined ? String(value) : toHex(parsed);
  },
);

/**
 * An unsigned integer of a protocol width, as canonical hex text: what the
 * transaction hash packs into a fixed number of bits, so a wider value would
 * spill into its neighbour (a resource bound's amount into its price).
 *
 * @param width - The width.
 * @returns The struct.
 */
function unsignedStruct(width: 'u64' | 'u128'): Struct<string, null> {
  return refine(FeltStruct, width, (value) =>
    fitsType(BigInt(value), width) ? true : `Expected ${TYPE_NAMES[width]}`,
  );
}

/** An unsigned 64-bit integer (resource amounts, the tip), as hex text. */
export const U64Struct = unsignedStruct('u64');

/** An unsigned 128-bit integer (prices, u256 halves), as hex text. */
export const U128Struct = unsignedStruct('u128');

/** A contract address, canonical: `0x` + 64 lower-case hex digits. */
export const AddressStruct = coerce(
  refine(string(), 'address', (value) => {
    if (!HEX.test(value) || value.length !== 66) {
      return 'Expected a Starknet address (hex felt below 2^251)';
    }
    const parsed = BigInt(value);
    return (
      (parsed > 0n && parsed < ADDRESS_BOUND) ||
      'Expected a Starknet address (hex felt below 2^251, not zero)'
    );
  }),
  string(),
  (value) =>
    HEX.test(value) && value.length <= 66 ? normaliseAddress(value) : value,
);

/**
 * A chain id (hex), canonical (no leading zeros): a short string of 1 to 31
 * printable ASCII characters, as every Starknet chain id is. A hex value
 * past the prime would hash like another chain's id (the hash reduces it).
 */
export const RequiredChainIdStruct = coerce(
  refine(string(), 'chainId', (value) => {
    if (!HEX.test(value)) {
      return 'Expected a hex chain id';
    }
    return chainIdProblem(BigInt(value)) ?? true;
  }),
  string(),
  (value) => (HEX.test(value) ? toHex(BigInt(value)) : value),
);

/** A chain id; absent means the testnet. Support is checked by the handler. */
export const ChainIdStruct = withDefault(
  RequiredChainIdStruct,
  DEFAULT_CHAIN_ID,
);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A node's JSON-RPC URL: https, or http on this computer only (a local
 * devnet); no credentials in it (an API key belongs in the path), at most
 * MAX_RPC_URL characters.
 */
export const RpcUrlStruct = refine(
  size(string(), 1, MAX_RPC_URL),
  'rpcUrl',
  (value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return 'Expected an http(s) URL';
    }
    if (url.username !== '' || url.password !== '') {
      return 'Expected no user name or password in the URL (put an API key in its path)';
    }
    if (url.protocol === 'https:') {
      return true;
    }
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
      ? true
      : 'Expected https (plain http only for localhost)';
  },
);

/**
 * A name the wallet stores and shows (a network's, a token's, an
 * account's): trimmed, 1 to `maxLength` characters, every one visible, one
 * alphabet (see nameProblem).
 *
 * @param maxLength - The longest name.
 * @returns The struct.
 */
export function nameStruct(maxLength: number): Struct<string, null> {
  return refine(
    size(trimmed(string()), 1, maxLength),
    'name',
    (value) => nameProblem(value) ?? true,
  );
}

/** A BIP-44 address index (0 to 2^31 − 1); numeric text is accepted. */
export const IndexStruct = coerce(
  max(min(integer(), 0), MAX_ADDRESS_INDEX),
  refine(string(), 'integer text', (value) => DECIMAL.test(value)),
  Number,
);

/** The most calls one transaction may carry and still be shown whole. */
const MAX_CALLS = 32;
/** The most calldata felts one call may carry and still be shown whole. */
const MAX_CALLDATA = 2048;
/** The longest entrypoint name (Cairo names are far shorter). */
const MAX_ENTRYPOINT = 256;

/** A call of a multicall, as dapps send it. */
export const CallStruct = object({
  contractAddress: AddressStruct,
  entrypoint: refine(string(), 'entrypoint', (value) =>
    value.length > 0 && value.length <= MAX_ENTRYPOINT
      ? true
      : `Expected an entrypoint name of 1 to ${MAX_ENTRYPOINT} characters`,
  ),
  calldata: withDefault(size(array(FeltStruct), 0, MAX_CALLDATA), () => []),
});

/**
 * The calls of one transaction: at least one, and no more than a dialog can
 * show (each call is shown whole, calldata included), to at most
 * MAX_ABI_LOOKUPS distinct contracts (each is looked up on chain before
 * its calls are shown; refused here, before the node is asked).
 */
export const CallsStruct = refine(
  size(array(CallStruct), 1, MAX_CALLS),
  'distinct contracts',
  (calls) => {
    const contracts = new Set(
      calls.map(({ contractAddress }) => contractAddress),
    );
    return contracts.size <= MAX_ABI_LOOKUPS
      ? true
      : `Expected calls to at most ${MAX_ABI_LOOKUPS} distinct contracts (each is looked up on chain to show its calls), got ${contracts.size}`;
  },
);

/** One resource's bound: the hash packs the amount in 64 bits, the price in 128. */
const ResourceBoundStruct = type({
  max_amount: U64Struct,
  max_price_per_unit: U128Struct,
});

const ZERO_BOUND = { max_amount: '0x0', max_price_per_unit: '0x0' };

/** Resource bounds; what it produces is the signing code's ResourceBoundsHex. */
export const ResourceBoundsStruct = type({
  l1_gas: ResourceBoundStruct,
  l2_gas: ResourceBoundStruct,
  l1_data_gas: withDefault(ResourceBoundStruct, () => ({ ...ZERO_BOUND })),
}) satisfies Struct<ResourceBoundsHex, unknown>;

const DataAvailabilityModeStruct = coerce(
  enums(['L1', 'L2']),
  union([literal(0), literal(1), string()]),
  (value) => {
    if (value === 0 || value === '0' || value === '0x0') {
      return 'L1';
    }
    if (value === 1 || value === '1' || value === '0x1') {
      return 'L2';
    }
    return value;
  },
);

/**
 * Transaction details (`details`, `invocationsDetails`, `transactionsDetail`).
 * Every field is optional; unknown extra fields are tolerated, because
 * starknet.js sends its signer details (walletAddress, cairoVersion, ...).
 */
export const DetailsStruct = type({
  nonce: optional(FeltStruct),
  blockIdentifier: optional(union([string(), number()])),
  maxFee: optional(FeltStruct),
  tip: optional(U64Struct),
  paymasterData: optional(array(FeltStruct)),
  accountDeploymentData: optional(array(FeltStruct)),
  nonceDataAvailabilityMode: optional(DataAvailabilityModeStruct),
  feeDataAvailabilityMode: optional(DataAvailabilityModeStruct),
  version: optional(FeltStruct),
  resourceBounds: optional(ResourceBoundsStruct),
  skipValidate: optional(boolean()),
});

const TypedDataObjectStruct = type({
  types: record(string(), array(type({ name: string(), type: string() }))),
  primaryType: string(),
  domain: record(string(), unknown()),
  message: record(string(), unknown()),
});

/**
 * SNIP-12 typed data, given as an object or as its JSON text (the seed's
 * method list declares text, its request shape passes an object).
 */
export const TypedDataStruct = coerce(
  TypedDataObjectStruct,
  string(),
  (text) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return text;
    }
    refuseToStringMembers(parsed, 'typedDataMessage');
    return parsed;
  },
);

/** A list of felts, as an array or as comma-joined text. */
export const SignatureStruct = coerce(
  refine(array(FeltStruct), 'signature', (value) =>
    value.length >= 2 ? true : 'Expected at least two signature values',
  ),
  string(),
  (text) => text.split(',').map((part) => part.trim()),
);

/** A fee estimate as the estimate methods answer it (see toFeeEstimate). */
export const FeeEstimateResult = object({
  suggestedMaxFee: string(),
  overallFee: string(),
  gasConsumed: string(),
  gasPrice: string(),
  unit: literal('wei'),
});
