import { boolean, object } from 'superstruct';

import { defineMethod } from './method';
import {
  AddressStruct,
  ChainIdStruct,
  SignatureStruct,
  TypedDataStruct,
} from './structs';
import { AccountNotSharedError, InvalidInputError } from '../errors';
import { accountAcceptsSignature } from '../node/signatureCheck';
import { verifyHash } from '../signing/signature';
import { analyseTypedData } from '../signing/typedData';
import { ownPublicKey, resolveNetwork } from '../wallet/access';
import type { WalletContext } from '../wallet/context';

/**
 * `snapnet_verifySignedMessage {typedDataMessage, address, signature,
 * chainId?}` → whether `signature` (comma-joined text or an array) is the
 * account owner's signature of the typed data. For this seed's accounts
 * shared with the site no node is asked; any other account (an account the
 * site was not given included, so nothing tells it apart) is asked through
 * the node (`is_valid_signature`, one round trip). The typed data is read
 * exactly as `snapnet_signMessage` reads it, with its bounds: what that
 * method refuses (a value past its type, an enum value naming two variants,
 * oversized data) is refused here with the same invalid-params error naming
 * the field, never answered `true` — a signature is only ever "valid" for
 * typed data a dialog could have shown as it is hashed.
 */
/**
 * The public key of an account this seed owns, or undefined for others.
 *
 * @param context - The request context.
 * @param address - The account.
 * @returns Its public key, if owned.
 */
async function ownedPublicKey(
  context: WalletContext,
  address: string,
): Promise<string | undefined> {
  try {
    return await ownPublicKey(context, address, 'address');
  } catch (error) {
    if (
      error instanceof InvalidInputError ||
      error instanceof AccountNotSharedError
    ) {
      return undefined;
    }
    throw error;
  }
}

export const verifySignedMessage = defineMethod({
  params: object({
    typedDataMessage: TypedDataStruct,
    address: AddressStruct,
    signature: SignatureStruct,
    chainId: ChainIdStruct,
  }),
  result: boolean(),
  handler: async (
    { typedDataMessage, address, signature, chainId },
    context,
  ) => {
    const network = await resolveNetwork(context, chainId);
    const { hash: messageHash } = analyseTypedData(
      typedDataMessage,
      address,
      network,
      'typedDataMessage',
    );
    const own = await ownedPublicKey(context, address);
    if (own !== undefined) {
      return verifyHash(signature, messageHash, own);
    }
    return accountAcceptsSignature(
      context.node(network),
      address,
      messageHash,
      signature,
    );
  },
});
