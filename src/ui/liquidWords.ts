import type { DecodedCallView } from './dialogInputs';
import { isUsers } from './parties';
import type { OwnName } from './parties';
import { durationText } from './stakingWords';
import { addressOf } from './swapParts';
import { unitsText } from '../prices/money';
import { goesTo } from '../protocol/calls';
import type { CallToShow } from '../protocol/calls';
import { vaultParties } from '../sender/callParties';
import type { Party } from '../sender/callParties';
import type { LiquidFacts } from '../sender/liquidReads';
import {
  OWN_ENTRY_POINTS,
  readVaultCall,
  vaultSelectors,
} from '../staking/vault';
import type { VaultCall } from '../staking/vault';

/**
 * The known-contract row of Endur's liquid staking: a call to the
 * network's xSTRK vault or withdrawal queue (src/sender/liquidReads.ts
 * read its preview, its request and the queue's wait) in words, its
 * receiver and owner under the who-gains rule; a call with Endur's own
 * entry points to any other contract marked as not Endur's.
 */

/** What the words are read with. */
export type LiquidContext = {
  facts: LiquidFacts;
  /** The signing account (canonical). */
  account: string;
  ownAccounts?: OwnName[] | undefined;
  locale: string;
};

/** What the row says of a call. */
export type LiquidReading =
  | {
      kind: 'words';
      decoded: DecodedCallView;
      parties: Party[];
      danger?: string;
    }
  | { kind: 'malformed'; problem: string }
  | { kind: 'imitation'; danger: string };

/**
 * The words of a call the vault or queue reads.
 *
 * @param call - The call, read.
 * @param index - Its position.
 * @param context - The facts and the locale.
 * @returns The words.
 */
function wordsOf(
  call: VaultCall,
  index: number,
  context: LiquidContext,
): Extract<LiquidReading, { kind: 'words' }> {
  const { facts, locale } = context;
  const strk = (amount: bigint): string =>
    `${unitsText(amount, 18, locale)} STRK`;
  const xstrk = (amount: bigint): string =>
    `${unitsText(amount, 18, locale)} xSTRK`;
  const preview = facts.previews.get(index);
  const about = (write: (amount: bigint) => string, what: string): string =>
    preview === undefined ? what : `about ${write(preview)}`;
  const wait =
    facts.wait === undefined
      ? "the queue's wait"
      : `about ${durationText(facts.wait)}`;
  const parties = vaultParties(call);
  const own = (address: bigint): string =>
    address === BigInt(context.account) ? ' (to this account)' : '';
  switch (call.action) {
    case 'claim': {
      const request = facts.requests.get(call.requestId)?.request;
      return {
        kind: 'words',
        decoded: {
          summary: `Claim withdrawal #${call.requestId}${request ? `: ${strk(request.assets)}` : ''}`,
          fields: [
            { label: 'Request', value: `#${call.requestId}` },
            ...(request
              ? [
                  { label: 'You get', value: strk(request.assets) },
                  { label: 'Unstaked', value: xstrk(request.shares) },
                ]
              : []),
            {
              label: 'Paid to',
              value:
                call.receiver === undefined
                  ? "the request's owner"
                  : addressOf(call.receiver),
            },
          ],
        },
        parties,
      };
    }
    case 'deposit':
    case 'mint': {
      const summary =
        call.action === 'deposit'
          ? `Stake ${strk(call.assets)} with Endur for ${about(xstrk, 'xSTRK')}`
          : `Stake ${about(strk, 'STRK')} with Endur for ${xstrk(call.shares)}`;
      return {
        kind: 'words',
        decoded: {
          summary: `${summary}${own(call.receiver)}`,
          fields: [
            call.action === 'deposit'
              ? { label: 'You stake', value: strk(call.assets) }
              : { label: 'You stake', value: about(strk, 'not previewed') },
            call.action === 'deposit'
              ? { label: 'You get', value: about(xstrk, 'not previewed') }
              : { label: 'You get', value: xstrk(call.shares) },
            { label: 'Receiver', value: addressOf(call.receiver) },
            ...(call.action === 'deposit' && call.referral !== undefined
              ? [{ label: 'Referral code', value: `"${call.referral}"` }]
              : []),
            ...(call.action === 'deposit' && call.validator !== undefined
              ? [{ label: 'Validator', value: addressOf(call.validator) }]
              : []),
          ],
        },
        parties,
      };
    }
    default: {
      const summary =
        call.action === 'redeem'
          ? `Unstake ${xstrk(call.shares)}: ${about(strk, 'STRK')} claimable after ${wait}`
          : `Unstake ${about(xstrk, 'xSTRK')}: ${strk(call.assets)} claimable after ${wait}`;
      const foreign =
        call.owner === BigInt(context.account) || isUsers(call.owner, context)
          ? undefined
          : `The xSTRK unstaked is ${addressOf(call.owner)}'s, not this account's: the vault takes it only if that account let this one spend it.`;
      return {
        kind: 'words',
        decoded: {
          summary: `${summary}${own(call.receiver)}`,
          fields: [
            call.action === 'redeem'
              ? { label: 'You unstake', value: xstrk(call.shares) }
              : { label: 'You unstake', value: about(xstrk, 'not previewed') },
            call.action === 'redeem'
              ? { label: 'You get', value: about(strk, 'not previewed') }
              : { label: 'You get', value: strk(call.assets) },
            { label: 'Claimable after', value: wait },
            { label: 'Receiver', value: addressOf(call.receiver) },
            { label: 'Owner', value: addressOf(call.owner) },
          ],
        },
        parties,
        ...(foreign ? { danger: foreign } : {}),
      };
    }
  }
}

/**
 * The row of Endur's liquid staking: a call to the network's vault or
 * queue, read (undefined: another call).
 *
 * @param calls - Every call of the transaction.
 * @param index - The call's position.
 * @param context - The facts and the locale.
 * @returns What the row says.
 */
export function readLiquidAt(
  calls: CallToShow[],
  index: number,
  context: LiquidContext,
): LiquidReading | undefined {
  const call = calls[index];
  if (!call) {
    return undefined;
  }
  const { vault, queue } = context.facts;
  if (!goesTo(call, vault) && !goesTo(call, queue)) {
    const names = vaultSelectors();
    return OWN_ENTRY_POINTS.some((name) => names[name] === call.selector)
      ? {
          kind: 'imitation',
          danger: `This contract is not Endur's xSTRK vault nor its withdrawal queue on this network (they are ${vault} and ${queue}): whatever the site calls it, this is not Endur's liquid staking.`,
        }
      : undefined;
  }
  const reading = readVaultCall(call.selector, call.calldata);
  if (reading === undefined) {
    return undefined;
  }
  return 'problem' in reading
    ? { kind: 'malformed', problem: reading.problem }
    : wordsOf(reading.value, index, context);
}
