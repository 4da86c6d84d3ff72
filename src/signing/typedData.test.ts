import { outsideExecution } from 'starknet';
import type { TypedData } from 'starknet';

import { ANY_CALLER } from './executionGrant';
import { analyseTypedData } from './typedData';
import type { CheckedValue } from './typedDataShapes';
import { STRK } from '../../test/fixtures';
import { SUPPORTED_NETWORKS } from '../config';
import { InvalidInputError } from '../errors';
import { selectorOf } from '../protocol/selectors';

const [MAINNET, TESTNET] = SUPPORTED_NETWORKS;
const SIGNER = `0x${'0'.repeat(61)}abc`;

const REVISION_1_DOMAIN = [
  { name: 'name', type: 'shortstring' },
  { name: 'version', type: 'shortstring' },
  { name: 'chainId', type: 'shortstring' },
  { name: 'revision', type: 'shortstring' },
];

const revision1: TypedData = {
  types: {
    StarknetDomain: REVISION_1_DOMAIN,
    Note: [{ name: 'text', type: 'felt' }],
  },
  primaryType: 'Note',
  domain: {
    name: 'Notes',
    version: '1',
    chainId: 'SN_SEPOLIA',
    revision: '1',
  },
  message: { text: 'hello' },
};

/**
 * Analyses typed data on a network.
 *
 * @param data - The typed data.
 * @param network - The network (Testnet by default).
 * @returns The analysis.
 */
function analyse(
  data: TypedData,
  network = TESTNET,
): ReturnType<typeof analyseTypedData> {
  if (!network) {
    throw new Error('No network');
  }
  return analyseTypedData(data, SIGNER, network, 'typedDataMessage');
}

/**
 * The field a refusal names.
 *
 * @param data - Typed data that must be refused.
 * @returns The field of the InvalidInputError.
 */
function refusedField(data: TypedData): string {
  try {
    analyse(data);
  } catch (error) {
    if (error instanceof InvalidInputError) {
      return error.field;
    }
    throw error;
  }
  throw new Error('Expected the typed data to be refused');
}

/**
 * Revision 1 typed data with one primary type and message.
 *
 * @param types - The types besides the domain.
 * @param message - The message of the first type.
 * @returns The typed data.
 */
function withTypes(
  types: TypedData['types'],
  message: Record<string, unknown>,
): TypedData {
  return {
    ...revision1,
    types: { StarknetDomain: REVISION_1_DOMAIN, ...types },
    primaryType: Object.keys(types)[0] ?? '',
    message,
  };
}

describe('analyseTypedData', () => {
  it('shows the domain members of the revision in type order, as hashed, and binds the network', () => {
    const analysis = analyse(revision1);
    expect(analysis.revision).toBe('1');
    expect(analysis.domain.map(({ name }) => name)).toStrictEqual([
      'name',
      'version',
      'chainId',
      'revision',
    ]);
    expect(analysis.chain).toStrictEqual({ kind: 'match' });
    expect(analysis.grant).toBeUndefined();
    // "hello" written as a felt is hashed as its short string.
    expect(analysis.message[0]?.value).toStrictEqual({
      kind: 'felt',
      type: 'felt',
      felt: 0x68656c6c6fn,
    });
  });

  it('tells a chain the domain names from one it does not sign', () => {
    expect(analyse(revision1, MAINNET).chain).toStrictEqual({
      kind: 'other',
      chainId: 0x534e5f5345504f4c4941n,
    });
    const unbound: TypedData = {
      types: {
        StarkNetDomain: [{ name: 'name', type: 'felt' }],
        Note: [{ name: 'text', type: 'felt' }],
      },
      primaryType: 'Note',
      domain: { name: 'Notes', chainId: 'SN_MAIN' },
      message: { text: 'hello' },
    };
    const analysis = analyse(unbound);
    expect(analysis.chain).toStrictEqual({ kind: 'missing' });
    expect(analysis.domain.map(({ name }) => name)).toStrictEqual(['name']);
  });

  it.each([
    [
      'a primary type that is not a defined struct',
      { ...revision1, primaryType: 'constructor' },
      'typedDataMessage.primaryType',
    ],
    [
      'the domain as primary type',
      { ...revision1, primaryType: 'StarknetDomain' },
      'typedDataMessage.primaryType',
    ],
    [
      'no domain of either revision',
      { ...revision1, domain: { ...revision1.domain, revision: 2 } },
      'typedDataMessage.domain.revision',
    ],
    [
      "a revision 1 domain that is not SNIP-12's",
      {
        ...revision1,
        types: {
          ...revision1.types,
          StarknetDomain: REVISION_1_DOMAIN.slice(1),
        },
      },
      'typedDataMessage.types.StarknetDomain',
    ],
    [
      'an undefined type',
      withTypes({ Note: [{ name: 'text', type: 'Text' }] }, { text: 'x' }),
      'typedDataMessage.types.Note.0.type',
    ],
    [
      'a revision 1 type in revision 0',
      {
        types: {
          StarkNetDomain: [{ name: 'name', type: 'felt' }],
          Note: [{ name: 'amount', type: 'u128' }],
        },
        primaryType: 'Note',
        domain: { name: 'Notes' },
        message: { amount: 1 },
      },
      'typedDataMessage.types.Note.0.type',
    ],
    [
      'a redefined preset',
      withTypes(
        {
          Note: [{ name: 'amount', type: 'u256' }],
          u256: [{ name: 'low', type: 'felt' }],
        },
        { amount: { low: 1 } },
      ),
      'typedDataMessage.types.u256',
    ],
    [
      'a type name holding a comma',
      withTypes({ 'A,B': [{ name: 'x', type: 'felt' }] }, { x: 1 }),
      'typedDataMessage.types.A,B',
    ],
    [
      'two members of one name',
      withTypes(
        {
          Note: [
            { name: 'x', type: 'felt' },
            { name: 'x', type: 'u128' },
          ],
        },
        { x: 1 },
      ),
      'typedDataMessage.types.Note.1.name',
    ],
    [
      'an array of arrays',
      withTypes({ Note: [{ name: 'x', type: 'felt**' }] }, { x: [[1]] }),
      'typedDataMessage.types.Note.0.type',
    ],
    [
      'an enum member without its enum',
      withTypes({ Note: [{ name: 'x', type: 'enum' }] }, { x: { A: [] } }),
      'typedDataMessage.types.Note.0.contains',
    ],
    [
      'a missing member',
      withTypes(
        {
          Note: [
            { name: 'x', type: 'felt' },
            { name: 'y', type: 'felt' },
          ],
        },
        { x: 1 },
      ),
      'typedDataMessage.message.y',
    ],
    [
      'a u256 half past 2^128',
      withTypes(
        { Note: [{ name: 'amount', type: 'u256' }] },
        { amount: { low: `0x${(2n ** 128n).toString(16)}`, high: 0 } },
      ),
      'typedDataMessage.message.amount.low',
    ],
    [
      'a domain value past its type',
      { ...revision1, domain: { ...revision1.domain, name: 'é' } },
      'typedDataMessage.domain.name',
    ],
    [
      'two variants of an enum at once',
      withTypes(
        {
          Note: [{ name: 'choice', type: 'enum', contains: 'Choice' }],
          Choice: [
            { name: 'A', type: '()' },
            { name: 'B', type: '(u128)' },
          ],
        },
        { choice: { A: [], B: [1] } },
      ),
      'typedDataMessage.message.choice',
    ],
    [
      'an enum variant with a value too many',
      withTypes(
        {
          Note: [{ name: 'choice', type: 'enum', contains: 'Choice' }],
          Choice: [{ name: 'B', type: '(u128)' }],
        },
        { choice: { B: [1, 2] } },
      ),
      'typedDataMessage.message.choice.B',
    ],
    [
      'an empty merkle tree',
      withTypes(
        {
          Note: [{ name: 'leaves', type: 'merkletree', contains: 'Leaf' }],
          Leaf: [{ name: 'x', type: 'felt' }],
        },
        { leaves: [] },
      ),
      'typedDataMessage.message.leaves',
    ],
  ] as [string, TypedData, string][])(
    'refuses %s before hashing, naming %s',
    (_name, data, field) => {
      expect(refusedField(data)).toBe(field);
    },
  );

  it('keeps a u256 as the number its hashed halves make, and nothing else', () => {
    const analysis = analyse(
      withTypes(
        { Note: [{ name: 'amount', type: 'u256' }] },
        { amount: { low: 5, high: '0x1', decimals: 18 } },
      ),
    );
    expect(analysis.message[0]?.value).toStrictEqual({
      kind: 'integer',
      type: 'u256',
      value: 2n ** 128n + 5n,
    });
  });

  it('shows merkle leaves in one order for every order that signs the same root', () => {
    const tree = (ids: number[]): ReturnType<typeof analyse> =>
      analyse(
        withTypes(
          {
            Note: [{ name: 'leaves', type: 'merkletree', contains: 'Leaf' }],
            Leaf: [{ name: 'id', type: 'u128' }],
          },
          { leaves: ids.map((id) => ({ id })) },
        ),
      );
    const leavesOf = (value: CheckedValue | undefined): unknown =>
      value?.kind === 'merkletree' ? value.leaves : undefined;
    const canonical = tree([1, 2, 3, 4, 5]);
    // Siblings of the same size swapped: the same root.
    for (const order of [
      [2, 1, 3, 4, 5],
      [3, 4, 1, 2, 5],
      [4, 3, 2, 1, 5],
    ]) {
      const swapped = tree(order);
      expect(swapped.hash).toBe(canonical.hash);
      expect(leavesOf(swapped.message[0]?.value)).toStrictEqual(
        leavesOf(canonical.message[0]?.value),
      );
    }
    // Not siblings: another root, another signature.
    expect(tree([1, 3, 2, 4, 5]).hash).not.toBe(canonical.hash);
    expect(tree([5, 2, 3, 4, 1]).hash).not.toBe(canonical.hash);
  });

  it('lists the definitions no value lays out: enums, and structs met only in empty arrays', () => {
    const analysis = analyse(
      withTypes(
        {
          Note: [
            { name: 'choice', type: 'enum', contains: 'Choice' },
            { name: 'people', type: 'Person*' },
          ],
          Choice: [
            { name: 'A', type: '()' },
            { name: 'B', type: '(Pet)' },
          ],
          Person: [{ name: 'name', type: 'shortstring' }],
          Pet: [{ name: 'kind', type: 'shortstring' }],
        },
        { choice: { A: [] }, people: [] },
      ),
    );
    expect(analysis.definitions.map(({ name }) => name)).toStrictEqual([
      'Choice',
      'Person',
      'Pet',
    ]);
  });

  it.each(['1', '2'] as const)(
    'decodes a SNIP-9 v%s outside execution into its calls',
    (version) => {
      const data = outsideExecution.getTypedData(
        '0x534e5f5345504f4c4941',
        {
          caller: `0x${ANY_CALLER.toString(16)}`,
          execute_after: 100,
          execute_before: 200,
        },
        '0x7',
        [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: ['0x1', '0x2', '0x0'],
          },
        ],
        version,
      );
      const { grant } = analyse(data);
      expect(grant).toStrictEqual({
        kind: 'outside-execution',
        version,
        caller: `0x${ANY_CALLER.toString(16)}`,
        anyCaller: true,
        nonce: '0x7',
        executeAfter: 100n,
        executeBefore: 200n,
        calls: [
          {
            contractAddress: STRK,
            selector: selectorOf('transfer'),
            calldata: ['0x1', '0x2', '0x0'],
          },
        ],
      });
    },
  );

  it('refuses a schema with an enum variant without parentheses or an enum as a struct, and a value not an array where one is declared', () => {
    const choice = [
      { name: 'Left', type: '()' },
      { name: 'Right', type: 'u128' },
    ];
    const unparenthesised = withTypes(
      {
        Note: [{ name: 'side', type: 'enum', contains: 'Choice' }],
        Choice: choice,
      },
      { side: { Left: [] } },
    );
    expect(refusedField(unparenthesised)).toBe(
      'typedDataMessage.types.Choice.1.type',
    );
    expect(() => analyse(unparenthesised)).toThrow('in parentheses');
    expect(
      refusedField(
        withTypes(
          {
            Note: [{ name: 'side', type: 'Choice' }],
            Choice: [{ name: 'Left', type: '()' }],
          },
          { side: { Left: [] } },
        ),
      ),
    ).toBe('typedDataMessage.types.Note.0.type');
    expect(
      refusedField(
        withTypes({ Note: [{ name: 'list', type: 'felt*' }] }, { list: '0x1' }),
      ),
    ).toBe('typedDataMessage.message.list');
  });

  it('refuses an outside execution whose hashed lengths or types are not SNIP-9', () => {
    const data = outsideExecution.getTypedData(
      '0x534e5f5345504f4c4941',
      { caller: '0x1', execute_after: 100, execute_before: 200 },
      '0x7',
      [{ contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x1'] }],
      '1',
    );
    expect(
      refusedField({ ...data, message: { ...data.message, calls_len: 2 } }),
    ).toBe('typedDataMessage.message.calls_len');
    const [call] = (data.message as { calls: Record<string, unknown>[] }).calls;
    const withCalls = (calls: unknown[]): TypedData => ({
      ...data,
      message: {
        ...data.message,
        calls_len: `0x${calls.length.toString(16)}`,
        calls,
      },
    });
    expect(refusedField(withCalls([{ ...call, calldata_len: '0x2' }]))).toBe(
      'typedDataMessage.message.calls.0.calldata_len',
    );
    // A felt of 2^251 or more is no address: it would show one and call
    // another.
    expect(
      refusedField(withCalls([call, { ...call, to: `0x8${'0'.repeat(62)}` }])),
    ).toBe('typedDataMessage.message.calls.1.to');
    expect(refusedField(withCalls(Array(33).fill(call)))).toBe(
      'typedDataMessage.message.calls',
    );
    expect(analyse(withCalls(Array(32).fill(call))).grant).toMatchObject({
      calls: Array(32).fill(expect.anything()),
    });
    const memo: TypedData = {
      ...data,
      types: {
        ...data.types,
        OutsideExecution: [
          ...(data.types.OutsideExecution ?? []),
          { name: 'memo', type: 'felt' },
        ],
      },
      message: { ...data.message, memo: 'not shown' },
    };
    expect(refusedField(memo)).toBe('typedDataMessage');
  });
});
