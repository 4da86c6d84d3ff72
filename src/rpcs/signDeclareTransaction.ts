import { array, assign, object, optional, string, type } from 'superstruct';

import { defineMethod } from './method';
import { ownAccount, requestView, resolveNetwork } from './shared';
import { senderOf } from './signTransaction';
import {
  AddressStruct,
  DetailsStruct,
  FeltStruct,
  RequiredChainIdStruct,
} from './structs';
import { accountStatus } from '../chain/accounts';
import { NodeClient } from '../chain/rpc';
import { DEFAULT_CHAIN_ID } from '../config';
import { InvalidInputError, UserRejectedError } from '../errors';
import { formatUnits } from '../format';
import { signHash } from '../signing/signature';
import {
  completeDetails,
  declareHash,
  maxFeeOf,
} from '../signing/transactions';
import { confirmDeclare } from '../ui/dialogs';

/**
 * `snapnet_signDeclareTransaction {address, chainId, details}` →
 * `{signature: [r, s]}` for the v3 DECLARE of `details.classHash`, after a
 * dialog. Without `details.nonce` the nonce comes from the node (one round
 * trip); resource bounds must be given. `senderAddress` and `chainId` are
 * accepted at the top level or in
 * `details`, where the seed's request shape puts them.
 */
export const signDeclareTransaction = defineMethod({
  params: object({
    address: optional(AddressStruct),
    senderAddress: optional(AddressStruct),
    chainId: optional(RequiredChainIdStruct),
    details: assign(
      DetailsStruct,
      type({
        classHash: FeltStruct,
        compiledClassHash: optional(FeltStruct),
        senderAddress: optional(AddressStruct),
        chainId: optional(RequiredChainIdStruct),
      }),
    ),
  }),
  result: object({ signature: array(string()) }),
  handler: async (params, context) => {
    const { details } = params;
    const sender = senderOf(
      params.address,
      params.senderAddress ?? details.senderAddress,
    );
    if (details.senderAddress && details.senderAddress !== sender) {
      throw new InvalidInputError(
        'details.senderAddress',
        'differs from the sender address',
      );
    }
    if (
      params.chainId &&
      details.chainId &&
      params.chainId !== details.chainId
    ) {
      throw new InvalidInputError('details.chainId', 'differs from chainId');
    }
    const chainId = params.chainId ?? details.chainId ?? DEFAULT_CHAIN_ID;
    const network = await resolveNetwork(context, chainId);
    if (!details.compiledClassHash) {
      throw new InvalidInputError(
        'details.compiledClassHash',
        'is required for a v3 DECLARE',
      );
    }
    const account = await ownAccount(context, sender, 'address');
    if (!details.resourceBounds) {
      throw new InvalidInputError(
        'details.resourceBounds',
        'is required: a DECLARE cannot be estimated without its class',
      );
    }
    const nonce =
      details.nonce ??
      `0x${(await accountStatus(new NodeClient(network), sender)).nonce.toString(16)}`;
    const complete = completeDetails({ ...details, nonce }, 'details');
    const transactionHash = declareHash({
      senderAddress: sender,
      classHash: details.classHash,
      compiledClassHash: details.compiledClassHash,
      chainId: network.chainId,
      details: complete,
    });
    const approved = await confirmDeclare({
      title: 'Sign contract declaration',
      request: requestView(context, network, sender),
      classHash: details.classHash,
      compiledClassHash: details.compiledClassHash,
      fee: {
        maxFee: `${formatUnits(maxFeeOf(complete.resourceBounds), 18)} STRK`,
        nonce: BigInt(complete.nonce).toString(),
        version: complete.version,
      },
    });
    if (!approved) {
      throw new UserRejectedError();
    }
    return { signature: signHash(transactionHash, account.privateKey) };
  },
});
