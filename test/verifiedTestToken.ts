/**
 * The token the test build lists as verified on the test network
 * (`SNAP_EXTRA_VERIFIED_TOKENS`, see src/tokens/verified.ts): StarkGate's
 * ERC-20 deployed through the Universal Deployer with no deployer in its
 * address, so it lands at this address on the local node and on
 * starknet-devnet alike (test/chain/tokenDiscovery.test.ts deploys it and
 * checks the address). No token of the real list can be deployed at its
 * real address on a fresh local chain.
 */
export const VERIFIED_TEST_TOKEN = {
  chainId: '0x534e5f5345504f4c4941',
  address: '0x0554a962fc5e4af62a30d68e7fa4a6ec5307f032ad9c528b29149a4a7a68056d',
  name: 'Verified Test Token',
  symbol: 'VTT',
  decimals: 18,
};

/** The salt it is deployed with. */
export const VERIFIED_TEST_TOKEN_SALT = '0x7e57';
