import type { TokenRecord } from './schema';
import { nameKey, symbolKey } from '../text';

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
