import { starknetId } from 'starknet';

import {
  claimedNames,
  confirmedNames,
  decodedName,
  encodedLabels,
  forwardWithin,
  MAX_NAMED_ADDRESSES,
  nameLookupOf,
  namingContractOf,
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
});
