import type { TokenRecord } from './schema';
import { updateState } from './store';
import { ETH_ADDRESS, STRK_ADDRESS } from '../config';
import { InvalidInputError } from '../errors';
import { nameKey, symbolKey } from '../text';

/**
 * Whether a token is a fee token (STRK or ETH), which every network keeps:
 * fees are paid in it, and the wallet reads it for every account.
 *
 * @param address - The token contract (hex, padded or not).
 * @returns Whether it is one.
 */
export function isFeeToken(address: string): boolean {
  return (
    /^0x[0-9a-fA-F]{1,64}$/u.test(address) &&
    [STRK_ADDRESS, ETH_ADDRESS].some(
      (feeToken) => BigInt(feeToken) === BigInt(address),
    )
  );
}

/**
 * Stops tracking a token on a network (the home page's removal: the user's
 * own undoing of what a site added). Fee tokens stay.
 *
 * @param chainId - The network.
 * @param address - The token contract.
 * @returns The token removed, or undefined when it was not tracked there.
 */
export async function removeToken(
  chainId: string,
  address: string,
): Promise<TokenRecord | undefined> {
  if (isFeeToken(address)) {
    throw new InvalidInputError(
      'tokenAddress',
      'a fee token (STRK or ETH) cannot be removed',
    );
  }
  return updateState((draft) => {
    const removed = draft.tokens.find(
      (token) => token.chainId === chainId && token.address === address,
    );
    draft.tokens = draft.tokens.filter((token) => token !== removed);
    return removed;
  });
}

/**
 * A tracked token of the same network that a new token would be mistaken
 * for: another contract whose symbol or name reads the same (see symbolKey
 * and nameKey).
 *
 * @param token - A token (to add, or a called one).
 * @param tokens - Every tracked token.
 * @returns The token it imitates, if any.
 */
export function lookalikeOf(
  token: TokenRecord,
  tokens: TokenRecord[],
): TokenRecord | undefined {
  return tokens.find(
    (other) =>
      other.chainId === token.chainId &&
      other.address !== token.address &&
      (symbolKey(other.symbol) === symbolKey(token.symbol) ||
        nameKey(other.name) === nameKey(token.name)),
  );
}
