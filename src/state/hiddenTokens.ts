import type { WalletState } from './schema';
import { updateState } from './store';
import { isFeeToken } from './tokens';
import { InvalidInputError } from '../errors';

/**
 * The tokens the user hid from the home page, per network: tracked ones
 * (their balances stop showing) and discovered ones (verified or not). A
 * hidden token stays hidden until the user shows it again; the fee tokens
 * are never hidden, since fees are paid in them.
 */

/**
 * A token address as stored: 0x and 64 lower-case hex digits.
 *
 * @param address - The contract (hex).
 * @returns Its stored form.
 */
function storedAddress(address: string): string {
  if (!/^0x[0-9a-fA-F]{1,64}$/u.test(address)) {
    throw new InvalidInputError('tokenAddress', 'is not a hex address');
  }
  return `0x${BigInt(address).toString(16).padStart(64, '0')}`;
}

/**
 * Whether a token is hidden on a network.
 *
 * @param state - The wallet state.
 * @param chainId - The network.
 * @param address - The token contract (any hex form).
 * @returns Whether the user hid it.
 */
export function isHiddenToken(
  state: Pick<WalletState, 'hiddenTokens'>,
  chainId: string,
  address: string,
): boolean {
  const value = BigInt(storedAddress(address));
  return state.hiddenTokens.some(
    (hidden) => hidden.chainId === chainId && BigInt(hidden.address) === value,
  );
}

/**
 * Hides a token of a network from the home page.
 *
 * @param chainId - The network.
 * @param address - The token contract.
 * @returns Whether it was shown before (false when already hidden).
 */
export async function hideToken(
  chainId: string,
  address: string,
): Promise<boolean> {
  if (isFeeToken(address)) {
    throw new InvalidInputError(
      'tokenAddress',
      'a fee token (STRK or ETH) cannot be hidden',
    );
  }
  const stored = storedAddress(address);
  return updateState((draft) => {
    if (isHiddenToken(draft, chainId, stored)) {
      return false;
    }
    draft.hiddenTokens.push({ chainId, address: stored });
    return true;
  });
}

/**
 * Shows a hidden token again.
 *
 * @param chainId - The network.
 * @param address - The token contract.
 * @returns Whether it was hidden.
 */
export async function showToken(
  chainId: string,
  address: string,
): Promise<boolean> {
  const value = BigInt(storedAddress(address));
  return updateState((draft) => {
    const before = draft.hiddenTokens.length;
    draft.hiddenTokens = draft.hiddenTokens.filter(
      (hidden) =>
        hidden.chainId !== chainId || BigInt(hidden.address) !== value,
    );
    return draft.hiddenTokens.length !== before;
  });
}
