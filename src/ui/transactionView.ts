import type { CallToShow } from './decodeCalls';
import { describeCall } from './decodeCalls';
import type { CallView, FeeLine } from './views';
import { siteAbiFor } from '../chain/abi';
import { selectorOf } from '../chain/abi';
import type { TransactionPreview } from '../chain/intent';
import type { PlannedTransaction } from '../chain/plan';
import { QUERY_VERSION } from '../chain/plan';
import type { BalanceChange } from '../chain/simulation';
import { formatUnits } from '../format';
import { normaliseAddress } from '../keys/address';
import type { TokenRecord } from '../state/schema';

const KIND_NAMES: Record<PlannedTransaction['kind'], string> = {
  INVOKE: 'Transaction',
  DECLARE: 'Contract declaration',
  DEPLOY_ACCOUNT: 'Account deployment',
};

/**
 * Whole STRK from FRI.
 *
 * @param fri - An amount in FRI.
 * @returns The amount in STRK, as text.
 */
export function strk(fri: bigint): string {
  return `${formatUnits(fri, 18)} STRK`;
}

/**
 * Every signed fee field of one transaction, as the dialog lists it: nonce,
 * version, tip, each resource bound, and the true maximum (tip included).
 *
 * @param planned - The planned transaction (its details are what is signed).
 * @returns The lines.
 */
export function feeLinesOf(planned: PlannedTransaction): FeeLine[] {
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
    {
      label: 'Tip',
      value: `${BigInt(details.tip)} FRI per unit of L2 gas`,
    },
    { label: 'L1 gas', value: bound('l1_gas') },
    { label: 'L2 gas', value: bound('l2_gas') },
    { label: 'L1 data gas', value: bound('l1_data_gas') },
    { label: 'Maximum fee', value: strk(planned.maxFee) },
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
 * @returns Label (the token) and value (the signed amount).
 */
export function balanceLineOf(
  change: BalanceChange,
  tokens: TokenRecord[],
): FeeLine {
  const token = tokens.find(({ address }) => address === change.token);
  const sign = change.amount < 0n ? '-' : '+';
  const size = change.amount < 0n ? -change.amount : change.amount;
  return token
    ? {
        label: token.symbol,
        value: `${sign}${formatUnits(size, token.decimals)} ${token.symbol}`,
      }
    : {
        label: change.token,
        value: `${sign}${size} (smallest units of a token this wallet does not track)`,
      };
}

/**
 * The calls of an invoke as the dialog shows them.
 *
 * @param preview - The preview.
 * @param tokens - Tokens tracked on the network.
 * @param siteAbis - ABIs the site passed, if any.
 * @returns One view per call.
 */
export function callViewsOf(
  preview: TransactionPreview,
  tokens: TokenRecord[],
  siteAbis?: unknown,
): CallView[] {
  if (preview.intent.type !== 'INVOKE') {
    return [];
  }
  return preview.intent.calls.map((call) => {
    const toShow: CallToShow = {
      contractAddress: normaliseAddress(call.contractAddress),
      entrypoint: call.entrypoint,
      selector: selectorOf(call.entrypoint),
      calldata: call.calldata,
    };
    return describeCall(toShow, {
      tokens,
      account: preview.account,
      chainAbis: preview.chainAbis,
      ...(siteAbis === undefined
        ? {}
        : { siteAbi: (address: string) => siteAbiFor(siteAbis, address) }),
    });
  });
}
