import { typedData as snip12 } from 'starknet';
import type { TypedData } from 'starknet';

import { executionGrantOf } from './executionGrant';
import type { ExecutionGrant } from './executionGrant';
import type { Revision } from './snip12';
import { readSchema } from './typedDataSchema';
import type {
  CheckedMember,
  CheckedValue,
  Definition,
  Schema,
} from './typedDataShapes';
import { checkValues, FieldBudget } from './typedDataValues';
import type { Network } from '../config';
import { InvalidInputError } from '../errors';

/** The most JSON text a typed message may take. */
const MAX_TEXT = 64 * 1024;

/**
 * Typed data as the dialog shows it: what is hashed, and nothing else. The
 * domain, the message and the definitions of the types no value shows
 * together determine the hash (with the signer), so the dialog can show
 * exactly one signature.
 */
export type TypedDataReading = {
  revision: Revision;
  /** The members of the domain type, in order, as hashed. */
  domain: CheckedMember[];
  /** Whether the signed domain binds a chain, and to which. */
  chain:
    | { kind: 'match' }
    | { kind: 'missing' }
    | { kind: 'other'; chainId: bigint };
  primaryType: string;
  /** The members of the primary type, in order, as hashed. */
  message: CheckedMember[];
  /**
   * The types whose definitions reach the hash but that no shown value
   * lays out: every enum (all its variants), and structs met only in empty
   * arrays or unchosen variants. By name.
   */
  definitions: Definition[];
  /** Set when the signature would let someone act for the account. */
  grant?: ExecutionGrant;
};

/** Typed data as it is shown, and the SNIP-12 hash the signature is over. */
export type TypedDataAnalysis = TypedDataReading & { hash: string };

/**
 * The SNIP-12 hash of typed data for an account, with malformed typed data
 * reported as invalid params. Hash only what readTypedData accepted: that is
 * what the dialog shows.
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
 * The values a checked value holds: a struct's members, an array's items, a
 * tree's leaves, a variant's values.
 *
 * @param value - A checked value.
 * @returns Its inner values.
 */
function childValues(value: CheckedValue): CheckedValue[] {
  switch (value.kind) {
    case 'struct':
      return value.members.map((member) => member.value);
    case 'array':
      return value.items;
    case 'merkletree':
      return value.leaves;
    case 'enum':
      return value.params.map((param) => param.value);
    default:
      return [];
  }
}

/**
 * The names of the structs a checked value lays out (every member shown).
 *
 * @param value - A checked value.
 * @param names - Collects the names.
 */
function collectShownStructs(value: CheckedValue, names: Set<string>): void {
  if (value.kind === 'struct') {
    names.add(value.name);
  }
  for (const child of childValues(value)) {
    collectShownStructs(child, names);
  }
}

/**
 * The definitions a dialog must list besides the values for the type hash
 * to be read from it: enums, and structs no shown value lays out.
 *
 * @param schema - The checked types.
 * @param message - The checked message.
 * @param budget - The field budget (each definition and member is a field).
 * @returns The definitions, by name.
 */
function unshownDefinitions(
  schema: Schema,
  message: CheckedMember[],
  budget: FieldBudget,
): Definition[] {
  const shown = new Set([schema.primary.name]);
  message.forEach((member) => collectShownStructs(member.value, shown));
  const definitions = [...schema.definitions.values()]
    .filter(({ kind, name }) => kind === 'enum' || !shown.has(name))
    .sort((left, right) => (left.name < right.name ? -1 : 1));
  for (const definition of definitions) {
    budget.take();
    const entries =
      definition.kind === 'enum' ? definition.variants : definition.members;
    entries.forEach(() => budget.take());
  }
  return definitions;
}

/**
 * Whether the signed domain binds the network: read from the domain type's
 * `chainId` member as hashed (a domain object's `chainId` that the type
 * does not list is not hashed, so it binds nothing).
 *
 * @param domain - The checked domain.
 * @param network - The network the request acts on.
 * @returns The binding.
 */
function chainBinding(
  domain: CheckedMember[],
  network: Network,
): TypedDataAnalysis['chain'] {
  const chainId = domain.find(({ name }) => name === 'chainId')?.value;
  if (chainId?.kind !== 'felt') {
    return { kind: 'missing' };
  }
  return chainId.felt === BigInt(network.chainId)
    ? { kind: 'match' }
    : { kind: 'other', chainId: chainId.felt };
}

/**
 * Reads SNIP-12 typed data the way it is signed: its types and every value
 * checked against its type (refused naming the field otherwise, before
 * anything is hashed or shown), the domain and message as hashed, whether
 * it binds this network, and whether it grants execution (SNIP-9 outside
 * execution, session keys, calls). Oversized typed data is refused. The
 * hash is typedDataHash's (signMessage computes it while MetaMask checks
 * the dialog).
 *
 * @param data - The typed data.
 * @param network - The network the request acts on.
 * @param field - The param name to blame.
 * @returns What the dialog shows.
 */
export function readTypedData(
  data: TypedData,
  network: Network,
  field: string,
): TypedDataReading {
  if (JSON.stringify(data).length > MAX_TEXT) {
    throw new InvalidInputError(
      field,
      `is larger than ${MAX_TEXT / 1024} KiB: too large to show faithfully in a dialog`,
    );
  }
  const schema = readSchema(data, field);
  const budget = new FieldBudget(field);
  const values = checkValues(data, schema, budget, field);
  const definitions = unshownDefinitions(schema, values.message, budget);
  const grant = executionGrantOf(data, schema, values, field);
  return {
    revision: schema.revision,
    domain: values.domain,
    chain: chainBinding(values.domain, network),
    primaryType: data.primaryType,
    message: values.message,
    definitions,
    ...(grant ? { grant } : {}),
  };
}

/**
 * Typed data read as readTypedData reads it, and its hash.
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
  const reading = readTypedData(data, network, field);
  return { ...reading, hash: typedDataHash(data, accountAddress, field) };
}

/**
 * The addresses a message's `ContractAddress` values hold, in the order
 * the dialog shows them (each nested value too), canonical hex.
 *
 * @param message - The checked message.
 * @returns The addresses (repeats included).
 */
export function messageAddresses(message: CheckedMember[]): string[] {
  const found: string[] = [];
  const visit = (value: CheckedValue): void => {
    if (value.kind === 'felt' && value.type === 'ContractAddress') {
      found.push(`0x${value.felt.toString(16)}`);
    }
    childValues(value).forEach(visit);
  };
  message.forEach(({ value }) => visit(value));
  return found;
}
