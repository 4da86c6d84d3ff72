import { RpcProvider } from 'starknet';

import { startLocalNode } from '../src';

/**
 * starknet-devnet's account #0 for `--seed 0`, as it prints it and as
 * tutorials hard-code it (test/conformance/accounts.test.ts compares every
 * account and seed against starknet-devnet itself).
 */
const DEVNET_SEED_0_ACCOUNT_0 = {
  address: '0x64b48806902a367c8598f4f95c305e8c1a1acba5f082d294a43793113115691',
  privateKey: '0x71d7bb07b9a64f6f78ac4c816aff4da9',
  publicKey:
    '0x39d9e6ce352ad4530a0ef5d5a18fd3303c3606a7fa6ac5b620020ad681cc33b',
};

describe('predeployed accounts', () => {
  it("are starknet-devnet's: the default seed gives its seed-0 account #0, deployed with its class", async () => {
    const node = await startLocalNode({ accounts: 1 });
    try {
      expect(node.accounts).toStrictEqual([DEVNET_SEED_0_ACCOUNT_0]);
      const provider = new RpcProvider({ nodeUrl: node.url });
      expect(
        await provider.getClassHashAt(DEVNET_SEED_0_ACCOUNT_0.address),
      ).toBe(
        '0x5b4b537eaa2399e3aa99c4e2e0208ebd6c71bc1467938cd52c798c601e43564',
      );
      expect(
        await provider.callContract({
          contractAddress: DEVNET_SEED_0_ACCOUNT_0.address,
          entrypoint: 'get_public_key',
        }),
      ).toStrictEqual([DEVNET_SEED_0_ACCOUNT_0.publicKey]);
    } finally {
      await node.stop();
    }
  });

  // starknet-devnet's seeds are u32; the same derivation cannot give another
  // seed the same accounts, so the node refuses one outside that range.
  it.each([2 ** 32, -1, 1.5])(
    'refuses seed %s, naming the field',
    async (seed) => {
      await expect(startLocalNode({ seed, accounts: 1 })).rejects.toThrow(
        'seed: expected an integer from 0 to 4294967295',
      );
    },
  );
});
