import type { FeeLine, MessageField } from './dialogInputs';
import { normaliseAddress } from '../keys/address';
import { dateText } from '../prices/dates';
import { printableShortString, toHex, U128_BOUND } from '../protocol/values';
import type { CheckedScalar } from '../signing/typedDataScalars';
import { typeText } from '../signing/typedDataShapes';
import type {
  CheckedMember,
  CheckedValue,
  Definition,
  ValueType,
} from '../signing/typedDataShapes';

/**
 * Typed data's rows as a dialog shows them: every label names its type
 * (`amount (u128)`, `from (Person)`), every value is what is hashed — a
 * felt in hex with a readable form computed from that felt, never the
 * site's text; numbers in decimal; u256 as one number. With the
 * definitions of the types no value lays out, the rows determine the hash.
 */

/** Past this many seconds (the end of year 9999) a timestamp is "never". */
const LATEST_DATE = 253_402_300_799n;

/**
 * A time in seconds, readable: its date in the user's locale (UTC) and its
 * number, as signed.
 *
 * @param seconds - Unix seconds.
 * @param locale - The user's locale.
 * @returns E.g. `Aug 14, 2024, 4:23:49 PM UTC (1723652629)`.
 */
export function timeText(seconds: bigint, locale: string): string {
  return seconds > LATEST_DATE
    ? `never (${seconds})`
    : `${dateText(seconds, locale, true)} (${seconds})`;
}

/**
 * A felt of type `felt`, readable: its hex, then its short string when
 * every byte is printable ASCII, and its decimal value when it is a number
 * below 2^128 that is not a text of three characters or more.
 *
 * @param felt - The felt.
 * @returns E.g. `0x68656c6c6f ("hello")`, `0x3e8 (1000)`.
 */
export function feltText(felt: bigint): string {
  const text = printableShortString(felt);
  const readable = [
    ...(felt >= 10n && felt < U128_BOUND && (text?.length ?? 0) < 3
      ? [felt.toString()]
      : []),
    ...(text === undefined ? [] : [`"${text}"`]),
  ];
  return readable.length > 0
    ? `${toHex(felt)} (${readable.join(', ')})`
    : toHex(felt);
}

/**
 * A basic value as it is hashed, readable.
 *
 * @param value - The checked value.
 * @param locale - The user's locale (a timestamp's date).
 * @returns Its text.
 */
function scalarText(
  value: CheckedScalar | { kind: 'integer'; type: 'u256'; value: bigint },
  locale: string,
): string {
  switch (value.kind) {
    case 'bool':
      return value.value ? 'true' : 'false';
    case 'text':
      return `"${value.text}"`;
    case 'integer':
      return value.type === 'timestamp'
        ? timeText(value.value, locale)
        : value.value.toString();
    default:
  }
  switch (value.type) {
    case 'felt':
      return feltText(value.felt);
    case 'ContractAddress':
    case 'ClassHash':
      return normaliseAddress(toHex(value.felt));
    case 'shortstring':
    case 'string': {
      const text = printableShortString(value.felt);
      return text === undefined
        ? toHex(value.felt)
        : `${toHex(value.felt)} ("${text}")`;
    }
    default:
      return toHex(value.felt);
  }
}

/**
 * One field: a row for a basic value or a u256; a section for a struct
 * (its members), an array (its items), an enum (its variant, then its
 * values) or a merkle tree (its root, then its leaves).
 *
 * @param name - The member's name (or `#n` for an item).
 * @param type - Its type.
 * @param value - Its checked value.
 * @param locale - The user's locale (a timestamp's date).
 * @returns The field.
 */
function fieldOf(
  name: string,
  type: ValueType,
  value: CheckedValue,
  locale: string,
): MessageField {
  const label = `${name} (${typeText(type)})`;
  switch (value.kind) {
    case 'struct':
      return { label, children: memberFields(value.members, locale) };
    case 'array':
      return {
        label,
        children: value.items.map((item, index) =>
          fieldOf(`#${index + 1}`, value.element, item, locale),
        ),
      };
    case 'enum':
      return {
        label,
        children: [
          { label: 'variant', value: value.variant },
          ...value.params.map((param, index) =>
            fieldOf(`#${index + 1}`, param.type, param.value, locale),
          ),
        ],
      };
    case 'merkletree':
      return {
        label,
        children: [
          { label: 'root', value: toHex(value.root) },
          ...value.leaves.map((leaf, index) =>
            fieldOf(`#${index + 1}`, value.leaf, leaf, locale),
          ),
        ],
      };
    default:
      return { label, value: scalarText(value, locale) };
  }
}

/**
 * The fields of a struct's members, in the type's order.
 *
 * @param members - The checked members.
 * @param locale - The user's locale (timestamps' dates).
 * @returns Their fields.
 */
export function memberFields(
  members: CheckedMember[],
  locale: string,
): MessageField[] {
  return members.map(({ name, type, value }) =>
    fieldOf(name, type, value, locale),
  );
}

/**
 * The domain's lines, each labelled with its type.
 *
 * @param members - The checked domain members.
 * @param locale - The user's locale (timestamps' dates).
 * @returns Its lines.
 */
export function domainLines(
  members: CheckedMember[],
  locale: string,
): FeeLine[] {
  return memberFields(members, locale).map(({ label, value }) => ({
    label,
    value: value ?? '',
  }));
}

/**
 * The definitions of the types no value lays out: a struct's members with
 * their types, an enum's variants with theirs.
 *
 * @param definitions - The definitions.
 * @returns One section each.
 */
export function definitionFields(definitions: Definition[]): MessageField[] {
  return definitions.map((definition) => ({
    label: `${definition.name} (${definition.kind})`,
    children:
      definition.kind === 'enum'
        ? definition.variants.map(({ name, params }) => ({
            label: name,
            value: `(${params.map(typeText).join(',')})`,
          }))
        : definition.members.map(({ name, type }) => ({
            label: name,
            value: typeText(type),
          })),
  }));
}
