import { hash } from 'starknet';

import { hexFromBase64 } from './values';

/**
 * Selectors: `sn_keccak` of an entry point's, view's or event's name, the
 * first key of its events. Keccak is slow in the snap's sandbox (its typed
 * arrays run 10–25x slower under SES's lockdown: about 0.4 ms a name), and
 * the wallet's modules named some fifty of them when they loaded, at every
 * start of the snap. The names the wallet itself uses are therefore written
 * here with their selectors, which selectors.test.ts recomputes one by one;
 * any other name (a dapp's entry point, an ABI's function) is hashed.
 *
 * Each entry is the name, a space, and the selector's 32 bytes in base64
 * (without its padding): two thirds of the hex's length.
 */
const KNOWN_SELECTOR_ENTRIES = [
  // ERC-20 calls, views and their Transfer event; NFT approvals
  'Transfer AJnNi95VeBSEKjEh6N39QzpTm4yfFL8x6/EI0S5hluk',
  'transfer AIOv0/TK7cbuv0Qkb+VOOMleMXml7J6oF0DspbSC0S4',
  'transfer_from A3BP/o+6Fhvg6ZSVF1GlAzsUYrkY/3hcCmNr5xjf22g',
  'transferFrom AEGwM/SjHfgGfCTR6bVQos51/Uop4RR6+XUhdPDmyyA',
  'approve AhkgnggydRcXdNqx34CYLp3yCWUW8GMZxcbXGuCoSAw',
  'increaseAllowance AWzAY7gzg2PPOIzn/h30CL8Q8WzVFjXTkuIdhS+vtoM',
  'increase_allowance AdE6sKdtdAex1frM1LPYqe/kLz08IXZkMdT6+zD0W9Q',
  'decreaseAllowance Aarz5hB90TScgVQ/9CIaMmgU932tzFgQgHt08aSd7U4',
  'decrease_allowance A7B2GGwZ/pYiHk36zUDFGfYS6uAuBVXk4RWips8vHB8',
  'balanceOf AuQmOvrTCSPIkVGDFMPJXb6DChaHToq8V3epogtUx24',
  'balance_of A1pzzTEaBdRt7aY0xe4EXbkvgRtOdLykQ3/LUwK3rzM',
  'decimals AExPsasGj2A51XgMaN0Povh0LM6zQm0ZZnd4yn81GKk',
  'symbol AhawXDh7q5rDGRij5hZy9GGGAfPFmKLz8nEPNwU+HqQ',
  'set_approval_for_all ANhso9QWNeIMGAGBBGsRq88Z4b3vPcqkwYAwDMyhgT8',
  'setApprovalForAll AtTI6kyPufVx0fb5t2kv/45c6vc7HfmOfajBEJs5rpo',
  // Other entry points the history names
  'deploy_contract AnMAedc07lUxX08UHq7Tdr3djCEzUj0iOjRMVgTg9/g',
  'deployContract AZh8vReAi5ojaT1N5+JGpEPP435uf7rqvX1+ZTKwfD0',
  'swap AVVDw3CGU82p1Bi0zNO+ETaOQGNsEMRLGM/nVrbYiyk',
  'multicall AgRikRTSU7UeN2S1IfeTcTrJ2ATbkz6DmFfgIrX+QVA',
  // Accounts: the Argent constructor, signature checks, SNIP-9
  'initialize AHncDafFS5XxCqGCrQpGQA22MVaSCttl7KJlTAlFpGM',
  'is_valid_signature AoQghik4EWyzu9vt7gdFHMxU1OlBLb73EUKtGYCjCUE',
  'isValidSignature AhPf4l4sownE1hWgnPyV/bL8fcc/vK0SxFD+k7Hy/54',
  'TransactionExecuted AdzeBqq9vKL4CqUTkrNF11Sdd1eqhV9+N/XTNayCQ7E',
  'is_valid_outside_execution_nonce AebTXfK52Yn7S2u869oTFOQlTL5eWJ3ZT/Tynqk16Rw',
  // Starknet ID's naming contract
  'address_to_domain A4tnn7ApzD+VNjXtFq5BI9qCFOcmlDkguncGoEc+Mmo',
  'domain_to_address AuJp2TD216uSsVzo/59eY3CTkWF+NGX/95umuvJ4zmA',
  // Pragma's oracle
  'get_data_median ACS4ac5o3SV7NwcByhbkqvnGSD/2gF0EunZh86C2zlk',
  // Staking: pools
  'enter_delegation_pool ACjUGT+4zkbt3dtECnBF4Kv7AzE9hUJGQigbkn2CSpw',
  'add_to_delegation_pool AuxsEn1P/kvcZZfZXDrqyauW7etzXaEgVFgsmiADTbI',
  'exit_delegation_pool_intent A6g3OQP6eUb3TonmJiYElRJeC8VNy0PpDIlfafabAK8',
  'exit_delegation_pool_action AaHjifAd/QbtgOeOi9gghfpyXpkpLdNQfYC7/YyInvo',
  'claim_rewards AInHscxIZunljYZ8tmhEvMnBfP2ruKtkCwXSvFPvxVY',
  'switch_delegation_pool APbGTRlo6KL9py/DiomOFWU7btZR0lFCIZrQEcGnM3w',
  'get_pool_member_info_v1 AKDsfSSOfKx61jXHauQxlVo97Z19naP4DuA8XCOD2b8',
  'contract_parameters_v1 Abvpg3Yr7QCrH7MSNGEcVvhWHjzcyWPXtes4dVF6dDU',
  // Staking: the staking contract, the reward supplier, the minting curve
  'staker_info_v1 AUKdJG6bR535HJHBB70rDVb7lED7CgWzHN8Y4ZAb0Y8',
  'staker_pool_info AnrKIjtIvIepTt9YD75K04bIG7MfaBCz3Ppgv2X49/g',
  'get_active_tokens A/PPXkdRicLOxNNwZH3BweDvgh5ouCembCGzzrU4200',
  'get_epoch_info Abzn60nD3nrZRHjdSWKd3qxlZsP2msXU9pIje1vywP8',
  'get_current_total_staking_power Aw4V2S5e76RB0zTofkOFH4n9aUE983EcFznog6Hmbqg',
  'get_total_stake_for_token AXaoY1cA3IgDigJX3aUsOltA0JCat0trgTAS60FsJIY',
  'calculate_current_epoch_rewards Ao5A+cplLdPYjhD4DodtyDY8hbTi0I2W+KqrOkT1KIc',
  'get_alpha AR3KExDRbCpgW8lv31LJqMk5H93IS7e7gnj8QUq6wic',
  'yearly_mint AuRiTHjxaKxhFcrdfx5v4wTLhEeVebDFs+w1LUGtwvQ',
  'contract_parameters A2c1qmlBhM2BFsR5wpbZQxzASkcOBGfAcGfkWG9kfs4',
  // Staking: events
  'NewDelegationPool AMFvXt/A3aEhAHOmAxgsQKQAfsQax2PNe1L3NPUTEck',
  'NewPoolMember AVysr0Dh7YfaXKY2rYNxQiuXY4hNPqn7UagN7rPv7hc',
  'PoolMemberExitIntent AC4wnTH3QvQNSWtgoZkkiH0UAwtQHG48vu5FJ+16+2Y',
  'PoolMemberExitAction AbqrI4oc8yP/vS7PnnqhS0pzj9GqWlhmBWv5gqfzqfA',
  'PoolMemberRewardClaimed AMSl6zr+w+OMvo9D9mxGuwynSubxC/vXx/D0YdXNufQ',
  'PoolMemberBalanceChanged A7D+4nXC9j5CsVilzJsldj6uXjgYOBacDXGJTBfdKPc',
  'SwitchDelegationPool AZCJ+uO4+ZwrFA0erXMTMbGfskjQm27lvssJexBAkwY', // Endur's liquid staking: the xSTRK vault and its withdrawal queue
  'deposit AMc/aBF2/Hs/lpOYb9exRYHo1UBRnidADoi4cTkyvgE',
  'mint AvCzxXEDeWCetUlfHs00jLKBZ3Ebc2Cf5WWnJzRVA1Q',
  'withdraw AVURzDaU9kN5kIQ31tZEWNx20CSCBSv7ilszpywFTHc',
  'redeem Au8KlzMq0EisVE2N+s3UPhKLmBbVmf3QMQlgkE+hhgk',
  'deposit_with_referral AnWLzZ/Oo7SURpTX94GVLpIPR0o5HmwcIF6jl+UQCdQ',
  'deposit_to_validator AuBf+x9sW168cTZP2RbIQL0JqKA8rNvGdg57WpP5+tU',
  'preview_deposit AhUuZjGz3RQWC+aO44juuU0eKwLlwaTGzl2mknLFBX4',
  'preview_mint Aalwse0iUBhMALuStI2TZ9vkW0PAY/zfKMxQ2P/6GlU',
  'preview_withdraw AAvtOWciGiy11XaLpX0/A5KXKYEMYWeCrTp0dNmRIEE',
  'preview_redeem AILGYdj+wNfC2N44siduKuKXau5Ho4YDaf6VlNXdnkU',
  'convert_to_assets ANmLVGWJbyMtw0kAv+aqmeTryKlhUhxhaKBmSzEymME',
  'claim_withdrawal Ah8IBYUEKd55RnwfxUhkCCi00s4NftDv3t+1MF28je8',
  'claim_withdrawal_to AVJwj3YwnRipv6Fqu3k3EPA0jE+PqXckQLRWcmu6nZg',
  'get_request_info ACWuWKPs7fdky/BQt3pEB+8ZR/vGHiKSJLShnIbQIsM',
  'get_queue_state ARWTbBL1gC4Qrx6dgCkKmtXqxh41v+GrefiLoZx+Utk',
  'owner_of A1Ut8SvcYInPljxAxM9W+/1L0UaAwkTRxUlMJ5Dx6lw',
  'WithdrawQueue AXil0Fdl8xX3pa8ERVd0qh2pHJgdJGOGeXwoRfVANtE',
];

export const KNOWN_SELECTORS: ReadonlyMap<string, string> = new Map(
  KNOWN_SELECTOR_ENTRIES.map((entry) => {
    const [name = '', base64 = ''] = entry.split(' ');
    return [name, `0x${BigInt(hexFromBase64(base64)).toString(16)}`];
  }),
);

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
