import { describeCall } from './decodeCalls';
import { revertReasonText } from './transactionText';
import { normaliseAddress } from '../keys/address';
import { readTokenCall } from '../node/tokenCalls';
import { amountText } from '../prices/money';
import type { MoneyDisplay } from '../prices/money';
import { selectorOf } from '../protocol/selectors';
import type { TokenRecord, TransactionRecord } from '../state/schema';
import { readSwapCall } from '../swap/exchange';
import type { SwapCall } from '../swap/exchange';

/**
 * A transaction record in one readable line, decoded as the confirmation
 * dialog decodes its calls (tracked token transfers and approvals in the
 * token's units; other calls by their entrypoint), for the activity list and
 * the notifications. Records keep the first call of a transaction only, so
 * that is the one described.
 */

/** A line, and the other parties it names (canonical addresses). */
export type Line = { text: string; parties: string[] };

/** Amounts shown (a notification; the page passes the user's choice). */
const SHOWN: MoneyDisplay = { hidden: false, locale: 'en' };

/** The longest revert reason a line shows (details show it whole). */
const LINE_REASON = 120;

/**
 * An address shortened for a line: `0x1234…abcd`.
 *
 * @param address - Any hex form.
 * @returns The short form of its canonical address.
 */
export function shortAddress(address: string): string {
  const canonical = normaliseAddress(address);
  return `${canonical.slice(0, 6)}…${canonical.slice(-4)}`;
}

/**
 * A felt as an address.
 *
 * @param value - The felt.
 * @returns The canonical address.
 */
function addressOf(value: bigint): string {
  return normaliseAddress(`0x${value.toString(16)}`);
}

/**
 * The selector of a record's entrypoint: a name as the dapp gave it, or the
 * selector itself as the node history keeps unknown ones.
 *
 * @param entrypoint - The record's function name.
 * @returns The canonical selector.
 */
function selectorFor(entrypoint: string): string {
  return /^0x[0-9a-f]+$/iu.test(entrypoint)
    ? `0x${BigInt(entrypoint).toString(16)}`
    : selectorOf(entrypoint);
}

/**
 * A transaction another address sent, when what it did to the account is
 * not known: its calls are that sender's acts, never the account's.
 *
 * @param record - The record.
 * @returns The line.
 */
function strangerLine(record: TransactionRecord): Line {
  return {
    text: `A transaction sent by ${shortAddress(record.senderAddress)}`,
    parties: [normaliseAddress(record.senderAddress)],
  };
}

/**
 * A swap the account sent, in one line: what it sold, and what the quote
 * it was built from expected back (the calldata's buy amount).
 *
 * @param swap - The swap call, read.
 * @param tokens - Tokens tracked on the record's network.
 * @param display - Whether amounts are hidden.
 * @returns The line's text.
 */
function swapLine(
  swap: SwapCall,
  tokens: TokenRecord[],
  display: MoneyDisplay,
): string {
  const amountOf = (address: bigint, amount: bigint): string => {
    const token = tokens.find(({ address: each }) => BigInt(each) === address);
    return token
      ? amountText(amount, token, display)
      : `${amount} of ${shortAddress(addressOf(address))}`;
  };
  return `Swapped ${amountOf(swap.sellToken, swap.sellAmount)} for ${amountOf(swap.buyToken, swap.buyAmount)} (quoted)`;
}

/**
 * What an invoke did, from its first call; for a transaction the account
 * did not send, what it did to the account (received, or moved by another),
 * never as the account's own act.
 *
 * @param record - The record.
 * @param account - The account whose activity this is (canonical).
 * @param tokens - Tokens tracked on the record's network.
 * @param display - Whether amounts are hidden.
 * @returns The line.
 */
function invokeLine(
  record: TransactionRecord,
  account: string,
  tokens: TokenRecord[],
  display: MoneyDisplay,
): Line {
  if (record.contractAddress === '' || record.contractFuncName === '') {
    return normaliseAddress(record.senderAddress) === account
      ? { text: 'Sent a transaction', parties: [] }
      : strangerLine(record);
  }
  const call = {
    contractAddress: normaliseAddress(record.contractAddress),
    entrypoint: record.contractFuncName,
    selector: selectorFor(record.contractFuncName),
    calldata: record.contractCallData,
  };
  const token = tokens.find(({ address }) => address === call.contractAddress);
  const read = token ? readTokenCall(call.selector, call.calldata) : undefined;
  const own = normaliseAddress(record.senderAddress) === account;
  if (token && read) {
    const amount = amountText(read.amount, token, display);
    if (read.action === 'approve') {
      const spender = addressOf(read.spender);
      return own
        ? {
            text: `Allowed ${shortAddress(spender)} to spend ${amount}`,
            parties: [spender],
          }
        : strangerLine(record);
    }
    const from = normaliseAddress(
      read.action === 'transfer' ? record.senderAddress : addressOf(read.from),
    );
    const to = addressOf(read.to);
    if (to === account && from !== account) {
      return {
        text: `Received ${amount} from ${shortAddress(from)}`,
        parties: [from],
      };
    }
    if (!own) {
      const sender = normaliseAddress(record.senderAddress);
      return from === account
        ? {
            text: `${shortAddress(sender)} moved ${amount} of the account to ${shortAddress(to)}`,
            parties: [sender, to],
          }
        : strangerLine(record);
    }
    return { text: `Sent ${amount} to ${shortAddress(to)}`, parties: [to] };
  }
  if (!own) {
    return strangerLine(record);
  }
  const swap = readSwapCall(call.selector, call.calldata);
  if (swap && 'value' in swap) {
    return { text: swapLine(swap.value, tokens, display), parties: [] };
  }
  const view = describeCall(
    call,
    { tokens, account, chainAbis: new Map() },
    undefined,
  );
  return {
    text: `Called ${view.entrypoint} on ${view.contractLabel ?? shortAddress(view.contractAddress)}`,
    parties: [],
  };
}

/**
 * A record in one line, and the other parties the line names (whose
 * Starknet ID names the activity may show beside them).
 *
 * @param record - The record.
 * @param account - The account whose activity this is (canonical).
 * @param tokens - Tokens tracked on the record's network.
 * @param display - Whether amounts are hidden (the page's choice).
 * @returns The line and its parties (canonical addresses).
 */
export function activityLineOf(
  record: TransactionRecord,
  account: string,
  tokens: TokenRecord[],
  display = SHOWN,
): Line {
  if (record.txnType === 'deploy_account') {
    return { text: 'Deployed the account', parties: [] };
  }
  if (record.txnType === 'declare') {
    return {
      text:
        record.contractAddress === ''
          ? 'Declared a class'
          : `Declared ${shortAddress(record.contractAddress)}`,
      parties: [],
    };
  }
  try {
    return invokeLine(record, account, tokens, display);
  } catch {
    // Calldata that is no number: the call is named, not decoded.
    return { text: `Called ${record.contractFuncName}`, parties: [] };
  }
}

/**
 * A record's status in words; a revert with its reason, cut to `limit`.
 *
 * @param record - The record.
 * @param limit - The longest reason shown.
 * @returns The status.
 */
export function activityStatus(
  record: Pick<TransactionRecord, 'status' | 'failureReason'>,
  limit = LINE_REASON,
): string {
  switch (record.status) {
    case 'ACCEPTED_ON_L2':
      return 'accepted on L2';
    case 'ACCEPTED_ON_L1':
      return 'accepted on L1';
    case 'REJECTED':
      return 'rejected';
    case 'REVERTED': {
      const reason = record.failureReason ?? 'no reason given';
      const shown =
        reason.length > limit
          ? `${reason.slice(0, limit)}…`
          : revertReasonText(reason);
      return `reverted: ${shown}`;
    }
    default:
      return 'pending';
  }
}
