import { parseAbi } from './abi';
import type { AbiReading } from './abi';
import {
  abisByContract,
  lookupTargets,
  MAX_ABI_LOOKUPS,
  missingAbiCalls,
} from './contractAbis';
import type { Network } from '../config';
import { InvalidInputError, NodeError } from '../errors';
import { normaliseAddress } from '../keys/address';

const ABI = [{ type: 'function', name: 'poke', inputs: [] }];

const TESTNET = { name: 'Testnet', chainId: '0x534e5f5345504f4c4941' };

/** A site's own network, on another chain. */
const SITE_NETWORK = {
  name: 'Site chain',
  chainId: '0x534e5f4445564e4554',
  rpcUrl: 'https://node.site.example/rpc',
  addedBy: 'https://site.example',
};

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
   * @param network - The network asked.
   * @returns The reading of each contract.
   */
  function read(
    classes: (string | undefined)[],
    answers: PromiseSettledResult<AbiReading>[],
    network: Network = TESTNET,
  ): Map<string, AbiReading> {
    const missing = missingAbiCalls(network, classes);
    return abisByContract(
      network,
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
    expect(
      missingAbiCalls(TESTNET, ['0xb1', '0xb2', '0xb3']).hashes,
    ).toStrictEqual(['0xb3']);
    const again = read(['0xb1', '0xb2'], []);
    expect([...again.values()].map(({ kind }) => kind)).toStrictEqual([
      'found',
      'none',
    ]);
  });

  it("keeps an ABI for the network whose node gave it: another network's node is asked again", () => {
    read(
      ['0xc1'],
      [{ status: 'fulfilled', value: parseAbi(ABI) }],
      SITE_NETWORK,
    );
    expect(missingAbiCalls(SITE_NETWORK, ['0xc1']).hashes).toStrictEqual([]);
    expect(missingAbiCalls(TESTNET, ['0xc1']).hashes).toStrictEqual(['0xc1']);
    const onTestnet = read(
      ['0xc1'],
      [{ status: 'fulfilled', value: parseAbi([]) }],
    );
    expect(onTestnet.get(address(0))?.kind).toBe('none');
    expect(read(['0xc1'], [], SITE_NETWORK).get(address(0))?.kind).toBe(
      'found',
    );
  });
});
