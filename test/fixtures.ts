import { ACCOUNT_0, TESTNET } from './helpers';

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
