import { parseAbi } from './abi';
import type { AbiReading } from './abi';
import {
  abisByContract,
  lookupTargets,
  MAX_ABI_LOOKUPS,
  missingAbiCalls,
} from './contractAbis';
import { InvalidInputError, NodeError } from '../errors';
import { normaliseAddress } from '../keys/address';

const ABI = [{ type: 'function', name: 'poke', inputs: [] }];

/**
 * A distinct canonical address.
 *
 * @param index - Which.
 * @returns The address.
 */
function address(index: number): string {
  return normaliseAddress(`0x${(0x1000 + index).toString(16)}`);
}

describe('lookupTargets', () => {
  it('gives each called contract once, in call order', () => {
    expect(
      lookupTargets([address(2), address(1), address(2)], 'calls'),
    ).toStrictEqual([address(2), address(1)]);
  });

  it('refuses calls to more distinct contracts than it looks up, naming the param', () => {
    const many = Array.from({ length: MAX_ABI_LOOKUPS + 1 }, (_, index) =>
      address(index),
    );
    expect(() => lookupTargets(many, 'typedDataMessage')).toThrow(
      InvalidInputError,
    );
    expect(() => lookupTargets(many, 'typedDataMessage')).toThrow(
      'typedDataMessage: calls 17 distinct contracts',
    );
    expect(lookupTargets(many.slice(1), 'calls')).toHaveLength(MAX_ABI_LOOKUPS);
  });
});

describe('abisByContract', () => {
  /**
   * Fetches (as if from the node) the ABIs of classes, and maps contracts.
   *
   * @param classes - Each contract's class hash (undefined: no code).
   * @param answers - The node's answer per class not yet known, in order.
   * @returns The reading of each contract.
   */
  function read(
    classes: (string | undefined)[],
    answers: PromiseSettledResult<AbiReading>[],
  ): Map<string, AbiReading> {
    const missing = missingAbiCalls(classes);
    return abisByContract(
      classes.map((_, index) => address(index)),
      classes,
      { hashes: missing.hashes, answers },
    );
  }

  it('maps every contract with a class: found, none, or unreadable; none for no code', () => {
    const readings = read(
      ['0xa1', '0xa2', '0xa3', '0xa4', undefined],
      [
        { status: 'fulfilled', value: parseAbi(ABI) },
        { status: 'fulfilled', value: parseAbi('') },
        { status: 'fulfilled', value: parseAbi('[{') },
        {
          status: 'rejected',
          reason: new NodeError('Testnet', 'Class hash not found'),
        },
      ],
    );
    expect([...readings.values()].map(({ kind }) => kind)).toStrictEqual([
      'found',
      'none',
      'unreadable',
      'unreadable',
    ]);
    expect(readings.has(address(4))).toBe(false);
    const failed = readings.get(address(3));
    expect(failed?.kind === 'unreadable' && failed.reason).toContain(
      'Class hash not found',
    );
  });

  it('keeps what a class reads as, except a failure, which is asked again', () => {
    read(
      ['0xb1', '0xb2', '0xb3'],
      [
        { status: 'fulfilled', value: parseAbi(ABI) },
        { status: 'fulfilled', value: parseAbi([]) },
        { status: 'rejected', reason: new Error('timeout') },
      ],
    );
    expect(missingAbiCalls(['0xb1', '0xb2', '0xb3']).hashes).toStrictEqual([
      '0xb3',
    ]);
    const again = read(['0xb1', '0xb2'], []);
    expect([...again.values()].map(({ kind }) => kind)).toStrictEqual([
      'found',
      'none',
    ]);
  });
});
