import { byteArray, shortString } from 'starknet';

import { isContractNotFound, viewCall } from './calls';
import type { NodeClient } from './client';
import { ChainRejectedError, InvalidInputError } from '../errors';
import { selectorOf } from '../protocol/selectors';

/**
 * Decodes a token symbol: a short string in one felt (older tokens) or a
 * Cairo ByteArray `[words…, pending_word, pending_len]` (newer ones).
 *
 * @param result - The felts `symbol` returned.
 * @returns The text.
 */
function decodeText(result: string[]): string {
  if (result.length === 1 && result[0] !== undefined) {
    return shortString.decodeShortString(result[0]);
  }
  const [count = '0x0', ...rest] = result;
  const words = Number(BigInt(count));
  return byteArray.stringFromByteArray({
    data: rest.slice(0, words),
    pending_word: rest[words] ?? '0x0',
    pending_word_len: Number(BigInt(rest[words + 1] ?? '0x0')),
  });
}

/** The most characters of a symbol the chain may report and be shown. */
const MAX_SYMBOL = 31;

/**
 * Checks what a token reports before anything is stored or shown: decimals
 * 0–255 (more would make every amount unreadable), a symbol of at most
 * MAX_SYMBOL printable characters.
 *
 * @param tokenAddress - The token.
 * @param decimals - The felts `decimals` returned.
 * @param symbol - The felts `symbol` returned.
 * @returns The checked metadata.
 */
export function checkedMetadata(
  tokenAddress: string,
  decimals: string[],
  symbol: string[],
): { decimals: number; symbol: string } {
  const [first] = decimals;
  const value = BigInt(first ?? '0x0');
  if (decimals.length !== 1 || value > 255n) {
    throw new InvalidInputError(
      'tokenAddress',
      `${tokenAddress} reports decimals ${decimals.join(', ')}; an ERC-20's decimals are one value from 0 to 255`,
    );
  }
  let text: string;
  try {
    text = decodeText(symbol);
  } catch {
    text = '';
  }
  if (
    text.length === 0 ||
    text.length > MAX_SYMBOL ||
    !/^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(text)
  ) {
    throw new InvalidInputError(
      'tokenAddress',
      `${tokenAddress} reports a symbol that is not a short readable text`,
    );
  }
  return { decimals: Number(value), symbol: text };
}

/**
 * Asks a token contract its decimals and symbol, in one round trip, and
 * checks them (see checkedMetadata).
 *
 * @param client - The network's node.
 * @param tokenAddress - The token contract.
 * @returns What the chain says.
 */
export async function tokenMetadata(
  client: NodeClient,
  tokenAddress: string,
): Promise<{ decimals: number; symbol: string }> {
  try {
    const [decimals, symbol] = await client.batch([
      viewCall(tokenAddress, selectorOf('decimals'), []),
      viewCall(tokenAddress, selectorOf('symbol'), []),
    ]);
    return checkedMetadata(tokenAddress, decimals, symbol);
  } catch (error) {
    if (error instanceof ChainRejectedError) {
      throw new InvalidInputError(
        'tokenAddress',
        isContractNotFound(error)
          ? `no contract is deployed at ${tokenAddress} on ${client.network.name}`
          : `${tokenAddress} does not answer decimals() and symbol() like an ERC-20`,
      );
    }
    throw error;
  }
}
