import { InvalidInputError } from '../errors';
import { fitsType, TYPE_NAMES } from '../protocol/values';
import type { ValueType } from '../protocol/values';

/**
 * The details of a v3 transaction: what a dapp gives, how the wallet
 * completes them, and which values it refuses — every one checked against
 * its Starknet type, so that the hash signs what the dialog shows.
 */

/** Versions a v3 transaction may carry: sent (0x3) or for fee queries. */
const V3 = '0x3';
const V3_QUERY = '0x100000000000000000000000000000003';

/** One resource's bound, in hex. */
type ResourceBound = { max_amount: string; max_price_per_unit: string };

/**
 * Resource bounds in hex, as the params structs produce them and the node
 * takes them (src/methods/structs.ts checks that its struct matches this).
 */
export type ResourceBoundsHex = {
  l1_gas: ResourceBound;
  l2_gas: ResourceBound;
  l1_data_gas: ResourceBound;
};

/** The fields every v3 transaction hash is made of, all known. */
export type V3Details = {
  version: typeof V3 | typeof V3_QUERY;
  nonce: string;
  resourceBounds: ResourceBoundsHex;
  tip: string;
  paymasterData: string[];
  accountDeploymentData: string[];
  nonceDataAvailabilityMode: 'L1' | 'L2';
  feeDataAvailabilityMode: 'L1' | 'L2';
};

/** Details as the dapp gave them: any field may be missing. */
export type PartialDetails = {
  version?: string | undefined;
  nonce?: string | undefined;
  resourceBounds?: ResourceBoundsHex | undefined;
  tip?: string | undefined;
  paymasterData?: string[] | undefined;
  accountDeploymentData?: string[] | undefined;
  nonceDataAvailabilityMode?: 'L1' | 'L2' | undefined;
  feeDataAvailabilityMode?: 'L1' | 'L2' | undefined;
};

/**
 * Checks the version: only v3 transactions exist on Starknet since 0.14.
 *
 * @param version - The version the dapp gave, if any.
 * @param field - The param name to blame.
 * @returns The version to hash with.
 */
export function v3Version(
  version: string | undefined,
  field: string,
): V3Details['version'] {
  if (version === undefined) {
    return V3;
  }
  const value = BigInt(version);
  if (value === BigInt(V3)) {
    return V3;
  }
  if (value === BigInt(V3_QUERY)) {
    return V3_QUERY;
  }
  throw new InvalidInputError(
    field,
    `transaction version ${version} is not supported; only v3 (0x3) is`,
  );
}

/**
 * Checks a dapp's details before anything is asked of the node: only v3
 * versions, and none of the signed fields a dialog could not show
 * faithfully: a paymaster
 * (its data is opaque, and Argent 0.3.1 refuses paymasters), account
 * deployment data (Starknet does not deploy inside another transaction
 * yet) and L2 data availability (Starknet supports L1 only). Each is part of
 * the transaction hash, so a non-default value cannot be left unshown.
 *
 * @param details - The dapp's details.
 * @param field - The param name to blame.
 */
export function checkSignableDetails(
  details: PartialDetails,
  field: string,
): void {
  v3Version(details.version, `${field}.version`);
  if ((details.paymasterData ?? []).length > 0) {
    throw new InvalidInputError(
      `${field}.paymasterData`,
      'must be empty: this wallet does not sign paymaster transactions (Argent 0.3.1 accounts refuse them)',
    );
  }
  if ((details.accountDeploymentData ?? []).length > 0) {
    throw new InvalidInputError(
      `${field}.accountDeploymentData`,
      'must be empty: Starknet does not deploy an account inside another transaction',
    );
  }
  for (const mode of [
    'nonceDataAvailabilityMode',
    'feeDataAvailabilityMode',
  ] as const) {
    if ((details[mode] ?? 'L1') !== 'L1') {
      throw new InvalidInputError(
        `${field}.${mode}`,
        'must be L1: Starknet supports L1 data availability only',
      );
    }
  }
}

/**
 * Completes details whose nonce and resource bounds are known; the rest take
 * the protocol defaults (no tip, no paymaster, L1 data availability).
 *
 * @param details - The dapp's details.
 * @param field - The param name to blame.
 * @param known - Values to use where the dapp gave none (from the node).
 * @param known.nonce - The account's nonce.
 * @param known.resourceBounds - Estimated resource bounds.
 * @returns Complete details.
 */
export function completeDetails(
  details: PartialDetails,
  field: string,
  known: { nonce?: string; resourceBounds?: ResourceBoundsHex } = {},
): V3Details {
  const nonce = details.nonce ?? known.nonce;
  const resourceBounds = details.resourceBounds ?? known.resourceBounds;
  if (nonce === undefined) {
    throw new InvalidInputError(`${field}.nonce`, 'is required');
  }
  if (resourceBounds === undefined) {
    throw new InvalidInputError(`${field}.resourceBounds`, 'is required');
  }
  const complete: V3Details = {
    version: v3Version(details.version, `${field}.version`),
    nonce,
    resourceBounds,
    tip: details.tip ?? '0x0',
    paymasterData: details.paymasterData ?? [],
    accountDeploymentData: details.accountDeploymentData ?? [],
    nonceDataAvailabilityMode: details.nonceDataAvailabilityMode ?? 'L1',
    feeDataAvailabilityMode: details.feeDataAvailabilityMode ?? 'L1',
  };
  const [problem] = detailsProblems(complete);
  if (problem) {
    throw new InvalidInputError(`${field}.${problem.path}`, problem.reason);
  }
  return complete;
}

/** A value of a transaction that is not of its Starknet type. */
export type TypeProblem = { path: string; reason: string };

/**
 * Checks values against their Starknet types.
 *
 * @param values - Each value's path, text and type.
 * @returns One problem per value that is not hex of its type.
 */
export function typeProblems(
  values: [path: string, value: string, type: ValueType][],
): TypeProblem[] {
  return values.flatMap(([path, value, type]) =>
    /^0x[0-9a-f]+$/iu.test(value) && fitsType(BigInt(value), type)
      ? []
      : [{ path, reason: `${value} is not ${TYPE_NAMES[type]}` }],
  );
}

/**
 * Every value of v3 details that does not fit its protocol type: the nonce
 * (felt), each resource's amount (u64) and price (u128), the tip (u64), the
 * paymaster and deployment data (felts). The hash packs an amount and a
 * price into one felt and reduces the rest modulo the prime, so a value
 * past its type would sign something else than what is shown.
 *
 * @param details - Complete details.
 * @returns The problems (empty when every value fits).
 */
export function detailsProblems(details: V3Details): TypeProblem[] {
  const bounds = (['l1_gas', 'l2_gas', 'l1_data_gas'] as const).flatMap(
    (resource): [string, string, ValueType][] => [
      [
        `resourceBounds.${resource}.max_amount`,
        details.resourceBounds[resource].max_amount,
        'u64',
      ],
      [
        `resourceBounds.${resource}.max_price_per_unit`,
        details.resourceBounds[resource].max_price_per_unit,
        'u128',
      ],
    ],
  );
  const felts = (name: string, list: string[]): [string, string, ValueType][] =>
    list.map((value, index) => [`${name}.${index}`, value, 'felt']);
  return typeProblems([
    ['nonce', details.nonce, 'felt'],
    ['tip', details.tip, 'u64'],
    ...bounds,
    ...felts('paymasterData', details.paymasterData),
    ...felts('accountDeploymentData', details.accountDeploymentData),
  ]);
}
