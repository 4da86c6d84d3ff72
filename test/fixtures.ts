/**
 * The accounts, networks and values the tests share: one home, so a vector
 * is written once (the snap's, the client's and the site's tests, the bench
 * and the OpenRPC examples read it from here).
 */

/** The test dapp's origin. */
export const DAPP_ORIGIN = 'https://dapp.example';
export const TESTNET = '0x534e5f5345504f4c4941';
export const MAINNET = '0x534e5f4d41494e';

/**
 * Account 0 of the default snaps-jest phrase, `test test test test test test
 * test test test test test ball` (the ARCHITECTURE.md vector; derived again in
 * src/keys/address.test.ts).
 */
export const ACCOUNT_0 = {
  address: '0x03a48f9784a19e574e3976351f36d3806b8c27a97a972d2e2834e067d2c52883',
  publicKey:
    '0x1297ebe045cf72e92946f2daf84e7cbafdbe89bcb6f382e8fd3bdc254ea8a62',
  privateKey:
    '0x531a5ab3fe52a0c54b8b4f70ecc022f7b8224372b886b39ecad0f9ec89688ca',
};

/** The fee tokens' addresses, the same on every Starknet network. */
export const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
export const ETH =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';

/** The revision 1 domain type: every field a shortstring. */
const STARKNET_DOMAIN = [
  { name: 'name', type: 'shortstring' },
  { name: 'version', type: 'shortstring' },
  { name: 'chainId', type: 'shortstring' },
  { name: 'revision', type: 'shortstring' },
];

/** A SNIP-12 revision 1 message (StarknetDomain, shortstring chain id). */
export const typedDataRevision1 = {
  types: {
    StarknetDomain: STARKNET_DOMAIN,
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'felt' },
      { name: 'tags', type: 'shortstring*' },
    ],
    Person: [
      { name: 'name', type: 'felt' },
      { name: 'wallet', type: 'ContractAddress' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Example Dapp',
    version: '1',
    chainId: 'SN_SEPOLIA',
    revision: '1',
  },
  message: {
    from: { name: 'Alice', wallet: ACCOUNT_0.address },
    to: { name: 'Bob', wallet: '0x1234' },
    contents: 'Hello Bob',
    tags: ['greeting', 'urgent'],
  },
};

/** A flat SNIP-12 revision 1 message: two fields, Testnet's chain. */
export const flatMailRevision1 = {
  types: {
    StarknetDomain: STARKNET_DOMAIN,
    Mail: [
      { name: 'to', type: 'ContractAddress' },
      { name: 'contents', type: 'shortstring' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Mail', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
  message: { to: '0xabc', contents: 'Hello' },
};

/** A SNIP-12 revision 0 message (StarkNetDomain, felt chain id). */
export const typedDataRevision0 = {
  types: {
    StarkNetDomain: [
      { name: 'name', type: 'felt' },
      { name: 'version', type: 'felt' },
      { name: 'chainId', type: 'felt' },
    ],
    Order: [
      { name: 'amount', type: 'felt' },
      { name: 'market', type: 'felt' },
    ],
  },
  primaryType: 'Order',
  domain: { name: 'Legacy Exchange', version: '1', chainId: TESTNET },
  message: { amount: '1000', market: 'ETH-USDC' },
};

/** Resource bounds that need no node: explicit amounts and prices. */
export const RESOURCE_BOUNDS = {
  l1_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
  l2_gas: { max_amount: '0x200000', max_price_per_unit: '0x3b9aca00' },
  l1_data_gas: { max_amount: '0x200', max_price_per_unit: '0x3b9aca00' },
};
