import { ABI_BOUNDS, parseAbi, siteAbiFor } from './abi';
import { selectorOf } from '../protocol/selectors';

const transferAbi = [
  {
    type: 'function',
    name: 'transfer',
    inputs: [
      { name: 'recipient', type: 'core::felt252' },
      { name: 'amount', type: 'core::integer::u256' },
    ],
  },
];

/**
 * A function entry of `count` felt inputs.
 *
 * @param name - Its name.
 * @param count - How many inputs.
 * @returns The entry.
 */
function functionOf(name: string, count: number): object {
  return {
    type: 'function',
    name,
    inputs: Array.from({ length: count }, (_, index) => ({
      name: `p${index}`,
      type: 'core::felt252',
    })),
  };
}

describe('parseAbi', () => {
  it('reads a Sierra ABI as text or as entries, interfaces flattened', () => {
    const asText = parseAbi(
      JSON.stringify([{ type: 'interface', name: 'I', items: transferAbi }]),
    );
    expect(asText.kind).toBe('found');
    expect(
      asText.kind === 'found' &&
        asText.abi.functions.get(selectorOf('transfer'))?.name,
    ).toBe('transfer');
    expect(parseAbi(transferAbi).kind).toBe('found');
  });

  it.each([undefined, null, '', '  ', '[]', []])(
    'reads %j as a class without an ABI',
    (raw) => {
      expect(parseAbi(raw)).toStrictEqual({ kind: 'none' });
    },
  );

  it.each([
    ['text that is not JSON', '[{', 'not JSON'],
    ['an object', { type: 'function' }, 'not a list'],
    [
      'too many entries',
      Array.from({ length: ABI_BOUNDS.entries + 1 }, () => ({
        type: 'event',
      })),
      `more than ${ABI_BOUNDS.entries} entries`,
    ],
    [
      'too many entries across interfaces',
      Array.from({ length: 3 }, () => ({
        type: 'interface',
        items: Array.from({ length: ABI_BOUNDS.entries / 2 }, () => ({
          type: 'event',
        })),
      })),
      `more than ${ABI_BOUNDS.entries} entries`,
    ],
    [
      'a struct of too many members',
      [
        {
          type: 'struct',
          name: 'Wide',
          members: Array.from(
            { length: ABI_BOUNDS.paramsPerEntry + 1 },
            (_, index) => ({ name: `m${index}`, type: 'Empty' }),
          ),
        },
      ],
      `more than ${ABI_BOUNDS.paramsPerEntry} inputs`,
    ],
    [
      'too many params in all',
      Array.from(
        {
          length: Math.floor(ABI_BOUNDS.params / ABI_BOUNDS.paramsPerEntry) + 1,
        },
        (_, index) => functionOf(`f${index}`, ABI_BOUNDS.paramsPerEntry),
      ),
      `more than ${ABI_BOUNDS.params} inputs, members and variants in all`,
    ],
    [
      'a name too long',
      [functionOf('f'.repeat(ABI_BOUNDS.textLength + 1), 1)],
      `longer than ${ABI_BOUNDS.textLength} characters`,
    ],
  ])('refuses %s as unreadable, whole', (_case, raw, reason) => {
    const reading = parseAbi(raw);
    expect(reading.kind).toBe('unreadable');
    expect(reading.kind === 'unreadable' && reading.reason).toContain(reason);
  });

  it('keeps the well-formed entries of a malformed ABI and drops the rest', () => {
    const tooDeep = {
      type: 'interface',
      name: 'I0',
      items: [
        {
          type: 'interface',
          name: 'I1',
          items: [
            {
              type: 'interface',
              name: 'I2',
              items: [functionOf('deep', 1)],
            },
          ],
        },
      ],
    };
    const reading = parseAbi([
      ...transferAbi,
      7,
      null,
      { type: 'function', inputs: [] },
      { type: 'function', name: 42, inputs: [] },
      { type: 'function', name: 'noInputs', inputs: 'felt' },
      { type: 'function', name: 'nullInput', inputs: [null] },
      {
        type: 'function',
        name: 'untypedInput',
        inputs: [{ name: 'amount', type: 5 }],
      },
      { type: 'struct', name: 'Pair', members: [{ name: 'a', type: 'u8' }] },
      { type: 'struct', name: 'Broken', members: [{ name: 'a' }] },
      { type: 'enum', name: 'Side', variants: [{ name: 'Left', type: '()' }] },
      { type: 'interface', name: 'NoItems', items: 'none' },
      tooDeep,
    ]);
    expect(reading.kind).toBe('found');
    const abi = reading.kind === 'found' ? reading.abi : undefined;
    expect(
      [...(abi?.functions.values() ?? [])].map(({ name }) => name),
    ).toStrictEqual(['transfer']);
    expect([...(abi?.structs.keys() ?? [])]).toStrictEqual(['Pair']);
    expect([...(abi?.enums.keys() ?? [])]).toStrictEqual(['Side']);
  });

  it('reads an ABI at its bounds', () => {
    const reading = parseAbi([
      functionOf('f'.repeat(ABI_BOUNDS.textLength), ABI_BOUNDS.paramsPerEntry),
    ]);
    expect(reading.kind).toBe('found');
  });
});

describe('siteAbiFor', () => {
  const address = `0x${'0'.repeat(62)}05`;

  it("returns a site's ABI only when it reads", () => {
    expect(siteAbiFor(transferAbi, address)?.functions.size).toBe(1);
    expect(siteAbiFor({ '0x5': transferAbi }, address)?.functions.size).toBe(1);
    expect(siteAbiFor({ '0x5': '[{' }, address)).toBeUndefined();
    expect(siteAbiFor({ '0x5': [] }, address)).toBeUndefined();
    expect(siteAbiFor('not an ABI', address)).toBeUndefined();
  });
});
