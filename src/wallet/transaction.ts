import { networkTokens, requestView } from './access';
import type { WalletContext } from './context';
import { payTwiceWarnings } from './retryWarnings';
import { dialogValues } from './values';
import type { Network } from '../config';
import type { OwnAccount } from '../keys/ownership';
import type { SenderRequest, TransactionIntent } from '../sender/intent';
import { estimateIntent, sendIntent, signIntent } from '../sender/send';
import type { TransactionView } from '../ui/dialogs';
import { confirmTransaction } from '../ui/dialogs';

/**
 * What the transaction dialog shows besides the plan, the requester and
 * the account: the tokens to label (the network's tracked tokens unless
 * given), and the request's own notes.
 */
export type TransactionDisplay = Partial<
  Omit<TransactionView, 'request' | 'preview'>
>;

/** One transaction the wallet is asked to sign, or to send. */
export type TransactionAction = Omit<SenderRequest, 'client' | 'confirm'> & {
  context: WalletContext;
  network: Network;
  account: OwnAccount;
  intent: TransactionIntent;
  display?: TransactionDisplay;
};

/**
 * The sender's request of an action, with the one confirmation every
 * transaction path shows (built here only).
 *
 * @param action - The action.
 * @returns The request.
 */
async function senderRequest(
  action: TransactionAction,
): Promise<SenderRequest> {
  const { context, network, account, display = {}, ...rest } = action;
  const tokens =
    display.tokens ?? (await networkTokens(context, network.chainId));
  const payTwice =
    rest.intent.type === 'INVOKE'
      ? await payTwiceWarnings(
          context,
          network,
          account.address,
          rest.intent.calls,
        )
      : [];
  const { prices, pricing, values } = await dialogValues(
    context,
    network,
    tokens,
  );
  return {
    ...rest,
    account,
    client: context.node(network),
    prices,
    pricing,
    tokens,
    callsField: display.callsField,
    confirm: async (preview) =>
      confirmTransaction({
        ...display,
        request: await requestView(context, network, account.address),
        preview,
        tokens,
        warnings: [...(display.warnings ?? []), ...payTwice],
        values,
      }),
  };
}

/**
 * Plans, confirms, signs and submits a transaction (see sendIntent).
 *
 * @param action - What to send.
 * @returns The hashes the node accepted and whether a requested deployment
 * had already happened.
 */
export async function sendTransaction(
  action: TransactionAction,
): Promise<{ hashes: string[]; alreadyDeployed: boolean }> {
  return sendIntent(await senderRequest(action));
}

/**
 * Plans, confirms and signs a transaction without sending it.
 *
 * @param action - What to sign.
 * @returns The signature.
 */
export async function signTransactionOnly(
  action: TransactionAction,
): Promise<string[]> {
  return signIntent(await senderRequest(action));
}

/**
 * Plans a transaction to tell its fee; nothing is shown or signed.
 *
 * @param action - What to estimate (its display is not used).
 * @returns The plan and whether the account's deployment is included.
 */
export async function estimateTransaction(
  action: Omit<TransactionAction, 'display'>,
): ReturnType<typeof estimateIntent> {
  const { context, network, ...rest } = action;
  return estimateIntent({
    ...rest,
    client: context.node(network),
    tokens: await networkTokens(context, network.chainId),
  });
}
