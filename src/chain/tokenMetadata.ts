import { byteArray, hash, shortString } from 'starknet';

import type { NodeClient } from './rpc';
import { CONTRACT_NOT_FOUND, viewCall } from './starknet';
import { ChainRejectedError, InvalidInputError } from '../errors';

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

/**
 * Asks a token contract its decimals and symbol, in one round trip.
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
      viewCall(tokenAddress, hash.getSelectorFromName('decimals'), []),
      viewCall(tokenAddress, hash.getSelectorFromName('symbol'), []),
    ]);
    return {
      decimals: Number(BigInt(decimals[0] ?? '0x0')),
      symbol: decodeText(symbol),
    };
  } catch (error) {
    if (error instanceof ChainRejectedError) {
      throw new InvalidInputError(
        'tokenAddress',
        error.code === CONTRACT_NOT_FOUND
          ? `no contract is deployed at ${tokenAddress} on ${client.network.name}`
          : `${tokenAddress} does not answer decimals() and symbol() like an ERC-20`,
      );
    }
    throw error;
  }
}
