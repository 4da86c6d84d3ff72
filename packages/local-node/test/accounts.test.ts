import { startLocalNode } from '../src';

// starknet-devnet's seeds are u32; the same derivation cannot give another
// seed the same accounts, so the node refuses one outside that range.
describe('predeployed accounts', () => {
  it.each([2 ** 32, -1, 1.5])(
    'refuses seed %s, naming the field',
    async (seed) => {
      await expect(startLocalNode({ seed, accounts: 1 })).rejects.toThrow(
        'seed: expected an integer from 0 to 4294967295',
      );
    },
  );
});
