import { shortString, typedData as snip12 } from 'starknet';
import type { TypedData } from 'starknet';

import type { Network } from '../config';
import { InvalidInputError } from '../errors';
import type { MessageField, TypedDataView } from '../ui/views';

const MAX_DEPTH = 6;

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
 * Reads a domain chain id written as a short string ("SN_SEPOLIA"), hex or
 * decimal.
 *
 * @param value - The domain's chainId.
 * @returns It as a bigint, or undefined when unreadable.
 */
function domainChainId(value: unknown): bigint | undefined {
  if (typeof value === 'number' || typeof value === 'bigint') {
    return BigInt(value);
  }
  if (typeof value !== 'string' || value.length === 0) {
    return undefined;
  }
  if (/^(0x[0-9a-f]+|[0-9]+)$/iu.test(value)) {
    return BigInt(value);
  }
  return shortString.isShortString(value)
    ? BigInt(shortString.encodeShortString(value))
    : undefined;
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

/**
 * Turns a struct value into labelled fields, following its type definition.
 *
 * @param types - The typed data's types.
 * @param typeName - The struct type.
 * @param value - The struct value.
 * @param depth - Nesting depth so far.
 * @returns The fields.
 */
function structFields(
  types: TypedData['types'],
  typeName: string,
  value: unknown,
  depth: number,
): MessageField[] {
  const members = types[typeName];
  if (!members || typeof value !== 'object' || value === null) {
    return [{ label: typeName, value: displayValue(value, typeName) }];
  }
  const record = new Map(Object.entries(value));
  return members.map(({ name, type }) =>
    fieldOf(types, name, type, record.get(name), depth + 1),
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
 * @returns The field.
 */
function fieldOf(
  types: TypedData['types'],
  label: string,
  type: string,
  value: unknown,
  depth: number,
): MessageField {
  if (depth > MAX_DEPTH) {
    return { label, value: displayValue(value, type) };
  }
  const elementType = type.endsWith('*') ? type.slice(0, -1) : undefined;
  if (elementType !== undefined && Array.isArray(value)) {
    return {
      label: `${label} (${value.length})`,
      children: value.map((item, index) =>
        fieldOf(types, `#${index + 1}`, elementType, item, depth + 1),
      ),
    };
  }
  if (types[type] && typeof value === 'object' && value !== null) {
    return { label, children: structFields(types, type, value, depth) };
  }
  return { label, value: displayValue(value, type) };
}

/**
 * What the signing dialog shows of typed data: the domain lines, a warning
 * when its chain differs from the network, and the message as fields.
 *
 * @param data - The typed data.
 * @param network - The network the request acts on.
 * @returns The view.
 */
export function typedDataView(
  data: TypedData,
  network: Network,
): TypedDataView {
  const domainEntries = new Map(Object.entries(data.domain));
  const domain = ['name', 'version', 'chainId', 'revision']
    .filter((key) => domainEntries.get(key) !== undefined)
    .map((key) => ({
      label: key,
      value: displayValue(domainEntries.get(key), ''),
    }));
  const chainId = domainChainId(domainEntries.get('chainId'));
  const chainMismatch =
    chainId !== undefined && chainId !== BigInt(network.chainId)
      ? `The message names chain ${displayValue(domainEntries.get('chainId'), '')}, but this request is on ${network.name} (${network.chainId}).`
      : undefined;
  return {
    domain,
    ...(chainMismatch ? { chainMismatch } : {}),
    primaryType: data.primaryType,
    message: structFields(data.types, data.primaryType, data.message, 0),
  };
}
