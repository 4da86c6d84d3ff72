import { shortString, typedData as snip12 } from 'starknet';
import type { TypedData } from 'starknet';

import { executionGrantOf } from './executionGrant';
import type { ExecutionGrant } from './executionGrant';
import { encodedFelt, membersOfType, revisionOf } from './snip12';
import type { Revision } from './snip12';
import type { Network } from '../config';
import { InvalidInputError } from '../errors';
import type { MessageField } from '../ui/views';

const MAX_DEPTH = 6;
/** The most fields a message may have and still be shown in a dialog. */
const MAX_FIELDS = 500;
/** The most JSON text a typed message may take. */
const MAX_TEXT = 64 * 1024;

/** Typed data as the dialog shows it: only what is hashed. */
export type TypedDataAnalysis = {
  /** The SNIP-12 message hash the signature is over. */
  hash: string;
  revision: Revision;
  /** The members of the domain type, in order, with their values. */
  domain: { label: string; value: string }[];
  /** Whether the signed domain binds a chain, and to which. */
  chain:
    | { kind: 'match' }
    | { kind: 'missing' }
    | { kind: 'other'; shown: string };
  primaryType: string;
  message: MessageField[];
  /** Set when the signature would let someone act for the account. */
  grant?: ExecutionGrant;
};

/**
 * The SNIP-12 hash of typed data for an account, with malformed typed data
 * reported as invalid params.
 *
 * @param data - The typed data.
 * @param accountAddress - The signer's address.
 * @param field - The param name to blame.
 * @returns The message hash (hex).
 */
export function typedDataHash(
  data: TypedData,
  accountAddress: string,
  field: string,
): string {
  try {
    return snip12.getMessageHash(data, accountAddress);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidInputError(
      field,
      `not valid SNIP-12 typed data: ${reason}`,
    );
  }
}

/**
 * Text for a value of a typed message: short strings are decoded when the
 * type says so; everything else is shown as given.
 *
 * @param value - The value.
 * @param type - Its SNIP-12 type.
 * @returns Readable text.
 */
function displayValue(value: unknown, type: string): string {
  if (
    type === 'shortstring' &&
    typeof value === 'string' &&
    /^0x[0-9a-f]+$/iu.test(value)
  ) {
    return `${shortString.decodeShortString(value)} (${value})`;
  }
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    return value.toString();
  }
  if (typeof value === 'boolean') {
    return value ? 'true' : 'false';
  }
  return JSON.stringify(value) ?? '';
}

/** Counts the fields a message view builds, to bound the dialog. */
class FieldBudget {
  #left = MAX_FIELDS;

  /** Takes one field, or refuses the message when it has too many. */
  take(): void {
    this.#left -= 1;
    if (this.#left < 0) {
      throw new InvalidInputError(
        'typedDataMessage',
        `has more than ${MAX_FIELDS} fields: too large to show faithfully in a dialog`,
      );
    }
  }
}

/**
 * Turns a struct value into labelled fields, following its type definition
 * (only the members the type lists: the rest is not hashed).
 *
 * @param types - The typed data's types.
 * @param typeName - The struct type.
 * @param value - The struct value.
 * @param depth - Nesting depth so far.
 * @param budget - The field budget.
 * @returns The fields.
 */
function structFields(
  types: TypedData['types'],
  typeName: string,
  value: unknown,
  depth: number,
  budget: FieldBudget,
): MessageField[] {
  const members = membersOfType(types, typeName);
  if (!members || typeof value !== 'object' || value === null) {
    budget.take();
    return [{ label: typeName, value: displayValue(value, typeName) }];
  }
  const record = new Map(Object.entries(value));
  return members.map(({ name, type }) =>
    fieldOf(types, name, type, record.get(name), depth + 1, budget),
  );
}

/**
 * One labelled field; structs and arrays become nested fields.
 *
 * @param types - The typed data's types.
 * @param label - The field name.
 * @param type - The field's SNIP-12 type.
 * @param value - The field's value.
 * @param depth - Nesting depth.
 * @param budget - The field budget.
 * @returns The field.
 */
function fieldOf(
  types: TypedData['types'],
  label: string,
  type: string,
  value: unknown,
  depth: number,
  budget: FieldBudget,
): MessageField {
  budget.take();
  if (depth > MAX_DEPTH) {
    return { label, value: displayValue(value, type) };
  }
  const elementType = type.endsWith('*') ? type.slice(0, -1) : undefined;
  if (elementType !== undefined && Array.isArray(value)) {
    return {
      label: `${label} (${value.length})`,
      children: value.map((item, index) =>
        fieldOf(types, `#${index + 1}`, elementType, item, depth + 1, budget),
      ),
    };
  }
  if (
    membersOfType(types, type) &&
    typeof value === 'object' &&
    value !== null
  ) {
    return {
      label,
      children: structFields(types, type, value, depth, budget),
    };
  }
  return { label, value: displayValue(value, type) };
}

/**
 * Whether the signed domain binds the network: read from the domain type's
 * `chainId` member (a domain object's `chainId` that the type does not list
 * is not hashed, so it binds nothing).
 *
 * @param data - The typed data.
 * @param revision - Its revision.
 * @param network - The network the request acts on.
 * @returns The binding.
 */
function chainBinding(
  data: TypedData,
  revision: Revision,
  network: Network,
): TypedDataAnalysis['chain'] {
  const domainType = revision === '1' ? 'StarknetDomain' : 'StarkNetDomain';
  const member = (membersOfType(data.types, domainType) ?? []).find(
    ({ name }) => name === 'chainId',
  );
  if (!member) {
    return { kind: 'missing' };
  }
  const value = new Map(Object.entries(data.domain)).get('chainId');
  const felt = encodedFelt(data, revision, member.type, value);
  return BigInt(felt) === BigInt(network.chainId)
    ? { kind: 'match' }
    : { kind: 'other', shown: displayValue(value, member.type) };
}

/**
 * Reads SNIP-12 typed data the way it is signed: its hash, its revision, the
 * domain as its type hashes it, whether it binds this network, its message
 * fields, and whether it grants execution (SNIP-9 outside execution,
 * session keys, calls). Malformed or oversized typed data is refused.
 *
 * @param data - The typed data.
 * @param accountAddress - The signer.
 * @param network - The network the request acts on.
 * @param field - The param name to blame.
 * @returns The analysis.
 */
export function analyseTypedData(
  data: TypedData,
  accountAddress: string,
  network: Network,
  field: string,
): TypedDataAnalysis {
  if (JSON.stringify(data).length > MAX_TEXT) {
    throw new InvalidInputError(
      field,
      `is larger than ${MAX_TEXT / 1024} KiB: too large to show faithfully in a dialog`,
    );
  }
  const hash = typedDataHash(data, accountAddress, field);
  const revision = revisionOf(data);
  const domainType = revision === '1' ? 'StarknetDomain' : 'StarkNetDomain';
  const domainValues = new Map(Object.entries(data.domain));
  const budget = new FieldBudget();
  const domain = (membersOfType(data.types, domainType) ?? []).map(
    ({ name, type }) => ({
      label: name,
      value: displayValue(domainValues.get(name), type),
    }),
  );
  const grant = executionGrantOf(data, revision, field);
  return {
    hash,
    revision,
    domain,
    chain: chainBinding(data, revision, network),
    primaryType: data.primaryType,
    message: structFields(
      data.types,
      data.primaryType,
      data.message,
      0,
      budget,
    ),
    ...(grant ? { grant } : {}),
  };
}
