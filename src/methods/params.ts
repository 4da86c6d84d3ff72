import { InvalidInputError } from '../errors';

/**
 * The sender of a request that may name it `address` or `senderAddress`.
 *
 * @param address - The `address` param.
 * @param senderAddress - The `senderAddress` param.
 * @returns The sender.
 */
export function senderOf(
  address: string | undefined,
  senderAddress: string | undefined,
): string {
  if (address && senderAddress && address !== senderAddress) {
    throw new InvalidInputError(
      'senderAddress',
      'differs from address; give one sender',
    );
  }
  const sender = address ?? senderAddress;
  if (!sender) {
    throw new InvalidInputError('address', 'is required (or senderAddress)');
  }
  return sender;
}
