import type { BasicType, Revision } from './snip12';
import { checkScalar } from './typedDataScalars';
import { InvalidInputError } from '../errors';
import { ADDRESS_BOUND, FELT_PRIME, toHex } from '../protocol/values';

const PATH = 'typedDataMessage.message.value';

/**
 * The refusal a value gets, if any.
 *
 * @param revision - The revision.
 * @param type - The basic type.
 * @param value - The value.
 * @returns The error, or undefined when it is accepted.
 */
function refusalOf(
  revision: Revision,
  type: BasicType,
  value: unknown,
): InvalidInputError | undefined {
  try {
    checkScalar(revision, type, value, PATH);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidInputError) {
      return error;
    }
    throw error;
  }
}

describe('checkScalar', () => {
  it.each([
    ['1', 'felt', toHex(FELT_PRIME)],
    ['0', 'felt', (FELT_PRIME + 1n).toString()],
    ['1', 'felt', 'a text of more than thirty-one chars'],
    ['1', 'felt', 'caf\u00e9'],
    ['1', 'felt', 'line\nbreak'],
    ['1', 'felt', ' 5'],
    ['1', 'felt', '0b101'],
    ['1', 'felt', '0xZZ'],
    ['1', 'felt', -1],
    ['1', 'felt', 1.5],
    ['1', 'felt', 2 ** 60],
    ['1', 'felt', true],
    ['1', 'shortstring', toHex(2n ** 248n)],
    ['1', 'shortstring', '0x80'],
    ['0', 'string', 'x'.repeat(32)],
    ['1', 'u128', toHex(2n ** 128n)],
    ['1', 'u128', 'ten'],
    ['1', 'timestamp', (2n ** 128n).toString()],
    ['1', 'i128', (2n ** 127n).toString()],
    ['1', 'i128', (-(2n ** 127n) - 1n).toString()],
    ['1', 'i128', '-0x5'],
    ['1', 'ContractAddress', toHex(ADDRESS_BOUND)],
    ['1', 'ContractAddress', 'hello'],
    ['1', 'ClassHash', toHex(FELT_PRIME)],
    ['1', 'selector', 5],
    ['1', 'selector', toHex(FELT_PRIME)],
    ['1', 'selector', '0x'],
    ['1', 'bool', 1],
    ['1', 'bool', 'true'],
    ['0', 'bool', 2],
    ['0', 'bool', 'true'],
    ['1', 'string', 'caf\u00e9'],
    ['1', 'string', 42],
  ] as [Revision, BasicType, unknown][])(
    'revision %s refuses a %s of %j, naming the field',
    (revision, type, value) => {
      expect(refusalOf(revision, type, value)?.field).toBe(PATH);
    },
  );

  it('reads each value as it is hashed', () => {
    expect(checkScalar('1', 'felt', 'hello', PATH)).toStrictEqual({
      kind: 'felt',
      type: 'felt',
      felt: 0x68656c6c6fn,
    });
    expect(checkScalar('0', 'felt', '', PATH)).toStrictEqual({
      kind: 'felt',
      type: 'felt',
      felt: 0n,
    });
    expect(checkScalar('1', 'shortstring', '1', PATH)).toStrictEqual({
      kind: 'felt',
      type: 'shortstring',
      felt: 1n,
    });
    expect(checkScalar('1', 'selector', 'transfer', PATH)).toStrictEqual({
      kind: 'felt',
      type: 'selector',
      felt: 0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12en,
    });
    expect(checkScalar('0', 'bool', '0x1', PATH)).toStrictEqual({
      kind: 'bool',
      value: true,
    });
    expect(checkScalar('1', 'i128', '-5', PATH)).toStrictEqual({
      kind: 'integer',
      type: 'i128',
      value: -5n,
    });
    expect(
      checkScalar('1', 'string', 'a long text '.repeat(4), PATH),
    ).toStrictEqual({ kind: 'text', text: 'a long text '.repeat(4) });
  });
});
