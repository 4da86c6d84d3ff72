import { MAINNET_CHAIN_ID } from '../config';

/**
 * Tokens whose `Transfer` event has the Cairo 0 layout: keys `[selector]`,
 * data `[from, to, amount_low, amount_high]` (OpenZeppelin's Cairo 0
 * ERC-20 and the contracts written after it), so no `starknet_getEvents`
 * filter finds their transfers by sender or recipient: the wallet reads
 * their events by address, newest first in a bounded window, and keeps
 * those whose data names its accounts. Cairo 1 tokens (StarkGate's since
 * their 2024 upgrade, STRK, OpenZeppelin's Cairo 1 ERC-20) key both
 * parties and are read by key.
 *
 * Mainnet: DAI v0, MakerDAO's first bridged DAI (`starknet-dai-bridge`,
 * Cairo 0, still holding balances since the Cairo 1 DAI at
 * 0x05574eb6… replaced it). Its address is the one DeFi front ends and the
 * bridge's own lists give ("DAIv0"); its layout is the Cairo 0 one. Not
 * read from Mainnet here (no Mainnet node in the tests): add one here
 * when a Cairo 0 token is found to hold users' funds.
 */
const CAIRO0_TOKENS: ReadonlyMap<string, readonly string[]> = new Map([
  [
    MAINNET_CHAIN_ID,
    ['0x00da114221cb83fa859dbdb4c44beeaa0bb37c7537ad5ae66fe5e0efd20e6eb3'],
  ],
]);

/**
 * The Cairo 0 tokens of a network (see above).
 *
 * @param chainId - The network.
 * @returns Their addresses (canonical).
 */
export function cairo0TokensOf(chainId: string): readonly string[] {
  return CAIRO0_TOKENS.get(chainId) ?? [];
}

/**
 * Whether a token's `Transfer` has the Cairo 0 layout (see above).
 *
 * @param chainId - The network.
 * @param token - The token.
 * @returns Whether it is listed.
 */
export function isCairo0Token(chainId: string, token: string): boolean {
  return cairo0TokensOf(chainId).some(
    (listed) => BigInt(listed) === BigInt(token),
  );
}
