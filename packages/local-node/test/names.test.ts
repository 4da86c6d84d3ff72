import { constants, starknetId } from 'starknet';

import { checkedProvider, rpc, rpcResult } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

const SEPOLIA_NAMING = starknetId.StarknetIdContract.TESTNET_SEPOLIA;
const ALICE = '0x1234567890abcdef';
const BOB = '0xb0b';

let node: LocalNode;
let mainnet: LocalNode;

beforeAll(async () => {
  node = await startLocalNode({ accounts: 1 });
  mainnet = await startLocalNode({ accounts: 1, chainId: 'SN_MAIN' });
});

afterAll(async () => {
  await Promise.all([node.stop(), mainnet.stop()]);
});

const setName = async (
  target: LocalNode,
  params: Record<string, unknown>,
): Promise<unknown> => rpcResult(target.url, 'local_setStarkName', params);

/**
 * A naming contract's raw answer to a view.
 *
 * @param target - The node.
 * @param entrypoint - The view.
 * @param calldata - Its calldata.
 * @returns The felts answered.
 */
async function view(
  target: LocalNode,
  entrypoint: string,
  calldata: string[],
): Promise<string[]> {
  return checkedProvider(target.url).callContract({
    contractAddress: SEPOLIA_NAMING,
    entrypoint,
    calldata,
  });
}

describe('Starknet ID names on the local node', () => {
  it('serves the naming contract at starknet.js Sepolia address, answering starknet.js own lookups', async () => {
    const provider = checkedProvider(node.url);
    expect(await provider.getClassHashAt(SEPOLIA_NAMING)).toMatch(
      /^0x[0-9a-f]+$/u,
    );
    expect(
      await setName(node, { name: 'alice.stark', address: ALICE }),
    ).toEqual({
      name: 'alice.stark',
      address: ALICE,
      records: 'both',
      contract_address: SEPOLIA_NAMING,
    });
    expect(await provider.getStarkName(ALICE)).toBe('alice.stark');
    expect(BigInt(await provider.getAddressFromStarkName('alice.stark'))).toBe(
      BigInt(ALICE),
    );
    // starknet.js adds the suffix itself.
    expect(BigInt(await provider.getAddressFromStarkName('alice'))).toBe(
      BigInt(ALICE),
    );
  });

  it('answers subdomains, encoded subdomain first', async () => {
    const provider = checkedProvider(node.url);
    await setName(node, { name: 'pay.alice.stark', address: BOB });
    expect(await provider.getStarkName(BOB)).toBe('pay.alice.stark');
    expect(
      BigInt(await provider.getAddressFromStarkName('pay.alice.stark')),
    ).toBe(BigInt(BOB));
    expect(await view(node, 'address_to_domain', [BOB, '0'])).toStrictEqual([
      '0x2',
      `0x${starknetId.useEncoded('pay').toString(16)}`,
      `0x${starknetId.useEncoded('alice').toString(16)}`,
    ]);
  });

  it('answers [0] for an address without a reverse record and 0x0 for an unknown name', async () => {
    const provider = checkedProvider(node.url);
    expect(await view(node, 'address_to_domain', ['0x999', '0'])).toStrictEqual(
      ['0x0'],
    );
    await expect(provider.getStarkName('0x999')).rejects.toThrow(
      'Starkname not found',
    );
    expect(BigInt(await provider.getAddressFromStarkName('nobody.stark'))).toBe(
      0n,
    );
  });

  it('answers a reverse record only when its name resolves back, as the deployed contract does, unless set unchecked', async () => {
    const provider = checkedProvider(node.url);
    const drainer = '0xd7a1';
    await setName(node, {
      name: 'uniswap.stark',
      address: '0x5',
      records: 'forward',
    });
    await setName(node, {
      name: 'uniswap.stark',
      address: drainer,
      records: 'reverse',
    });
    expect(await view(node, 'address_to_domain', [drainer, '0'])).toStrictEqual(
      ['0x0'],
    );
    await setName(node, {
      name: 'uniswap.stark',
      address: drainer,
      records: 'reverse-unchecked',
    });
    expect(await provider.getStarkName(drainer)).toBe('uniswap.stark');
    expect(
      BigInt(await provider.getAddressFromStarkName('uniswap.stark')),
    ).toBe(5n);
  });

  it('serves Mainnet address on SN_MAIN', async () => {
    await setName(mainnet, { name: 'carol.stark', address: ALICE });
    const provider = checkedProvider(mainnet.url);
    expect(await provider.getChainId()).toBe(constants.StarknetChainId.SN_MAIN);
    expect(await provider.getStarkName(ALICE)).toBe('carol.stark');
  });

  it('refuses a malformed name or records, naming the field', async () => {
    const upper = await rpc(node.url, 'local_setStarkName', {
      name: 'Alice.stark',
      address: ALICE,
    });
    expect(JSON.stringify(upper.error)).toMatch(
      /name: expected a \.stark name/u,
    );
    const noSuffix = await rpc(node.url, 'local_setStarkName', {
      name: 'alice',
      address: ALICE,
    });
    expect(JSON.stringify(noSuffix.error)).toMatch(
      /name: expected a \.stark name/u,
    );
    const records = await rpc(node.url, 'local_setStarkName', {
      name: 'alice.stark',
      address: ALICE,
      records: 'all',
    });
    expect(JSON.stringify(records.error)).toMatch(/records: expected one of/u);
  });
});
