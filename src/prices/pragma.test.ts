/* eslint-disable n/no-sync -- the vendored files are read once, synchronously */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash, shortString } from 'starknet';

import {
  GET_DATA_MEDIAN,
  PRAGMA_ORACLES,
  SPOT_ENTRY,
  oracleOf,
  readOracleAnswer,
  spotMedianCall,
} from './pragma';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';

const VENDORED = join(__dirname, '..', '..', 'vendor', 'contracts', 'pragma');

const vendored = (file: string): string =>
  readFileSync(join(VENDORED, file), 'utf8');

/**
 * The body of a Cairo enum or struct in the vendored source.
 *
 * @param kind - `enum` or `struct`.
 * @param name - Its name.
 * @returns Its members, in order, as `name: type`.
 */
function membersOf(kind: 'enum' | 'struct', name: string): string[] {
  const source = vendored('structs.cairo');
  const start = source.indexOf(`${kind} ${name} {`);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = source.slice(
    source.indexOf('{', start) + 1,
    source.indexOf('}', start),
  );
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .map((line) => line.replace(/,$/u, ''));
}

describe("Pragma's oracle, held to its vendored source", () => {
  it("has the oracle's address per network as Pragma's deployments files", () => {
    for (const [chainId, file] of [
      [MAINNET_CHAIN_ID, 'deployments-mainnet.json'],
      [TESTNET_CHAIN_ID, 'deployments-sepolia.json'],
    ] as const) {
      const deployed = JSON.parse(vendored(file)).pragma_Oracle.address;
      expect(BigInt(PRAGMA_ORACLES[chainId] ?? '0x0')).toBe(BigInt(deployed));
    }
    expect(Object.keys(PRAGMA_ORACLES)).toHaveLength(2);
  });

  it('calls get_data_median(DataType) → PragmaPricesResponse, SpotEntry first in DataType', () => {
    expect(vendored('oracle-interface.cairo')).toContain(
      'fn get_data_median(self: @TContractState, data_type: DataType) -> PragmaPricesResponse;',
    );
    expect(GET_DATA_MEDIAN).toBe(hash.getSelectorFromName('get_data_median'));
    expect(membersOf('enum', 'DataType')[SPOT_ENTRY]).toBe(
      'SpotEntry: felt252',
    );
    const call = spotMedianCall(
      PRAGMA_ORACLES[TESTNET_CHAIN_ID] ?? '',
      'STRK/USD',
    );
    expect(call.params).toMatchObject({
      request: {
        entry_point_selector: GET_DATA_MEDIAN,
        calldata: ['0x0', shortString.encodeShortString('STRK/USD')],
      },
    });
    expect(call.ownFailure).toBe(true);
  });

  it('reads the answer in the layout of PragmaPricesResponse', () => {
    expect(membersOf('struct', 'PragmaPricesResponse')).toStrictEqual([
      'price: u128',
      'decimals: u32',
      'last_updated_timestamp: u64',
      'num_sources_aggregated: u32',
      'expiration_timestamp: Option<u64>',
    ]);
    const expected = {
      value: { price: 5n, decimals: 8, lastUpdated: 1000, sources: 3 },
    };
    // Option: Some is variant 0 (then its value), None variant 1.
    expect(
      readOracleAnswer(['0x5', '0x8', '0x3e8', '0x3', '0x0', '0x0']),
    ).toStrictEqual(expected);
    expect(
      readOracleAnswer(['0x5', '0x8', '0x3e8', '0x3', '0x1']),
    ).toStrictEqual(expected);
  });

  it.each([
    ['not a list', { price: '0x5' }],
    ['too short', ['0x5', '0x8', '0x3e8', '0x3']],
    ['None then more', ['0x5', '0x8', '0x3e8', '0x3', '0x1', '0x0']],
    ['Some without its value', ['0x5', '0x8', '0x3e8', '0x3', '0x0']],
    ['a bad tag', ['0x5', '0x8', '0x3e8', '0x3', '0x2', '0x0']],
    ['a price past u128', [`0x1${'0'.repeat(32)}`, '0x8', '0x1', '0x3', '0x1']],
    ['decimals past u32', ['0x5', '0x100000000', '0x1', '0x3', '0x1']],
    [
      'a timestamp past u64',
      ['0x5', '0x8', `0x1${'0'.repeat(16)}`, '0x3', '0x1'],
    ],
    ['not hex', ['5', '0x8', '0x1', '0x3', '0x1']],
    ['a number', [5, '0x8', '0x1', '0x3', '0x1']],
  ])('refuses an answer that is %s', (_, answer) => {
    expect(readOracleAnswer(answer)).toStrictEqual({
      problem: expect.any(String),
    });
  });

  it('has no oracle on a network a site added', () => {
    expect(
      oracleOf({
        name: 'x',
        chainId: TESTNET_CHAIN_ID,
        addedBy: 'https://a.b',
      }),
    ).toBeUndefined();
    expect(oracleOf({ name: 'x', chainId: '0x1234' })).toBeUndefined();
    expect(oracleOf({ name: 'Mainnet', chainId: MAINNET_CHAIN_ID })).toBe(
      PRAGMA_ORACLES[MAINNET_CHAIN_ID],
    );
  });
});
