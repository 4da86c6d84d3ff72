import { normaliseAddress } from '../keys/address';
import type { ShownName } from '../node/names';
import type { Party } from '../sender/callParties';

/**
 * Who gains from a call, by one rule for every row of the known-contract
 * table (knownContracts.ts): each row reports the parties of the calls it
 * reads, each with its role; this module alone compares every party with
 * the signing account and the user's other accounts, names in the call's
 * headline each party that is not the signing account, and, where the
 * call's kind says the value stays the user's but a stranger gains it,
 * says so first and raises a danger banner.
 */

/** One of the user's accounts, as the dialogs name it. */
export type OwnName = { address: string; name: string };

/** Whose the parties are: the signer, the user's accounts, their names. */
export type PartyContext = {
  /** The signing account (canonical). */
  account: string;
  /** Every account of the user's, on any network (the key decides). */
  ownAccounts?: OwnName[] | undefined;
  /** Starknet ID names of the addresses shown, read both ways. */
  names?: ShownName[] | undefined;
};

/** What the rule makes of a call's parties. */
export type Gains = {
  /** The call's headline: its words with every other party named. */
  headline: string;
  /** The same, short enough for a dialog's title. */
  title: string;
  /** The danger of each stranger that holds what should be the user's. */
  dangers: string[];
};

/**
 * An address shortened for a title: `0x1234…abcd`.
 *
 * @param address - The canonical address.
 * @returns The short form.
 */
export function shortForm(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/**
 * Whose a party is, and how it is named: the signing account, another of
 * the user's accounts ("your Account 2"), or a stranger (its full address,
 * after its Starknet ID name when that resolves back; short in titles).
 *
 * @param address - The party.
 * @param context - Whose the parties are.
 * @returns Whose it is, and its names.
 */
function whoseIs(
  address: bigint,
  context: PartyContext,
): { whose: 'signer' | 'own' | 'stranger'; who: string; short: string } {
  const text = normaliseAddress(`0x${address.toString(16)}`);
  if (text === context.account) {
    return { whose: 'signer', who: 'this account', short: 'this account' };
  }
  const own = context.ownAccounts?.find(
    (candidate) => normaliseAddress(candidate.address) === text,
  );
  if (own) {
    const who = `your ${own.name}`;
    return { whose: 'own', who: `${who} (${text})`, short: who };
  }
  const named = context.names?.find(
    (candidate) => normaliseAddress(candidate.address) === text,
  );
  return named
    ? {
        whose: 'stranger',
        who: `${named.name} (${text})`,
        short: named.name,
      }
    : { whose: 'stranger', who: text, short: shortForm(text) };
}

/**
 * Whether an address is the user's: the signing account or another of
 * the user's accounts.
 *
 * @param address - The address.
 * @param context - Whose the parties are.
 * @returns Whether it is.
 */
export function isUsers(address: bigint, context: PartyContext): boolean {
  return whoseIs(address, context).whose !== 'stranger';
}

/**
 * The one check of who gains: every party that is not the signing account
 * is named in the headline (a payee even when it is: "to this account");
 * a stranger that holds what the call's kind says stays the user's leads
 * the headline, and its danger is returned for a banner.
 *
 * @param summary - The call's words, written for parties that are the
 * user's.
 * @param parties - The parties the rows reported.
 * @param context - Whose the parties are.
 * @returns The headline, the title and the dangers.
 */
export function gainsOf(
  summary: string,
  parties: Party[],
  context: PartyContext,
): Gains {
  const lead: { long: string; short: string }[] = [];
  const clauses: { long: string; short: string }[] = [];
  for (const party of parties) {
    const { whose, who, short } = whoseIs(party.address, context);
    if (party.role === 'keeps' && whose === 'stranger') {
      lead.push({ long: party.notYours(who), short: party.notYours(short) });
    } else if (whose !== 'signer' || party.role === 'payee') {
      clauses.push({ long: party.words(who), short: party.words(short) });
    }
  }
  const body = (form: 'long' | 'short'): string =>
    [summary, ...clauses.map((clause) => clause[form])].join(' ');
  const dangers = lead.map(
    ({ long }) =>
      `${long}. Whatever the site says, approving gives it to that address, not to this account: approve only if that is what you mean.`,
  );
  return {
    headline:
      lead.length === 0
        ? body('long')
        : `${lead.map(({ long }) => long).join('; ')}. ${body('long')}`,
    title:
      lead.length === 0
        ? shortened(body('short'))
        : lead.map(({ short }) => short).join('; '),
    dangers,
  };
}

/**
 * Full addresses in a title's words (a row's summary may hold some)
 * shortened: `0x1234…abcd`.
 *
 * @param text - The words.
 * @returns The words with each full address short.
 */
function shortened(text: string): string {
  return text.replace(/0x[0-9a-f]{64}/gu, shortForm);
}
