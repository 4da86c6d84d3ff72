import { starknetId } from 'starknet';

import {
  claimedNames,
  confirmedNames,
  decodedName,
  encodedLabels,
  forwardNameCall,
  forwardWithin,
  namesWithin,
  MAX_NAMED_ADDRESSES,
  nameLookupOf,
  namingContractOf,
  NotAnAddressAnswer,
  reverseNameCall,
} from './names';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';

const ALICE = `0x${'a11ce'.padStart(64, '0')}`;

describe('Starknet ID names', () => {
  it('knows the naming contract of the built-in networks only', () => {
    expect(
      namingContractOf({ name: 'Mainnet', chainId: MAINNET_CHAIN_ID }),
    ).toBe(starknetId.StarknetIdContract.MAINNET);
    expect(
      namingContractOf({ name: 'Testnet', chainId: TESTNET_CHAIN_ID }),
    ).toBe(starknetId.StarknetIdContract.TESTNET_SEPOLIA);
    // A site's own network, even one that claims Sepolia's chain id.
    expect(
      namingContractOf({
        name: 'Site',
        chainId: TESTNET_CHAIN_ID,
        addedBy: 'https://dapp.example',
        rpcUrl: 'http://127.0.0.1:1/rpc',
      }),
    ).toBeUndefined();
    expect(
      namingContractOf({ name: 'Devnet', chainId: '0x534e5f4445564e4554' }),
    ).toBeUndefined();
  });

  it('encodes names with starknet.js, subdomain first, and refuses malformed ones', () => {
    expect(encodedLabels('pay.alice.stark')).toStrictEqual([
      starknetId.useEncoded('pay'),
      starknetId.useEncoded('alice'),
    ]);
    for (const bad of [
      'alice',
      'Alice.stark',
      '.stark',
      'a..stark',
      'a.b.c.d.e.stark',
      `${'a'.repeat(49)}.stark`,
      'al ice.stark',
    ]) {
      expect(encodedLabels(bad)).toBeUndefined();
    }
  });

  it('reads only answers that are well-formed names', () => {
    const alice = starknetId.useEncoded('alice');
    expect(decodedName([alice])).toBe('alice.stark');
    expect(decodedName([])).toBeUndefined();
    // Code 37 escapes to starknet.js's second alphabet: no name a user can type.
    expect(decodedName([37n + 38n * 1n])).toBeUndefined();
    expect(decodedName(Array.from({ length: 5 }, () => alice))).toBeUndefined();
    const { parse } = reverseNameCall('0x1', ALICE);
    expect(parse(['0x1', `0x${alice.toString(16)}`])).toBe('alice.stark');
    expect(parse(['0x0'])).toBeUndefined();
    // A span whose length is not its count, or that is no felt list.
    expect(parse(['0x2', `0x${alice.toString(16)}`])).toBeUndefined();
    expect(() => parse('alice.stark')).toThrow(/array/u);
  });

  it('takes from a forward lookup only an address a contract can have: 0x0 and anything at or past 2^251 are refused', () => {
    const { parse } = forwardNameCall('0x1', [starknetId.useEncoded('alice')]);
    expect(parse([ALICE])).toBe(BigInt(ALICE));
    expect(parse([`0x${(2n ** 251n - 1n).toString(16)}`])).toBe(
      2n ** 251n - 1n,
    );
    for (const answered of [0n, 2n ** 251n, 2n ** 251n + 17n * 2n ** 192n]) {
      let refused: unknown;
      try {
        parse([`0x${answered.toString(16)}`]);
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(NotAnAddressAnswer);
      expect((refused as NotAnAddressAnswer).answered).toBe(answered);
    }
    expect(() => parse([ALICE, ALICE])).toThrow('expected one address');
  });

  it('shows a claimed name only when the forward lookup answers the very address', () => {
    const lookup = nameLookupOf(
      { name: 'Testnet', chainId: TESTNET_CHAIN_ID },
      [ALICE, '0xb0b'],
    );
    expect(lookup?.addresses).toHaveLength(2);
    const reverse = claimedNames(lookup ?? { contract: '', addresses: [] }, [
      { status: 'fulfilled', value: 'alice.stark' },
      { status: 'fulfilled', value: 'bob.stark' },
    ]);
    expect(
      confirmedNames(reverse, [
        { status: 'fulfilled', value: BigInt(ALICE) },
        { status: 'fulfilled', value: 5n },
      ]),
    ).toStrictEqual([{ name: 'alice.stark', address: ALICE }]);
    expect(
      confirmedNames(reverse, [{ status: 'rejected', reason: new Error() }]),
    ).toStrictEqual([]);
  });

  it('looks up at most a bounded number of distinct addresses', () => {
    const many = Array.from({ length: 20 }, (_, index) => `0x${index + 1}`);
    expect(
      nameLookupOf({ name: 'Testnet', chainId: TESTNET_CHAIN_ID }, [
        ...many,
        ...many,
      ])?.addresses,
    ).toHaveLength(MAX_NAMED_ADDRESSES);
  });

  it('gives up forward lookups sent alone that stall or fail, showing no name', async () => {
    const stalled = new Promise<PromiseSettledResult<bigint>[]>(
      () => undefined,
    );
    expect(await forwardWithin(stalled, 10)).toStrictEqual([]);
    expect(
      await forwardWithin(Promise.reject(new Error('down')), 10),
    ).toStrictEqual([]);
    const answered: PromiseSettledResult<bigint>[] = [
      { status: 'fulfilled', value: 1n },
    ];
    expect(await forwardWithin(Promise.resolve(answered), 10)).toBe(answered);
  });

  it('gives up lookups of their own that stall or fail, in both round trips', async () => {
    const lookup = { contract: '0x1', addresses: ['0xa11ce'] };
    const stalling = {
      batchSettled: async (): Promise<never> =>
        new Promise<never>(() => undefined),
    };
    expect(await namesWithin(stalling, lookup, 10)).toStrictEqual([]);
    const failing = {
      batchSettled: async (): Promise<never> =>
        Promise.reject(new Error('down')),
    };
    expect(await namesWithin(failing, lookup, 10)).toStrictEqual([]);
    // The reverse answer comes, the forward one stalls: no name.
    let batches = 0;
    const stallsSecond = {
      batchSettled: async (): Promise<never> => {
        batches += 1;
        const reverse = [{ status: 'fulfilled', value: 'alice.stark' }];
        // The reverse answer as its call parses it.
        return batches === 1
          ? (reverse as never)
          : new Promise<never>(() => undefined);
      },
    };
    expect(await namesWithin(stallsSecond, lookup, 10)).toStrictEqual([]);
    expect(batches).toBe(2);
    expect(await namesWithin(stalling, undefined, 10)).toStrictEqual([]);
  });

  it('asks no forward lookup once the names are no longer wanted (the dialog closed)', async () => {
    const lookup = { contract: '0x1', addresses: ['0xa11ce'] };
    let batches = 0;
    const claiming = {
      batchSettled: async (): Promise<never> => {
        batches += 1;
        // The reverse answer as its call parses it.
        return [{ status: 'fulfilled', value: 'alice.stark' }] as never;
      },
    };
    expect(
      await namesWithin(claiming, lookup, 1_000, () => false),
    ).toStrictEqual([]);
    expect(batches).toBe(1);
    await namesWithin(claiming, lookup, 1_000, () => true);
    expect(batches).toBe(3);
  });
});
