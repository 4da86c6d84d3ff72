import { hash } from 'starknet';

/**
 * Selectors: `sn_keccak` of an entry point's, view's or event's name, the
 * first key of its events. Keccak is slow in the snap's sandbox (its typed
 * arrays run 10–25x slower under SES's lockdown: about 0.4 ms a name), and
 * the wallet's modules named some fifty of them when they loaded, at every
 * start of the snap. The names the wallet itself uses are therefore written
 * here with their selectors, which selectors.test.ts recomputes one by one;
 * any other name (a dapp's entry point, an ABI's function) is hashed.
 */
export const KNOWN_SELECTORS: ReadonlyMap<string, string> = new Map([
  // ERC-20 calls, views and their Transfer event; NFT approvals
  [
    'Transfer',
    '0x99cd8bde557814842a3121e8ddfd433a539b8c9f14bf31ebf108d12e6196e9',
  ],
  [
    'transfer',
    '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
  ],
  [
    'transfer_from',
    '0x3704ffe8fba161be0e994951751a5033b1462b918ff785c0a636be718dfdb68',
  ],
  [
    'transferFrom',
    '0x41b033f4a31df8067c24d1e9b550a2ce75fd4a29e1147af9752174f0e6cb20',
  ],
  [
    'approve',
    '0x219209e083275171774dab1df80982e9df2096516f06319c5c6d71ae0a8480c',
  ],
  [
    'increaseAllowance',
    '0x16cc063b8338363cf388ce7fe1df408bf10f16cd51635d392e21d852fafb683',
  ],
  [
    'increase_allowance',
    '0x1d13ab0a76d7407b1d5faccd4b3d8a9efe42f3d3c21766431d4fafb30f45bd4',
  ],
  [
    'decreaseAllowance',
    '0x1aaf3e6107dd1349c81543ff4221a326814f77dadcc5810807b74f1a49ded4e',
  ],
  [
    'decrease_allowance',
    '0x3b076186c19fe96221e4dfacd40c519f612eae02e0555e4e115a2a6cf2f1c1f',
  ],
  [
    'balanceOf',
    '0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e',
  ],
  [
    'balance_of',
    '0x35a73cd311a05d46deda634c5ee045db92f811b4e74bca4437fcb5302b7af33',
  ],
  [
    'decimals',
    '0x4c4fb1ab068f6039d5780c68dd0fa2f8742cceb3426d19667778ca7f3518a9',
  ],
  [
    'symbol',
    '0x216b05c387bab9ac31918a3e61672f4618601f3c598a2f3f2710f37053e1ea4',
  ],
  [
    'set_approval_for_all',
    '0xd86ca3d41635e20c180181046b11abcf19e1bdef3dcaa4c180300ccca1813f',
  ],
  [
    'setApprovalForAll',
    '0x2d4c8ea4c8fb9f571d1f6f9b7692fff8e5ceaf73b1df98e7da8c1109b39ae9a',
  ],
  // Other entry points the history names
  [
    'deploy_contract',
    '0x2730079d734ee55315f4f141eaed376bddd8c2133523d223a344c5604e0f7f8',
  ],
  [
    'deployContract',
    '0x1987cbd17808b9a23693d4de7e246a443cfe37e6e7fbaeabd7d7e6532b07c3d',
  ],
  ['swap', '0x15543c3708653cda9d418b4ccd3be11368e40636c10c44b18cfe756b6d88b29'],
  [
    'multicall',
    '0x204629114d253b51e3764b521f793713ac9d804db933e839857e022b5fe4150',
  ],
  // Accounts: the Argent constructor, signature checks, SNIP-9
  [
    'initialize',
    '0x79dc0da7c54b95f10aa182ad0a46400db63156920adb65eca2654c0945a463',
  ],
  [
    'is_valid_signature',
    '0x28420862938116cb3bbdbedee07451ccc54d4e9412dbef71142ad1980a30941',
  ],
  [
    'isValidSignature',
    '0x213dfe25e2ca309c4d615a09cfc95fdb2fc7dc73fbcad12c450fe93b1f2ff9e',
  ],
  [
    'TransactionExecuted',
    '0x1dcde06aabdbca2f80aa51392b345d7549d7757aa855f7e37f5d335ac8243b1',
  ],
  [
    'is_valid_outside_execution_nonce',
    '0x1e6d35df2b9d989fb4b6bbcebda1314e4254cbe5e589dd94ff4f29ea935e91c',
  ],
  // Starknet ID's naming contract
  [
    'address_to_domain',
    '0x38b679fb029cc3f953635ed16ae4123da8214e726943920ba7706a0473e326a',
  ],
  [
    'domain_to_address',
    '0x2e269d930f6d7ab92b15ce8ff9f5e63709391617e3465fff79ba6baf278ce60',
  ],
  // Pragma's oracle
  [
    'get_data_median',
    '0x24b869ce68dd257b370701ca16e4aaf9c6483ff6805d04ba7661f3a0b6ce59',
  ],
  // Staking: pools
  [
    'enter_delegation_pool',
    '0x28d4193fb8ce46eddddb440a7045e0abfb03313d85424642281b927d824a9c',
  ],
  [
    'add_to_delegation_pool',
    '0x2ec6c127d4ffe4bdc6597d95c3aeac9ab96edeb735da12054582c9a20034db2',
  ],
  [
    'exit_delegation_pool_intent',
    '0x3a8373903fa7946f74e89e626260495125e0bc54dcb43e90c895f69f69b00af',
  ],
  [
    'exit_delegation_pool_action',
    '0x1a1e389f01dfd06ed80e78e8bd82085fa725e99292dd3507d80bbfd8c889efa',
  ],
  [
    'claim_rewards',
    '0x89c7b1cc4866e9e58d867cb66844bcc9c17cfdabb8ab640b05d2bc53efc556',
  ],
  [
    'switch_delegation_pool',
    '0xf6c64d1968e8a2fda72fc38a898e15653b6ed651d25142219ad011c1a7337c',
  ],
  [
    'get_pool_member_info_v1',
    '0xa0ec7d248e7cac7ad635c76ae431955a3ded9d7d9da3f80ee03c5c2383d9bf',
  ],
  [
    'contract_parameters_v1',
    '0x1bbe983762bed00ab1fb31234611c56f8561e3cdcc963d7b5eb3875517a7435',
  ],
  // Staking: the staking contract, the reward supplier, the minting curve
  [
    'staker_info_v1',
    '0x1429d246e9b479df91c91c107bd2b0d56fb9440fb0a05b31cdf18e1901bd18f',
  ],
  [
    'staker_pool_info',
    '0x27aca223b48bc87a94edf580fbe4ad386c81bb31f6810b3dcfa60bf65f8f7f8',
  ],
  [
    'get_active_tokens',
    '0x3f3cf5e475189c2cec4d370647dc1c1e0ef821e68b827a66c21b3ceb538db4d',
  ],
  [
    'get_epoch_info',
    '0x1bce7eb49c3de7ad94478dd49629ddeac6566c3f69ac5d4f692237b5bf2c0ff',
  ],
  [
    'get_current_total_staking_power',
    '0x30e15d92e5eefa441d334e87e43851f89fd69413df3711c1739e883a1e66ea8',
  ],
  [
    'get_total_stake_for_token',
    '0x176a8635700dc88038a0257dda52c3a5b40d0909ab74b6b813012eb416c2486',
  ],
  [
    'calculate_current_epoch_rewards',
    '0x28e40f9ca652dd3d88e10f80e876dc8363c85b4e2d08d96f8aaab3a44f52887',
  ],
  [
    'get_alpha',
    '0x11dca1310d16c2a605bc96fdf52c9a8c9391fddc84bb7bb8278fc414abac227',
  ],
  [
    'yearly_mint',
    '0x2e4624c78f168ac6115cadd7f1e6fe304cb84479579b0c5b3ec352d41adc2f4',
  ],
  [
    'contract_parameters',
    '0x36735aa694184cd8116c479c296d9431cc04a470e0467c07067e4586f647ece',
  ],
  // Staking: events
  [
    'NewDelegationPool',
    '0xc16f5edfc0dda1210073a603182c40a4007ec41ac763cd7b52f734f51311c9',
  ],
  [
    'NewPoolMember',
    '0x15cacaf40e1ed87da5ca636ad8371422b9763884d3ea9fb51a80deeb3efee17',
  ],
  [
    'PoolMemberExitIntent',
    '0x2e309d31f742f40d496b60a19924887d14030b501c6e3cbeee4527ed7afb66',
  ],
  [
    'PoolMemberExitAction',
    '0x1baab238a1cf323ffbd2ecf9e7aa14b4a738fd1aa5a5866056bf982a7f3a9f0',
  ],
  [
    'PoolMemberRewardClaimed',
    '0xc4a5eb3afec3e38cbe8f43f66c46bb0ca74ae6f10bfbd7c7f0f461d5cdb9f4',
  ],
  [
    'PoolMemberBalanceChanged',
    '0x3b0fee275c2f63e42b158a5cc9b25763eae5e381838169c0d71894c17dd28f7',
  ],
  [
    'SwitchDelegationPool',
    '0x19089fae3b8f99c2b140d1ead731331b19fb248d09b6ee5becb097b10409306',
  ],
]);

/**
 * The selector of an entry point, view or event name, canonical hex (as
 * starknet.js's `getSelectorFromName`).
 *
 * @param name - The name.
 * @returns `sn_keccak(name)`, hex without leading zeros.
 */
export function selectorOf(name: string): string {
  return (
    KNOWN_SELECTORS.get(name) ??
    `0x${BigInt(hash.getSelectorFromName(name)).toString(16)}`
  );
}
