import {
  OutsideExecutionTypesV1,
  OutsideExecutionTypesV2,
  shortString,
} from 'starknet';
import type { TypedData } from 'starknet';

import { domainTypeOf } from './snip12';
import type { CheckedMember, CheckedValue, Schema } from './typedDataShapes';
import { InvalidInputError } from '../errors';
import { normaliseAddress } from '../keys/address';
import type { CallToShow } from '../protocol/calls';
import { ADDRESS_BOUND, printableShortString, toHex } from '../protocol/values';

/** SNIP-9's "anyone may submit this": the short string `ANY_CALLER`. */
export const ANY_CALLER = BigInt(shortString.encodeShortString('ANY_CALLER'));

/** The most calls an outside execution may carry and still be shown. */
const MAX_CALLS = 32;

/**
 * A SNIP-9 outside execution: a signature that lets `caller` run `calls`
 * from the account between two times, once (per nonce). Every member of
 * SNIP-9's types is here, as it is hashed (version 1's `calls_len` and
 * `calldata_len` are the lengths of the lists, or it is refused).
 */
export type OutsideExecution = {
  kind: 'outside-execution';
  version: '1' | '2';
  /** The caller felt (hex). */
  caller: string;
  anyCaller: boolean;
  /** The nonce felt (hex). */
  nonce: string;
  executeAfter: bigint;
  executeBefore: bigint;
  calls: CallToShow[];
};

/** Typed data recognised as granting execution, but not decodable as SNIP-9. */
export type OtherGrant = {
  kind: 'session' | 'calls';
  /** What the grant lets someone do, in a sentence. */
  reason: string;
};

export type ExecutionGrant = OutsideExecution | OtherGrant;

/** SNIP-9's types by version, as starknet.js builds them. */
const SNIP9_TYPES: Record<OutsideExecution['version'], TypedData['types']> = {
  '1': OutsideExecutionTypesV1,
  '2': OutsideExecutionTypesV2,
};

/**
 * A member name without case, spaces or underscores, so SNIP-9's two
 * spellings (`execute_after`, `Execute After`) read the same.
 *
 * @param name - A member name.
 * @returns Its plain form.
 */
function plain(name: string): string {
  return name.toLowerCase().replace(/[\s_]/gu, '');
}

/**
 * The SNIP-9 version whose types typed data uses exactly (its primary type
 * `OutsideExecution` and every type that reaches the hash, member for
 * member), or undefined.
 *
 * @param data - The typed data.
 * @param schema - Its checked types.
 * @returns The version.
 */
function snip9Version(
  data: TypedData,
  schema: Schema,
): OutsideExecution['version'] | undefined {
  const versions: OutsideExecution['version'][] = ['1', '2'];
  return versions.find((version) => {
    const expected = SNIP9_TYPES[version];
    const names = Object.keys(expected).filter(
      (name) => name !== domainTypeOf(schema.revision),
    );
    return (
      schema.revision === (version === '1' ? '0' : '1') &&
      data.primaryType === 'OutsideExecution' &&
      schema.definitions.size === names.length &&
      names.every((name) => {
        const given = schema.definitions.has(name) ? data.types[name] : [];
        return (
          JSON.stringify(
            given?.map(({ name: member, type }) => [member, type]),
          ) ===
          JSON.stringify(
            expected[name]?.map(({ name: member, type }) => [member, type]),
          )
        );
      })
    );
  });
}

/**
 * A value's felt or number, as checked.
 *
 * @param value - A checked value of SNIP-9's types (felt, address, u128).
 * @returns The number.
 */
function numberOf(value: CheckedValue | undefined): bigint {
  if (value?.kind === 'felt') {
    return value.felt;
  }
  return value?.kind === 'integer' ? value.value : 0n;
}

/**
 * The items of a checked array.
 *
 * @param value - A checked value.
 * @returns Its items (none when it is not an array).
 */
function itemsOf(value: CheckedValue | undefined): CheckedValue[] {
  return value?.kind === 'array' ? value.items : [];
}

/**
 * The members of a checked struct, by position.
 *
 * @param value - A checked value.
 * @returns Its members' values.
 */
function membersOf(value: CheckedValue | undefined): CheckedValue[] {
  return value?.kind === 'struct'
    ? value.members.map((member) => member.value)
    : [];
}

/**
 * Reads an outside execution from its checked message. In version 1 the
 * hashed list lengths must be the lists' lengths, and each call's target an
 * address, or it is refused: shown otherwise, the dialog would not be the
 * signature.
 *
 * @param version - Its SNIP-9 version.
 * @param message - Its checked message members, in SNIP-9's order.
 * @param field - The param name to blame.
 * @returns The outside execution.
 */
function readOutsideExecution(
  version: OutsideExecution['version'],
  message: CheckedMember[],
  field: string,
): OutsideExecution {
  const values = message.map((member) => member.value);
  const [caller, nonce, after, before] = values.map(numberOf);
  const callsMember = message[message.length - 1];
  const calls = itemsOf(callsMember?.value);
  const path = `${field}.message`;
  if (calls.length > MAX_CALLS) {
    throw new InvalidInputError(
      `${path}.${callsMember?.name ?? 'calls'}`,
      `has more than ${MAX_CALLS} calls: too many to show`,
    );
  }
  if (version === '1' && numberOf(values[4]) !== BigInt(calls.length)) {
    throw new InvalidInputError(
      `${path}.calls_len`,
      `must be the number of calls (${calls.length})`,
    );
  }
  const callsToShow = calls.map((call, index) => {
    const members = membersOf(call);
    const [to, selector] = members.map(numberOf);
    const calldata = itemsOf(members[members.length - 1]).map(numberOf);
    const callPath = `${path}.${callsMember?.name ?? 'calls'}.${index}`;
    if (version === '1' && numberOf(members[2]) !== BigInt(calldata.length)) {
      throw new InvalidInputError(
        `${callPath}.calldata_len`,
        `must be the length of calldata (${calldata.length})`,
      );
    }
    if ((to ?? 0n) >= ADDRESS_BOUND) {
      throw new InvalidInputError(
        `${callPath}.to`,
        'Expected a Starknet address (below 2^251)',
      );
    }
    return {
      contractAddress: normaliseAddress(toHex(to ?? 0n)),
      selector: toHex(selector ?? 0n),
      calldata: calldata.map(toHex),
    };
  });
  return {
    kind: 'outside-execution',
    version,
    caller: toHex(caller ?? 0n),
    anyCaller: caller === ANY_CALLER,
    nonce: toHex(nonce ?? 0n),
    executeAfter: after ?? 0n,
    executeBefore: before ?? 0n,
    calls: callsToShow,
  };
}

/**
 * Whether a struct is a call: `to`, `selector` and `calldata` members.
 *
 * @param members - Its members' names.
 * @returns Whether it is one.
 */
function isCallType(members: string[]): boolean {
  const names = new Set(members.map(plain));
  return names.has('to') && names.has('selector') && names.has('calldata');
}

/**
 * Whether typed data lets someone act for the account, and how: a SNIP-9
 * outside execution (version 1 or 2, SNIP-9's types exactly) is read into
 * its calls, caller, validity window and nonce; a session-key grant or any
 * other message carrying calls is recognised so that it is never shown as a
 * plain message. Typed data that looks like an outside execution but does
 * not have SNIP-9's types is refused: nothing else could show it as what it
 * is.
 *
 * @param data - The typed data.
 * @param schema - Its checked types.
 * @param values - Its checked domain and message.
 * @param values.domain - The domain's members.
 * @param values.message - The message's members.
 * @param field - The param name to blame.
 * @returns The grant, or undefined for a plain message.
 */
export function executionGrantOf(
  data: TypedData,
  schema: Schema,
  values: { domain: CheckedMember[]; message: CheckedMember[] },
  field: string,
): ExecutionGrant | undefined {
  const version = snip9Version(data, schema);
  if (version) {
    return readOutsideExecution(version, values.message, field);
  }
  const domainName = values.domain.find(({ name }) => name === 'name')?.value;
  const domainText =
    domainName?.kind === 'felt'
      ? (printableShortString(domainName.felt) ?? '')
      : '';
  const primaryMembers = new Set(
    schema.primary.members.map(({ name }) => plain(name)),
  );
  const outsideMembers = [
    'caller',
    'nonce',
    'executeafter',
    'executebefore',
    'calls',
  ];
  if (
    /outside.?execution/iu.test(data.primaryType) ||
    /execute_from_outside/iu.test(domainText) ||
    outsideMembers.every((name) => primaryMembers.has(name))
  ) {
    throw new InvalidInputError(
      field,
      'looks like an outside execution (SNIP-9) but does not have its types (version 1 or 2, exactly); it is refused rather than shown as a message',
    );
  }
  const definitions = [...schema.definitions.values()];
  if (
    definitions.some(({ name }) => /session/iu.test(name)) ||
    /session/iu.test(domainText)
  ) {
    return {
      kind: 'session',
      reason:
        'This signature grants a session: whoever holds the session key may send transactions from your account, within the limits listed in the message, until it expires.',
    };
  }
  if (
    definitions.some(
      (definition) =>
        definition.kind === 'struct' &&
        isCallType(definition.members.map(({ name }) => name)),
    )
  ) {
    return {
      kind: 'calls',
      reason:
        'This message contains contract calls. A contract that accepts this signature may run them from your account.',
    };
  }
  return undefined;
}
