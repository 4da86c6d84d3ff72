import * as fc from 'fast-check';
import {
  hash,
  OutsideExecutionTypesV1,
  OutsideExecutionTypesV2,
  shortString,
} from 'starknet';
import type { TypedData } from 'starknet';

import { CHAINS } from './typedDataArbitrary';
import { spellNumber } from './typedDataSpelling';
import { ADDRESS_BOUND, FELT_PRIME } from '../../src/protocol/values';

/**
 * Test code: fast-check generators of SNIP-9 outside executions, versions 1
 * and 2, as dapps build them: a meaning (caller, nonce, window, calls), then
 * one of its spellings.
 */

/** A SNIP-9 outside execution's meaning. */
export type OutsideMeaning = {
  version: '1' | '2';
  chain: string;
  anyCaller: boolean;
  caller: bigint;
  nonce: bigint;
  after: bigint;
  before: bigint;
  calls: { to: bigint; entrypoint: string; calldata: bigint[] }[];
};

/** Meanings of outside executions, versions 1 and 2. */
export const OUTSIDE_EXECUTIONS: fc.Arbitrary<OutsideMeaning> = fc.record({
  version: fc.constantFrom('1' as const, '2' as const),
  chain: fc.constantFrom(...CHAINS),
  anyCaller: fc.boolean(),
  caller: fc.bigInt({ min: 0n, max: ADDRESS_BOUND - 1n }),
  nonce: fc.bigInt({ min: 0n, max: FELT_PRIME - 1n }),
  after: fc.bigInt({ min: 0n, max: 2n ** 64n }),
  before: fc.bigInt({ min: 0n, max: 2n ** 64n }),
  calls: fc.array(
    fc.record({
      to: fc.bigInt({ min: 0n, max: ADDRESS_BOUND - 1n }),
      entrypoint: fc.constantFrom('transfer', 'approve', 'swap', 'do\u202Eit'),
      calldata: fc.array(fc.bigInt({ min: 0n, max: FELT_PRIME - 1n }), {
        maxLength: 4,
      }),
    }),
    { maxLength: 3 },
  ),
});

/**
 * One spelling of an outside execution, as a dapp builds it: SNIP-9's
 * types, its numbers as hex, decimal or numbers, its selectors as names or
 * hex (version 2), `ANY_CALLER` as text (version 1).
 *
 * @param meaning - Its meaning.
 * @returns The arbitrary.
 */
export function spellOutsideExecution(
  meaning: OutsideMeaning,
): fc.Arbitrary<TypedData> {
  const v1 = meaning.version === '1';
  const caller = meaning.anyCaller
    ? BigInt(shortString.encodeShortString('ANY_CALLER'))
    : meaning.caller;
  const number = (value: bigint, type: string): fc.Arbitrary<unknown> =>
    spellNumber(type, {
      kind: 'number',
      value,
      ...(meaning.anyCaller && v1 && value === caller
        ? { text: 'ANY_CALLER' }
        : {}),
    });
  const calls = meaning.calls.map(({ to, entrypoint, calldata }) =>
    fc.record({
      to: number(to, v1 ? 'felt' : 'ContractAddress'),
      selector: spellNumber(v1 ? 'felt' : 'selector', {
        kind: 'number',
        value: BigInt(hash.getSelectorFromName(entrypoint)),
        ...(v1 ? {} : { text: entrypoint }),
      }),
      calldata: fc.tuple(...calldata.map((item) => number(item, 'felt'))),
    }),
  );
  return fc
    .tuple(
      fc.tuple(...calls),
      number(caller, v1 ? 'felt' : 'ContractAddress'),
      number(meaning.nonce, 'felt'),
      number(meaning.after, v1 ? 'felt' : 'u128'),
      number(meaning.before, v1 ? 'felt' : 'u128'),
    )
    .map(([spelt, callerSpelt, nonce, after, before]) => ({
      types: v1 ? OutsideExecutionTypesV1 : OutsideExecutionTypesV2,
      primaryType: 'OutsideExecution',
      domain: {
        name: 'Account.execute_from_outside',
        version: meaning.version,
        chainId: meaning.chain,
        ...(v1 ? {} : { revision: '1' }),
      },
      message: v1
        ? {
            caller: callerSpelt,
            nonce,
            execute_after: after,
            execute_before: before,
            calls_len: spelt.length,
            calls: spelt.map((call) => ({
              ...call,
              calldata_len: call.calldata.length,
            })),
          }
        : {
            Caller: callerSpelt,
            Nonce: nonce,
            'Execute After': after,
            'Execute Before': before,
            Calls: spelt.map(({ to, selector, calldata }) => ({
              To: to,
              Selector: selector,
              Calldata: calldata,
            })),
          },
    }));
}
