import { networkTokens, requestView } from './access';
import type { WalletContext } from './context';
import { payTwiceWarnings } from './retryWarnings';
import type { TransactionDisplay } from './transaction';
import { dialogValues } from './values';
import type { Network } from '../config';
import { InvalidInputError } from '../errors';
import type { OwnAccount } from '../keys/ownership';
import type { FeeChoice } from '../paymaster/checkBuilt';
import type { PaymasterClient } from '../paymaster/client';
import { estimateThroughPaymaster } from '../paymaster/estimate';
import { sendThroughPaymaster } from '../paymaster/send';
import type { WalletCall } from '../sender/intent';
import { confirmTransaction } from '../ui/dialogs';

/** How a dapp (or the page) asks to pay through the paymaster. */
export type PaymasterChoice = {
  feeMode: { mode: 'sponsored' } | { mode: 'default'; gasToken: string };
  maxFeeInGasToken?: string | undefined;
  apiKey?: string | undefined;
  /**
   * The wallet's own page caps the fee at this many times the paymaster's
   * estimate (no site sets a cap there).
   */
  feeCapFactor?: bigint | undefined;
};

/** One transaction the wallet is asked to send through the paymaster. */
export type PaymasterAction = {
  context: WalletContext;
  network: Network;
  account: OwnAccount;
  /** The calls (none: deploy the account alone). */
  calls: WalletCall[];
  choice: PaymasterChoice;
  /** The param the choice is, to blame. */
  field: string;
  display?: TransactionDisplay;
};

/**
 * The network's paymaster and the fee choice, checked: the network has a
 * paymaster, the account can run outside executions (Argent 0.3.1, SNIP-9
 * version 1), and a gas token is one the wallet tracks there (so the fee is
 * shown with its symbol and decimals).
 *
 * @param action - The action.
 * @returns The paymaster and the fee choice.
 */
async function paymasterOf(
  action: PaymasterAction,
): Promise<{ paymaster: PaymasterClient; fee: FeeChoice }> {
  const { context, network, account, choice, field } = action;
  const paymaster = context.paymaster(network, choice.apiKey);
  if (!paymaster) {
    throw new InvalidInputError(field, `${network.name} has no paymaster`);
  }
  if (account.kind !== 'argent-cairo1') {
    throw new InvalidInputError(
      field,
      'this account (an Argent proxy, Cairo 0) cannot run outside executions: pay the fee in STRK',
    );
  }
  if (choice.feeMode.mode === 'sponsored') {
    return { paymaster, fee: { mode: 'sponsored' } };
  }
  const { gasToken } = choice.feeMode;
  const token = (await networkTokens(context, network.chainId)).find(
    ({ address }) => BigInt(address) === BigInt(gasToken),
  );
  if (!token) {
    throw new InvalidInputError(
      `${field}.feeMode.gasToken`,
      `is not a token the wallet knows on ${network.name}: add it first (snapnet_addErc20Token)`,
    );
  }
  return { paymaster, fee: { mode: 'default', gasToken: token } };
}

/**
 * Sends calls (or the account's deployment) through the network's
 * paymaster, after the one paymaster confirmation (built here only).
 *
 * @param action - What to send.
 * @returns The transaction hash.
 */
export async function sendWithPaymaster(
  action: PaymasterAction,
): Promise<string> {
  const { context, network, account, calls, choice, display = {} } = action;
  const { paymaster, fee } = await paymasterOf(action);
  const tokens =
    display.tokens ?? (await networkTokens(context, network.chainId));
  const { prices, pricing, values } = await dialogValues(
    context,
    network,
    tokens,
  );
  const stillOpen = await payTwiceWarnings(
    context,
    network,
    account.address,
    calls,
  );
  return sendThroughPaymaster({
    client: context.node(network),
    paymaster,
    account,
    calls,
    fee,
    field: action.field,
    maxFeeInGasToken:
      choice.maxFeeInGasToken === undefined
        ? undefined
        : BigInt(choice.maxFeeInGasToken),
    feeCapFactor: choice.feeCapFactor,
    prices,
    pricing,
    tokens,
    confirm: async (preview) =>
      confirmTransaction({
        ...display,
        request: await requestView(context, network, account.address),
        preview: preview.transaction,
        tokens,
        warnings: [...(display.warnings ?? []), ...stillOpen],
        paymaster: {
          host: preview.host,
          build: preview.build,
          relayerName: preview.relayerName,
        },
        values,
      }),
  });
}

/**
 * The fee of sending calls through the network's paymaster, in the gas
 * token; nothing is shown or signed.
 *
 * @param action - What to estimate (its display is not used).
 * @returns The estimate (see estimateThroughPaymaster).
 */
export async function estimateWithPaymaster(
  action: Omit<PaymasterAction, 'display'>,
): ReturnType<typeof estimateThroughPaymaster> {
  const { paymaster, fee } = await paymasterOf(action);
  return estimateThroughPaymaster({
    client: action.context.node(action.network),
    paymaster,
    account: action.account,
    calls: action.calls,
    fee,
    field: action.field,
    maxFeeInGasToken:
      action.choice.maxFeeInGasToken === undefined
        ? undefined
        : BigInt(action.choice.maxFeeInGasToken),
    feeCapFactor: action.choice.feeCapFactor,
    tokens: await networkTokens(action.context, action.network.chainId),
  });
}
