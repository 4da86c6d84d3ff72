import { outsideExecution } from 'starknet';
import type { TypedData } from 'starknet';

import { ANY_CALLER } from './executionGrant';
import { analyseTypedData } from './typedData';
import { selectorOf } from '../chain/abi';
import { SUPPORTED_NETWORKS } from '../config';

const [MAINNET, TESTNET] = SUPPORTED_NETWORKS;
const SIGNER = `0x${'0'.repeat(61)}abc`;
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';

const revision1: TypedData = {
  types: {
    StarknetDomain: [
      { name: 'name', type: 'shortstring' },
      { name: 'version', type: 'shortstring' },
      { name: 'chainId', type: 'shortstring' },
      { name: 'revision', type: 'shortstring' },
    ],
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

describe('analyseTypedData', () => {
  it('shows the domain members of the revision in type order, and binds the network', () => {
    const analysis = analyse(revision1);
    expect(analysis.revision).toBe('1');
    expect(analysis.domain.map(({ label }) => label)).toStrictEqual([
      'name',
      'version',
      'chainId',
      'revision',
    ]);
    expect(analysis.chain).toStrictEqual({ kind: 'match' });
    expect(analysis.grant).toBeUndefined();
  });

  it('tells a chain the domain names from one it does not sign', () => {
    expect(analyse(revision1, MAINNET).chain).toStrictEqual({
      kind: 'other',
      shown: 'SN_SEPOLIA',
    });
    const unbound: TypedData = {
      ...revision1,
      types: {
        ...revision1.types,
        StarknetDomain: [
          { name: 'name', type: 'shortstring' },
          { name: 'revision', type: 'shortstring' },
        ],
      },
    };
    const analysis = analyse(unbound);
    expect(analysis.chain).toStrictEqual({ kind: 'missing' });
    expect(analysis.domain.map(({ label }) => label)).toStrictEqual([
      'name',
      'revision',
    ]);
  });

  it('refuses typed data that does not hash, naming the field', () => {
    expect(() => analyse({ ...revision1, primaryType: 'constructor' })).toThrow(
      'typedDataMessage',
    );
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
});
