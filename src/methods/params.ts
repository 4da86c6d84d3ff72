import {
  literal,
  object,
  optional,
  pattern,
  size,
  string,
  union,
} from 'superstruct';
import type { Infer } from 'superstruct';

import { AddressStruct, FeltStruct } from './structs';
import { InvalidInputError } from '../errors';

/**
 * The sender of a request that may name it `address` or `senderAddress`.
 *
 * @param address - The `address` param.
 * @param senderAddress - The `senderAddress` param.
 * @returns The sender.
 */
export function senderOf(
  address: string | undefined,
  senderAddress: string | undefined,
): string {
  if (address && senderAddress && address !== senderAddress) {
    throw new InvalidInputError(
      'senderAddress',
      'differs from address; give one sender',
    );
  }
  const sender = address ?? senderAddress;
  if (!sender) {
    throw new InvalidInputError('address', 'is required (or senderAddress)');
  }
  return sender;
}

/**
 * How a transaction's fee is paid through the network's SNIP-29 paymaster,
 * in the spirit of starknet.js's `PaymasterDetails`: `feeMode` `default`
 * with a `gasToken` (a token the wallet tracks on the network, which the
 * paymaster takes), or `sponsored` (the dapp's sponsorship, with its
 * `apiKey` when its paymaster needs one); `maxFeeInGasToken` caps the fee
 * (smallest units of the gas token).
 */
export const PaymasterParamStruct = object({
  feeMode: union([
    object({ mode: literal('sponsored') }),
    object({ mode: literal('default'), gasToken: AddressStruct }),
  ]),
  maxFeeInGasToken: optional(FeltStruct),
  apiKey: optional(size(pattern(string(), /^[\x21-\x7e]+$/u), 1, 256)),
});

export type PaymasterParam = Infer<typeof PaymasterParamStruct>;

/** The details a transaction of the account would sign. */
const SIGNED_DETAILS = new Set([
  'nonce',
  'maxFee',
  'tip',
  'resourceBounds',
  'paymasterData',
  'accountDeploymentData',
  'nonceDataAvailabilityMode',
  'feeDataAvailabilityMode',
]);

/**
 * Refuses transaction details beside a paymaster: the paymaster's relayer
 * sends the transaction and pays its gas, so the account's own nonce,
 * bounds and tip are not signed.
 *
 * @param details - The details given.
 * @param field - Their param name.
 */
export function assertNoDetails(
  details: Record<string, unknown> | undefined,
  field: string,
): void {
  const given = Object.entries(details ?? {}).filter(
    ([key, value]) => value !== undefined && SIGNED_DETAILS.has(key),
  );
  if (given.length > 0) {
    throw new InvalidInputError(
      field,
      `${given.map(([key]) => key).join(', ')}: not used with a paymaster (its relayer sends the transaction and pays the gas); leave them out`,
    );
  }
}
