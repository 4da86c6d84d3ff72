import { array, nonempty, object, optional, string } from 'superstruct';

import { defineMethod } from './method';
import { ownAccount, requestView, resolveNetwork } from './shared';
import {
  AddressStruct,
  CallStruct,
  ChainIdStruct,
  DetailsStruct,
} from './structs';
import { accountStatus } from '../chain/accounts';
import type { Step } from '../chain/plan';
import { planSequence } from '../chain/plan';
import { NodeClient } from '../chain/rpc';
import { prepareInvoke } from '../chain/transactions';
import { InvalidInputError, UserRejectedError } from '../errors';
import { formatUnits } from '../format';
import { signHash } from '../signing/signature';
import { maxFeeOf } from '../signing/transactions';
import { describeCall } from '../ui/decodeCalls';
import { confirmTransaction } from '../ui/dialogs';

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

/**
 * `snapnet_signTransaction {address | senderAddress, chainId, transactions,
 * transactionsDetail?}` → the signature of the v3 INVOKE of those calls, as
 * an array of hex strings, after a dialog showing every call. With the nonce
 * and resource bounds given, no node is asked; otherwise the nonce (one round
 * trip) and the resource bounds (an estimate, one round trip) come from the
 * node.
 */
export const signTransaction = defineMethod({
  params: object({
    address: optional(AddressStruct),
    senderAddress: optional(AddressStruct),
    chainId: ChainIdStruct,
    transactions: nonempty(array(CallStruct)),
    transactionsDetail: optional(DetailsStruct),
  }),
  result: array(string()),
  handler: async (params, context) => {
    const sender = senderOf(params.address, params.senderAddress);
    const network = await resolveNetwork(context, params.chainId);
    const account = await ownAccount(context, sender, 'address');
    const given = params.transactionsDetail ?? {};
    const client = new NodeClient(network);
    const nonce =
      given.nonce === undefined
        ? (await accountStatus(client, sender)).nonce
        : BigInt(given.nonce);
    const step: Step = (details, sign) =>
      prepareInvoke(
        account,
        params.transactions,
        network.chainId,
        details,
        sign,
      );
    const plan = await planSequence(
      client,
      [step],
      { ...given, nonce: `0x${nonce.toString(16)}` },
      'transactionsDetail',
      nonce,
    );
    const [details] = plan.details;
    if (!details) {
      throw new Error('No details were planned');
    }
    const transactionHash = step(details, false).hash;
    const { tokens } = await context.state();
    const networkTokens = tokens.filter(
      ({ chainId }) => chainId === network.chainId,
    );
    const approved = await confirmTransaction({
      title: 'Sign transaction',
      request: requestView(context, network, sender),
      calls: params.transactions.map((call) =>
        describeCall(call, networkTokens),
      ),
      fee: {
        maxFee: `${formatUnits(maxFeeOf(details.resourceBounds), 18)} STRK`,
        nonce: BigInt(details.nonce).toString(),
        version: details.version,
      },
      notice:
        'The site receives the signature only; it may send this transaction later.',
    });
    if (!approved) {
      throw new UserRejectedError();
    }
    return signHash(transactionHash, account.privateKey);
  },
});
