import type { WalletContext } from './context';
import type { Network } from '../config';
import { ChainRejectedError, InvalidInputError } from '../errors';
import { normaliseAddress } from '../keys/address';
import {
  encodedLabels,
  forwardNameCall,
  namingContractOf,
  NotAnAddressAnswer,
} from '../node/names';
import type { ShownName } from '../node/names';

/**
 * Resolves a Starknet ID name the user typed (`alice.stark`,
 * `pay.alice.stark`) through the network's own naming contract: one read,
 * before anything is shown. A malformed name, a network without a naming
 * contract, or a name that resolves to nothing (0x0) or to a value no
 * contract address can be (≥ 2^251, see forwardNameCall) is an
 * InvalidInputError naming the field: nothing is built or sent.
 *
 * @param context - The wallet's context.
 * @param network - The network the transfer is on.
 * @param typed - The name as typed (letters in any case).
 * @param field - The field, to blame.
 * @returns The name and the address it resolves to (canonical).
 */
export async function resolveTypedName(
  context: WalletContext,
  network: Network,
  typed: string,
  field: string,
): Promise<ShownName> {
  const name = typed.trim().toLowerCase();
  const labels = encodedLabels(name);
  if (!labels) {
    throw new InvalidInputError(
      field,
      `"${name.slice(0, 80)}" is not a Starknet ID name: labels of a-z, 0-9 and "-" (at most 48 characters each, at most 4 labels), then .stark`,
    );
  }
  const contract = namingContractOf(network);
  if (contract === undefined) {
    throw new InvalidInputError(
      field,
      `${network.name} has no Starknet ID naming contract the wallet knows: enter the recipient's address`,
    );
  }
  const address = await context
    .node(network)
    .call(forwardNameCall(contract, labels))
    .catch((error: unknown) => {
      if (error instanceof NotAnAddressAnswer) {
        throw new InvalidInputError(
          field,
          error.answered === 0n
            ? `${name} does not resolve to an address on ${network.name}: nothing was sent`
            : `${name} resolves on ${network.name} to 0x${error.answered.toString(16)}, which is not a Starknet address (at least 2^251): nothing was sent`,
        );
      }
      throw error instanceof ChainRejectedError
        ? new InvalidInputError(
            field,
            `${name} could not be resolved on ${network.name}: its naming contract refused the lookup`,
          )
        : error;
    });
  return { name, address: normaliseAddress(`0x${address.toString(16)}`) };
}
