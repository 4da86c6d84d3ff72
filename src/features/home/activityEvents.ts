import { UserInputEventType } from '@metamask/snaps-sdk';
import type { UserInputEvent } from '@metamask/snaps-sdk';
import { number, optional, string, type } from 'superstruct';

import { ACTIVITY_PAGE, entryOf } from './activity';
import { readHomePage } from './readHome';
import { ACTIVITY, showActivityDetail } from './views/activity';
import type { ActivityDetail } from './views/activity';
import { HOME } from './views/model';
import type { HomePlace } from './views/model';
import { updateHomeInterface } from './views/page';
import { displayOf } from './views/worth';
import type { MoneyDisplay } from './views/worth';
import { NodeError, toSnapError } from '../../errors';
import { FeltText, parsedBy } from '../../node/answers';
import { normaliseHash, statusOf } from '../../node/history';
import { nameLookupOf, namesWithin } from '../../node/names';
import type { NodeCall } from '../../node/nodeCall';
import { dateText } from '../../prices/dates';
import { amountText } from '../../prices/money';
import type { RequestScope } from '../../requestScope';
import { hiddenFromNode } from '../../state/networks';
import type { WalletState } from '../../state/schema';
import { activityStatus } from '../../ui/activityText';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';
import type { WalletContext } from '../../wallet/context';

/**
 * The activity's buttons on the home page: "More" (the page again, with
 * more lines) and a transaction's details (its receipt and transaction
 * read in one round trip: fee, block, status and full addresses).
 */

/** The longest revert reason the detail view shows. */
const DETAIL_REASON = 1000;

const ReceiptStruct = type({
  execution_status: string(),
  finality_status: string(),
  revert_reason: optional(string()),
  block_number: optional(number()),
  actual_fee: type({ amount: FeltText, unit: string() }),
});

const TransactionStruct = type({
  type: string(),
  sender_address: optional(FeltText),
});

/**
 * The node's receipt of a transaction.
 *
 * @param txnHash - The transaction.
 * @returns The call.
 */
function receiptCall(txnHash: string): NodeCall<unknown> {
  return {
    method: 'starknet_getTransactionReceipt',
    params: { transaction_hash: txnHash },
    parse: parsedBy(ReceiptStruct),
  };
}

/**
 * The node's copy of a transaction.
 *
 * @param txnHash - The transaction.
 * @returns The call.
 */
function transactionCall(txnHash: string): NodeCall<unknown> {
  return {
    method: 'starknet_getTransactionByHash',
    params: { transaction_hash: txnHash },
    parse: parsedBy(TransactionStruct),
  };
}

/**
 * What the node says of a transaction, as rows; never throws.
 *
 * @param context - The user's context.
 * @param state - The state.
 * @param chainId - The network.
 * @param txnHash - The transaction (canonical).
 * @param display - Whether amounts are hidden.
 * @returns The rows, or why there are none.
 */
async function nodeRows(
  context: WalletContext,
  state: WalletState,
  chainId: string,
  txnHash: string,
  display: MoneyDisplay,
): Promise<Pick<ActivityDetail, 'rows' | 'unreadable'>> {
  const network = state.networks.find(
    (candidate) => candidate.chainId === chainId,
  );
  if (!network) {
    return { rows: [], unreadable: 'the network is no longer in the wallet' };
  }
  try {
    const [receiptAnswer, transactionAnswer] = await context
      .node(network)
      .batchSettled([receiptCall(txnHash), transactionCall(txnHash)]);
    const rows: ActivityDetail['rows'] = [];
    if (transactionAnswer?.status === 'fulfilled') {
      const transaction = TransactionStruct.create(transactionAnswer.value);
      rows.push({ label: 'Type', value: transaction.type });
      if (transaction.sender_address !== undefined) {
        rows.push({
          label: 'From',
          value: normaliseHash(transaction.sender_address),
        });
      }
    }
    if (receiptAnswer?.status !== 'fulfilled') {
      return { rows, unreadable: 'the node has no receipt for it (yet)' };
    }
    const receipt = ReceiptStruct.create(receiptAnswer.value);
    const { amount, unit } = receipt.actual_fee;
    rows.push(
      {
        label: 'Status',
        value: activityStatus(
          {
            status: statusOf(receipt),
            failureReason: receipt.revert_reason ?? null,
          },
          DETAIL_REASON,
        ),
      },
      {
        label: 'Fee',
        value: amountText(
          BigInt(amount),
          { decimals: 18, symbol: unit === 'FRI' ? 'STRK' : 'ETH' },
          display,
        ),
      },
    );
    if (receipt.block_number !== undefined) {
      rows.push({ label: 'Block', value: String(receipt.block_number) });
    }
    return { rows };
  } catch (error) {
    if (!(error instanceof NodeError)) {
      throw error;
    }
    return { rows: [], unreadable: error.message };
  }
}

/**
 * One transaction in full: what the wallet recorded, and what the node
 * says of it. On a network a site added, the node is not asked about a
 * transaction of an account that site was not given.
 *
 * @param context - The user's context.
 * @param target - `<chainId>:<txnHash>`.
 * @returns The detail view.
 */
async function readDetail(
  context: WalletContext,
  target: string,
): Promise<ActivityDetail> {
  const [chainId = '', rawHash = '0x0'] = target.split(':');
  const txnHash = normaliseHash(rawHash);
  const state = await context.state();
  const network = state.networks.find(
    (candidate) => candidate.chainId === chainId,
  );
  const record = state.transactions.find(
    (candidate) =>
      candidate.chainId === chainId &&
      normaliseHash(candidate.txnHash) === txnHash,
  );
  const account = state.accounts.find(
    ({ address }) => address === record?.senderAddress,
  );
  const display = displayOf({ preferences: await context.preferences() });
  const line =
    record && account
      ? entryOf(
          account,
          record,
          state.tokens.filter((token) => token.chainId === chainId),
          display,
        )
      : undefined;
  const own: ActivityDetail['rows'] = record
    ? [
        { label: 'Account', value: record.senderAddress },
        ...(record.contractAddress === ''
          ? []
          : [{ label: 'Contract', value: record.contractAddress }]),
        ...(record.contractFuncName === ''
          ? []
          : [{ label: 'Function', value: record.contractFuncName }]),
        { label: 'Sent', value: dateText(record.timestamp, display.locale) },
      ]
    : [];
  const hidden =
    record !== undefined &&
    network !== undefined &&
    hiddenFromNode(state, network, [record.senderAddress]).length > 0;
  const fromNode = hidden
    ? {
        rows: [],
        unreadable: `not asked: this network's node was added by ${network.addedBy ?? 'a site'}, which was not given this account`,
      }
    : await nodeRows(context, state, chainId, txnHash, display);
  const sender = fromNode.rows.find(({ label }) => label === 'From')?.value;
  const names =
    network && !hidden
      ? await namesWithin(
          context.node(network),
          nameLookupOf(network, [
            ...(line?.parties ?? []),
            ...(sender === undefined ||
            (record && BigInt(sender) === BigInt(record.senderAddress))
              ? []
              : [sender]),
          ]),
        )
      : [];
  return {
    ...(line ? { entry: { ...line.entry, txnHash } } : {}),
    ...(names.length > 0 ? { names } : {}),
    txnHash,
    networkName: network?.name ?? chainId,
    rows: [...own, ...fromNode.rows],
    ...(fromNode.unreadable === undefined
      ? {}
      : { unreadable: fromNode.unreadable }),
  };
}

/**
 * Serves an activity button of the home page, if the event is one: More
 * draws the Activity view with more lines; Details shows one transaction,
 * its Back drawing the Activity view again (the interface's context still
 * holds it).
 *
 * @param id - The page's interface.
 * @param event - The event.
 * @param place - Where the user is.
 * @param scope - The event's request.
 * @returns Whether it was an activity event (then it was served).
 */
export async function handleActivityEvent(
  id: string,
  event: UserInputEvent,
  place: HomePlace,
  scope: RequestScope,
): Promise<boolean> {
  const name = event.name ?? '';
  if (
    event.type !== UserInputEventType.ButtonClickEvent ||
    !(name.startsWith(ACTIVITY.more) || name.startsWith(ACTIVITY.detail))
  ) {
    return false;
  }
  const context = walletContext(HOME_ORIGIN, scope);
  try {
    if (name.startsWith(ACTIVITY.detail)) {
      await showActivityDetail(
        id,
        await readDetail(context, name.slice(ACTIVITY.detail.length)),
        HOME.refresh,
      );
      return true;
    }
    const shown = Number(name.slice(ACTIVITY.more.length));
    const more: HomePlace = {
      view: 'activity',
      shown:
        (Number.isSafeInteger(shown) ? Math.min(shown, 200) : 0) +
        2 * ACTIVITY_PAGE,
    };
    await updateHomeInterface(id, await readHomePage(context, more), more);
  } catch (error) {
    await updateHomeInterface(
      id,
      await readHomePage(context, place, {
        severity: 'danger',
        text: toSnapError(error).message,
      }),
      place,
    );
  }
  return true;
}
