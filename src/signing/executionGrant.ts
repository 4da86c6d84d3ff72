import { shortString } from 'starknet';
import type { TypedData } from 'starknet';

import { encodedFelt, membersOfType } from './snip12';
import type { Revision } from './snip12';
import { InvalidInputError } from '../errors';
import { normaliseAddress } from '../keys/address';
import type { CallToShow } from '../ui/decodeCalls';

/** SNIP-9's "anyone may submit this": the short string `ANY_CALLER`. */
export const ANY_CALLER = BigInt(shortString.encodeShortString('ANY_CALLER'));

/** The most calls an outside execution may carry and still be shown. */
const MAX_CALLS = 32;

/**
 * A SNIP-9 outside execution: a signature that lets `caller` run `calls`
 * from the account between two times, once (per nonce).
 */
export type OutsideExecution = {
  kind: 'outside-execution';
  caller: string;
  anyCaller: boolean;
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

type Member = { name: string; type: string };

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
 * The members of a struct type by plain name.
 *
 * @param data - The typed data.
 * @param typeName - The struct.
 * @returns Its members, or undefined when it is not a struct.
 */
function membersOf(
  data: TypedData,
  typeName: string,
): Map<string, Member> | undefined {
  const members = membersOfType(data.types, typeName);
  return members
    ? new Map(members.map((member) => [plain(member.name), member]))
    : undefined;
}

/**
 * Reads a member's value off a struct value.
 *
 * @param value - The struct value.
 * @param member - The member.
 * @returns Its value.
 */
function memberValue(value: unknown, member: Member): unknown {
  return typeof value === 'object' && value !== null
    ? new Map(Object.entries(value)).get(member.name)
    : undefined;
}

/**
 * Whether a struct type is a call: `to`, `selector` and `calldata` members.
 *
 * @param members - Its members by plain name.
 * @returns Whether it is one.
 */
function isCallType(members: Map<string, Member> | undefined): boolean {
  return Boolean(
    members?.has('to') && members.has('selector') && members.has('calldata'),
  );
}

/**
 * Every type reachable from the primary type.
 *
 * @param data - The typed data.
 * @returns Their names.
 */
function reachableTypes(data: TypedData): string[] {
  const seen = new Set<string>();
  const queue = [data.primaryType];
  while (queue.length > 0) {
    const name = queue.pop() ?? '';
    const members = membersOfType(data.types, name);
    if (seen.has(name) || !members) {
      continue;
    }
    seen.add(name);
    for (const { type } of members) {
      queue.push(type.replace(/\*$/u, ''));
    }
  }
  return [...seen];
}

/**
 * Reads the calls of an outside execution as they are hashed.
 *
 * @param data - The typed data.
 * @param revision - Its revision.
 * @param callsMember - The `calls` member of the primary type.
 * @param field - The param name to blame.
 * @returns The calls.
 */
function readCalls(
  data: TypedData,
  revision: Revision,
  callsMember: Member,
  field: string,
): CallToShow[] {
  const elementType = callsMember.type.replace(/\*$/u, '');
  const members = membersOf(data, elementType);
  const values = memberValue(data.message, callsMember);
  const to = members?.get('to');
  const selector = members?.get('selector');
  const calldata = members?.get('calldata');
  if (
    !callsMember.type.endsWith('*') ||
    !Array.isArray(values) ||
    !to ||
    !selector ||
    !calldata?.type.endsWith('*')
  ) {
    throw new InvalidInputError(
      field,
      'is an outside execution (SNIP-9) whose calls cannot be read; it is refused rather than shown wrongly',
    );
  }
  if (values.length > MAX_CALLS) {
    throw new InvalidInputError(
      field,
      `is an outside execution with more than ${MAX_CALLS} calls: too many to show`,
    );
  }
  const felt = (type: string, value: unknown): string =>
    encodedFelt(data, revision, type, value);
  const dataType = calldata.type.slice(0, -1);
  return values.map((call: unknown) => {
    const rawSelector = memberValue(call, selector);
    const rawCalldata = memberValue(call, calldata);
    const named =
      selector.type === 'selector' &&
      typeof rawSelector === 'string' &&
      !/^0x[0-9a-f]*$/iu.test(rawSelector);
    return {
      contractAddress: normaliseAddress(felt(to.type, memberValue(call, to))),
      ...(named ? { entrypoint: rawSelector } : {}),
      selector: felt(selector.type, rawSelector),
      calldata: Array.isArray(rawCalldata)
        ? rawCalldata.map((item: unknown) => felt(dataType, item))
        : [],
    };
  });
}

/**
 * Whether typed data lets someone act for the account, and how: a SNIP-9
 * outside execution (either domain version) is decoded into its calls,
 * caller, validity window and nonce; a session-key grant or any other
 * message carrying calls is recognised so that it is never shown as a plain
 * message. An outside execution whose calls cannot be read is refused.
 *
 * @param data - Typed data that hashed.
 * @param revision - Its revision.
 * @param field - The param name to blame.
 * @returns The grant, or undefined for a plain message.
 */
export function executionGrantOf(
  data: TypedData,
  revision: Revision,
  field: string,
): ExecutionGrant | undefined {
  const primary = membersOf(data, data.primaryType);
  const domainName = new Map(Object.entries(data.domain)).get('name');
  const named =
    /outside.?execution/iu.test(data.primaryType) ||
    (typeof domainName === 'string' &&
      /execute_from_outside/iu.test(domainName));
  const caller = primary?.get('caller');
  const nonce = primary?.get('nonce');
  const after = primary?.get('executeafter');
  const before = primary?.get('executebefore');
  const calls = primary?.get('calls');
  if (caller && nonce && after && before && calls) {
    const felt = (member: Member): string =>
      encodedFelt(
        data,
        revision,
        member.type,
        memberValue(data.message, member),
      );
    const callerFelt = felt(caller);
    return {
      kind: 'outside-execution',
      caller: callerFelt,
      anyCaller: BigInt(callerFelt) === ANY_CALLER,
      nonce: felt(nonce),
      executeAfter: BigInt(felt(after)),
      executeBefore: BigInt(felt(before)),
      calls: readCalls(data, revision, calls, field),
    };
  }
  if (named) {
    throw new InvalidInputError(
      field,
      'looks like an outside execution (SNIP-9) but does not have its fields (caller, nonce, execute after/before, calls); it is refused rather than shown as a message',
    );
  }
  const types = reachableTypes(data);
  if (
    types.some((name) => /session/iu.test(name)) ||
    (typeof domainName === 'string' && /session/iu.test(domainName))
  ) {
    return {
      kind: 'session',
      reason:
        'This signature grants a session: whoever holds the session key may send transactions from your account, within the limits listed in the message, until it expires.',
    };
  }
  if (types.some((name) => isCallType(membersOf(data, name)))) {
    return {
      kind: 'calls',
      reason:
        'This message contains contract calls. A contract that accepts this signature may run them from your account.',
    };
  }
  return undefined;
}
