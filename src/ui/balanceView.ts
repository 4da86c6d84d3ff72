import type { FeeLine } from './dialogInputs';
import { balanceLineOf, previewCalls } from './transactionText';
import { checkBalanceChanges } from '../node/balanceCheck';
import type { Contradiction } from '../node/balanceCheck';
import type { BalanceChange } from '../node/simulation';
import type { TransactionPreview } from '../sender/intent';
import type { TokenRecord } from '../state/schema';

/**
 * The simulated balance changes as a transaction dialog shows them, with
 * what the calls prove about them (src/node/balanceCheck.ts).
 */

/** The most balance changes listed; a node could report thousands. */
const MAX_BALANCE_LINES = 20;

/**
 * Balance changes as lines, at most MAX_BALANCE_LINES.
 *
 * @param changes - The changes.
 * @param tokens - Tokens tracked on the network.
 * @param locale - The user's locale.
 * @returns The lines (`no change` when there are none).
 */
function balanceLines(
  changes: BalanceChange[],
  tokens: TokenRecord[],
  locale: string,
): FeeLine[] {
  if (changes.length === 0) {
    return [{ label: 'Tokens', value: 'no change' }];
  }
  const lines = changes
    .slice(0, MAX_BALANCE_LINES)
    .map((change) => balanceLineOf(change, tokens, locale));
  const more = changes.length - lines.length;
  return more > 0
    ? [...lines, { label: 'More tokens', value: `${more} more not listed` }]
    : lines;
}

/**
 * Balance changes in one sentence.
 *
 * @param changes - The changes.
 * @param tokens - Tokens tracked on the network.
 * @param locale - The user's locale.
 * @returns E.g. `-1000 STRK; +5 (smallest units…) of 0x…`.
 */
function changesText(
  changes: BalanceChange[],
  tokens: TokenRecord[],
  locale: string,
): string {
  if (changes.length === 0) {
    return 'no change';
  }
  const shown = changes.slice(0, MAX_BALANCE_LINES).map((change) => {
    const { label, value } = balanceLineOf(change, tokens, locale);
    const tracked = tokens.some(({ address }) => address === change.token);
    return tracked ? value : `${value} of ${label}`;
  });
  const more = changes.length - shown.length;
  return [...shown, ...(more > 0 ? [`${more} more tokens`] : [])].join('; ');
}

/**
 * A contradiction between the calls and the node's simulation, in words.
 *
 * @param contradiction - The contradiction.
 * @param tokens - Tokens tracked on the network.
 * @param locale - The user's locale.
 * @returns The sentence.
 */
function contradictionText(
  contradiction: Contradiction,
  tokens: TokenRecord[],
  locale: string,
): string {
  if (contradiction.kind === 'totals') {
    return `These calls, decoded above, change your balances by: ${changesText(contradiction.expected, tokens, locale)}. The node's simulation reports: ${changesText(contradiction.reported, tokens, locale)}. It contradicts the calls; do not rely on its figures.`;
  }
  const { token, expected, reported } = contradiction;
  const change = (amount: bigint): string =>
    balanceLineOf({ token, amount }, tokens, locale).value;
  const shown =
    reported === undefined
      ? 'does not show that call being made'
      : `shows it changing your balance by ${reported === 0n ? 'nothing' : change(reported)}`;
  return `Call ${contradiction.index + 1} changes your balance by ${expected === 0n ? 'nothing' : change(expected)}, but the node's simulation ${shown}. It contradicts the call; do not rely on its figures.`;
}

/** The simulated balance changes as the dialog shows them. */
export type BalanceView = {
  heading: string;
  lines: FeeLine[];
  /** Where the node's simulation contradicts the calls (danger). */
  contradictions: string[];
};

/**
 * The simulated balance changes, checked against the calls where they can
 * be (balanceCheck.ts): proven when every call is a tracked-token call and
 * the simulation agrees; the node's report, not checked, when other
 * contracts are called (or for a declaration or deployment); and every
 * contradiction the calls prove, for a danger banner. A reverted
 * simulation is not checked (its revert is shown).
 *
 * @param preview - The preview.
 * @param tokens - Tokens tracked on the network.
 * @param locale - The user's locale (the amounts).
 * @returns The section, or undefined when nothing was simulated.
 */
export function balanceViewOf(
  preview: TransactionPreview,
  tokens: TokenRecord[],
  locale: string,
): BalanceView | undefined {
  const { plan } = preview;
  if (plan.estimates.length === 0) {
    return undefined;
  }
  const lines = balanceLines(plan.balanceChanges, tokens, locale);
  const simulated = '(simulated, before fees)';
  if (plan.revertReason !== undefined) {
    return {
      heading: `Your balance changes ${simulated}`,
      lines,
      contradictions: [],
    };
  }
  const check =
    preview.intent.type === 'INVOKE'
      ? checkBalanceChanges({
          calls: previewCalls(preview),
          tokens: tokens.map(({ address }) => address),
          account: preview.account,
          reported: plan.balanceChanges,
          trace: plan.intentExecution,
        })
      : undefined;
  const contradictions = (check?.contradictions ?? []).map((contradiction) =>
    contradictionText(contradiction, tokens, locale),
  );
  let heading = `Your balance changes as the node reports them ${simulated}: not checked, other contracts are called`;
  if (contradictions.length > 0) {
    heading = `Your balance changes as the node reports them ${simulated}: contradicted by the calls`;
  } else if (check?.proven) {
    heading = `Your balance changes ${simulated}: checked against the calls`;
  } else if (!check) {
    heading = `Your balance changes as the node reports them ${simulated}: not checked`;
  }
  return { heading, lines, contradictions };
}
