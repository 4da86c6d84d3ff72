import type { DecodeContext } from './decodeCalls';
import { describeCalls, rawCalls } from './decodeCalls';
import type { CallView, FeeLine } from './dialogInputs';
import type { OwnName } from './parties';
import { normaliseAddress } from '../keys/address';
import { siteAbiFor } from '../node/abi';
import type { ContractAbi } from '../node/abi';
import type { BalanceChange } from '../node/simulation';
import { TIPS_NEEDED } from '../node/tips';
import { unitsText } from '../prices/money';
import type { CallToShow } from '../protocol/calls';
import { selectorOf } from '../protocol/selectors';
import type { TransactionPreview, WalletCall } from '../sender/intent';
import type { PlannedTransaction } from '../sender/plan';
import { QUERY_VERSION } from '../sender/plan';
import { protocolFactsOf } from '../sender/protocolReads';
import type { TokenRecord } from '../state/schema';

const KIND_NAMES: Record<PlannedTransaction['kind'], string> = {
  INVOKE: 'Transaction',
  DECLARE: 'Contract declaration',
  DEPLOY_ACCOUNT: 'Account deployment',
};

/**
 * Whole STRK from FRI, in the user's locale.
 *
 * @param fri - An amount in FRI.
 * @param locale - The user's locale.
 * @returns The amount in STRK, as text.
 */
export function strk(fri: bigint, locale: string): string {
  return `${unitsText(fri, 18, locale)} STRK`;
}

/**
 * A transaction's tip, and where it comes from.
 *
 * @param planned - The planned transaction.
 * @returns The text.
 */
function tipText(planned: PlannedTransaction): string {
  const tip = `${BigInt(planned.details.tip)} FRI per unit of L2 gas`;
  const from = planned.tipFrom;
  if (from === undefined) {
    return tip;
  }
  if (from === 'site') {
    return `${tip}, named by the site`;
  }
  const blocks = `the last ${from.blocks} ${from.blocks === 1 ? 'block' : 'blocks'}`;
  return from.transactions < TIPS_NEEDED
    ? `${tip}: ${blocks} hold ${from.transactions} tipped transactions, too few to estimate a tip`
    : `${tip}, from ${blocks} (the median of ${from.transactions} tips)`;
}

/**
 * Every signed fee field of one transaction, as the dialog lists it: nonce,
 * version, tip, each resource bound, and the true maximum (tip included).
 *
 * @param planned - The planned transaction (its details are what is signed).
 * @param locale - The user's locale (the maximum in STRK).
 * @returns The lines.
 */
export function feeLinesOf(
  planned: PlannedTransaction,
  locale: string,
): FeeLine[] {
  const { details } = planned;
  const bound = (name: keyof typeof details.resourceBounds): string => {
    const { max_amount: amount, max_price_per_unit: price } =
      details.resourceBounds[name];
    return `up to ${BigInt(amount)} units at up to ${BigInt(price)} FRI each`;
  };
  return [
    { label: 'Nonce', value: BigInt(details.nonce).toString() },
    {
      label: 'Version',
      value:
        details.version === QUERY_VERSION
          ? '3, fee query only (cannot be executed)'
          : '3',
    },
    { label: 'Tip', value: tipText(planned) },
    { label: 'L1 gas', value: bound('l1_gas') },
    { label: 'L2 gas', value: bound('l2_gas') },
    { label: 'L1 data gas', value: bound('l1_data_gas') },
    { label: 'Maximum fee', value: strk(planned.maxFee, locale) },
  ];
}

/**
 * A heading for one transaction of a sequence.
 *
 * @param planned - The transaction.
 * @param position - 1-based position.
 * @param total - How many.
 * @returns The heading.
 */
export function feeHeadingOf(
  planned: PlannedTransaction,
  position: number,
  total: number,
): string {
  const name = KIND_NAMES[planned.kind];
  return total > 1 ? `${position} of ${total}: ${name}` : `${name} fee`;
}

/**
 * One balance change as text: `-1.5 STRK`, or the raw amount of a token the
 * wallet does not track.
 *
 * @param change - The change.
 * @param tokens - Tokens tracked on the network.
 * @param locale - The user's locale.
 * @returns Label (the token) and value (the signed amount).
 */
export function balanceLineOf(
  change: BalanceChange,
  tokens: TokenRecord[],
  locale: string,
): FeeLine {
  const token = tokens.find(({ address }) => address === change.token);
  const sign = change.amount < 0n ? '-' : '+';
  const size = change.amount < 0n ? -change.amount : change.amount;
  return token
    ? {
        label: token.symbol,
        value: `${sign}${unitsText(size, token.decimals, locale)} ${token.symbol}`,
      }
    : {
        label: change.token,
        value: `${sign}${size} (smallest units of a token this wallet does not track)`,
      };
}

/**
 * Calls as the params give them, in the form the decoder takes: the
 * selector of each entrypoint name is what is signed.
 *
 * @param calls - The calls.
 * @returns The calls to show.
 */
export function callsToShow(calls: WalletCall[]): CallToShow[] {
  return calls.map((call) => ({
    contractAddress: normaliseAddress(call.contractAddress),
    entrypoint: call.entrypoint,
    selector: selectorOf(call.entrypoint),
    calldata: call.calldata,
  }));
}

/**
 * The calls of a preview, to show.
 *
 * @param preview - The preview.
 * @returns Its calls (none for a declaration or a deployment).
 */
export function previewCalls(preview: TransactionPreview): CallToShow[] {
  return preview.intent.type === 'INVOKE'
    ? callsToShow(preview.intent.calls)
    : [];
}

/** What a preview's calls are read with besides its own data. */
export type CallReading = {
  /** ABIs the site passed, if any. */
  siteAbis?: unknown;
  /** The user's locale (amounts and dates in the calls' words). */
  locale?: string | undefined;
  /** The user's accounts, named as such when a call names one. */
  ownAccounts?: OwnName[] | undefined;
};

/**
 * The decode context of a preview: its tokens, account and chain ABIs, and
 * the site's ABIs (each read once per dialog) for classes the chain shows
 * without one.
 *
 * @param preview - The preview.
 * @param tokens - Tokens tracked on the network.
 * @param reading - The site's ABIs, the locale, the user's accounts.
 * @returns The context.
 */
function decodeContextOf(
  preview: TransactionPreview,
  tokens: TokenRecord[],
  reading: CallReading,
): DecodeContext {
  const { siteAbis, locale, ownAccounts } = reading;
  const read = new Map<string, ContractAbi | undefined>();
  const siteAbi = (address: string): ContractAbi | undefined => {
    if (!read.has(address)) {
      read.set(address, siteAbiFor(siteAbis, address));
    }
    return read.get(address);
  };
  return {
    tokens,
    account: preview.account,
    chainAbis: preview.chainAbis,
    ...protocolFactsOf(preview),
    names: preview.names,
    ownAccounts,
    ...(siteAbis === undefined ? {} : { siteAbi }),
    ...(locale === undefined ? {} : { locale }),
  };
}

/**
 * The calls of an invoke as the dialog shows them: decoded within the
 * dialog's budget, or all raw when that runs out.
 *
 * @param preview - The preview.
 * @param tokens - Tokens tracked on the network.
 * @param reading - The site's ABIs, the locale, the user's accounts.
 * @returns One view per call, and whether decoding was given up.
 */
export function callViewsOf(
  preview: TransactionPreview,
  tokens: TokenRecord[],
  reading: CallReading = {},
): { calls: CallView[]; tooLarge: boolean } {
  return describeCalls(
    previewCalls(preview),
    decodeContextOf(preview, tokens, reading),
  );
}

/**
 * The calls of an invoke without ABI labels, for a dialog the decoded calls
 * would make too large.
 *
 * @param preview - The preview.
 * @param tokens - Tokens tracked on the network.
 * @param reading - The locale and the user's accounts (no site ABIs).
 * @returns One view per call.
 */
export function rawCallViewsOf(
  preview: TransactionPreview,
  tokens: TokenRecord[],
  reading: Omit<CallReading, 'siteAbis'> = {},
): CallView[] {
  return rawCalls(
    previewCalls(preview),
    decodeContextOf(preview, tokens, reading),
  );
}

/** The longest revert reason shown; a node could send megabytes. */
const MAX_REVERT_REASON = 1000;

/**
 * A revert reason as the dialog shows it, cut to MAX_REVERT_REASON.
 *
 * @param reason - The node's revert reason.
 * @returns The text.
 */
export function revertReasonText(reason: string): string {
  return reason.length > MAX_REVERT_REASON
    ? `${reason.slice(0, MAX_REVERT_REASON)}… (${reason.length - MAX_REVERT_REASON} more characters)`
    : reason;
}

/**
 * What a transaction does, for its dialog's title, from its calls' words:
 * the call a stranger gains from first, else the first call that does more
 * than let a later call spend; "and N more" for the rest. Undefined when no
 * call has words.
 *
 * @param calls - The calls as shown.
 * @returns The title's words.
 */
export function callsTitle(calls: CallView[]): string | undefined {
  const worded = calls.filter(
    (call) => call.title !== undefined && call.enables === undefined,
  );
  const [lead] = [
    ...worded.filter((call) => call.danger !== undefined),
    ...worded,
  ];
  if (lead?.title === undefined) {
    return undefined;
  }
  const more = calls.length - 1 - calls.filter((call) => call.enables).length;
  return more > 0
    ? `${lead.title} and ${more} more call${more === 1 ? '' : 's'}`
    : lead.title;
}
