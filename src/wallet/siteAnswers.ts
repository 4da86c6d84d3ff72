import { InternalError, SnapError } from '@metamask/snaps-sdk';
import type { Json } from '@metamask/snaps-sdk';

import type { WalletContext } from './context';
import { accountAddress } from '../keys/address';
import { sharedAccounts } from '../state/permissions';
import type { AccountKind, WalletState } from '../state/schema';
import { readState } from '../state/store';

/**
 * The last word on an error a site receives. Node texts are not passed on
 * (errorMeanings.ts) and accounts a site was not given are not sent to its
 * node, but a message can still be built from something a node, a token or
 * stored data wrote. So every error that leaves the snap is rebuilt here
 * without any of this wallet's accounts — address or public key, in any
 * spelling: hex with or without `0x` and leading zeros, any case, decimal —
 * that the site was not given and did not name itself in its request (what
 * it sent, it knows: echoing it keeps "not shared" and "not the wallet's"
 * answered alike). Free text in a result (a node's revert or failure
 * reason) is held to the same rule; a value that is one number is not.
 */

const KINDS: AccountKind[] = ['argent-cairo1', 'argent-cairo0'];

/** What stands where an account the site was not given was written. */
const HIDDEN = '0x…';

/** An account of the wallet as numbers: its address and public key. */
type KnownAccount = { address: bigint; publicKey: bigint };

/**
 * Every account the wallet knows in this request: those in state and those
 * the request derived (both kinds of each derived key).
 *
 * @param state - The wallet state.
 * @param context - The request's context.
 * @returns The accounts.
 */
function knownAccounts(
  state: WalletState | undefined,
  context: WalletContext,
): KnownAccount[] {
  const recorded = (state?.accounts ?? []).map((account) => ({
    address: BigInt(account.address),
    publicKey: BigInt(account.publicKey),
  }));
  const derived = context.keys.derivedPublicKeys().flatMap((publicKey) =>
    KINDS.map((kind) => ({
      address: BigInt(accountAddress(publicKey, kind)),
      publicKey: BigInt(publicKey),
    })),
  );
  return [...recorded, ...derived];
}

/**
 * How a value may be written: hex digits without leading zeros (a padded
 * or `0x` spelling contains them) and decimal, both lower case.
 *
 * @param value - The value.
 * @returns Its spellings.
 */
function spellingsOf(value: bigint): string[] {
  return [value.toString(16), value.toString(10)];
}

/**
 * The values a site may not see: its own accounts' addresses and keys are
 * left out, and so is anything it wrote in its params.
 *
 * @param accounts - The wallet's accounts.
 * @param shared - The addresses shared with the site.
 * @param params - The request's params, as the site sent them.
 * @returns The spellings to hide.
 */
function hiddenSpellings(
  accounts: KnownAccount[],
  shared: bigint[],
  params: unknown,
): string[] {
  const sharedKeys = new Set(
    accounts
      .filter((account) => shared.includes(account.address))
      .map((account) => account.publicKey),
  );
  const secret = new Set<bigint>();
  for (const account of accounts) {
    if (!shared.includes(account.address)) {
      secret.add(account.address);
    }
    if (!sharedKeys.has(account.publicKey)) {
      secret.add(account.publicKey);
    }
  }
  const named = (JSON.stringify(params) ?? '').toLowerCase();
  return [...secret]
    .filter((value) => !spellingsOf(value).some((text) => named.includes(text)))
    .flatMap(spellingsOf);
}

/**
 * A text with every occurrence of the spellings (any case, with the zeros
 * and `0x` written before them) replaced by HIDDEN.
 *
 * @param text - The text.
 * @param spellings - Lower-case spellings.
 * @returns The text, hidden where it spelled them.
 */
export function hideSpellings(text: string, spellings: string[]): string {
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (const spelling of spellings) {
    for (
      let at = lower.indexOf(spelling);
      at !== -1;
      at = lower.indexOf(spelling, at + spelling.length)
    ) {
      let start = at;
      while (start > 0 && lower[start - 1] === '0') {
        start -= 1;
      }
      if (lower[start - 1] === 'x' && lower[start - 2] === '0') {
        start -= 2;
      }
      ranges.push([start, at + spelling.length]);
    }
  }
  if (ranges.length === 0) {
    return text;
  }
  ranges.sort((one, other) => one[0] - other[0]);
  let result = '';
  let copied = 0;
  for (const [start, end] of ranges) {
    if (end <= copied) {
      continue;
    }
    result += `${text.slice(copied, Math.max(start, copied))}${HIDDEN}`;
    copied = end;
  }
  return result + text.slice(copied);
}

/**
 * A JSON value with every string (member names included) passed through
 * hideSpellings.
 *
 * @param value - The value.
 * @param spellings - Lower-case spellings.
 * @returns The value.
 */
function hideInJson(value: Json, spellings: string[]): Json {
  if (typeof value === 'string') {
    return hideSpellings(value, spellings);
  }
  if (Array.isArray(value)) {
    return value.map((item) => hideInJson(item, spellings));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        hideSpellings(key, spellings),
        hideInJson(item, spellings),
      ]),
    );
  }
  return value;
}

/** One number, hex or decimal. */
const NUMBER = /^(?:0x[0-9a-f]+|[0-9]+)$/iu;

/**
 * Whether a value is written as numbers only: calldata, an address, a hash,
 * a signature (`r,s`).
 *
 * @param value - The value.
 * @returns Whether it holds nothing but numbers.
 */
function isNumbers(value: string): boolean {
  return value.split(',').every((part) => NUMBER.test(part));
}

/** A run of digits long enough to spell an address or a key. */
const LONG_RUN = /[0-9a-f]{40}/iu;

/**
 * Whether a result holds free text with a long run of digits: a node's
 * words (a revert reason, a failure reason) that could spell an account.
 * Values that are one number are data the site's own account produced on
 * chain, and are answered as they are.
 *
 * @param value - The result, or a part of it.
 * @returns Whether some free text needs a look.
 */
function hasFreeTextNumbers(value: Json): boolean {
  if (typeof value === 'string') {
    return !isNumbers(value) && LONG_RUN.test(value);
  }
  if (Array.isArray(value)) {
    return value.some(hasFreeTextNumbers);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).some(hasFreeTextNumbers);
  }
  return false;
}

/**
 * A result with the free text in it (see hasFreeTextNumbers) passed
 * through hideSpellings; one-number values are left as they are.
 *
 * @param value - The result, or a part of it.
 * @param spellings - Lower-case spellings.
 * @returns The result.
 */
function hideInFreeText(value: Json, spellings: string[]): Json {
  if (typeof value === 'string') {
    return isNumbers(value) ? value : hideSpellings(value, spellings);
  }
  if (Array.isArray(value)) {
    return value.map((item) => hideInFreeText(item, spellings));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        hideInFreeText(item, spellings),
      ]),
    );
  }
  return value;
}

/**
 * The spellings to hide from the site that made this request.
 *
 * @param state - The state to judge sharing by.
 * @param context - The request's context.
 * @param params - The request's params.
 * @returns Lower-case spellings.
 */
function spellingsToHide(
  state: WalletState | undefined,
  context: WalletContext,
  params: unknown,
): string[] {
  const shared = state
    ? sharedAccounts(state, context.origin).map((address) => BigInt(address))
    : [];
  return hiddenSpellings(knownAccounts(state, context), shared, params);
}

/**
 * The result to answer a site: free text in it (a node's revert or failure
 * reason) without the accounts the site was not given; every value that is
 * one number is answered as it is (it is on-chain data of the site's own
 * account, and hiding it would tell the site whose it is). Most results
 * hold no free text, and cost nothing here.
 *
 * @param result - The method's result.
 * @param context - The request's context.
 * @param params - The request's params.
 * @returns The result to answer.
 */
export async function resultForSite(
  result: Json,
  context: WalletContext,
  params: unknown,
): Promise<Json> {
  if (!hasFreeTextNumbers(result)) {
    return result;
  }
  const state = await context.state().catch(() => undefined);
  return hideInFreeText(result, spellingsToHide(state, context, params));
}

/**
 * The state to judge sharing by: as stored now (a dialog of this request
 * may have shared an account), else as the request read it.
 *
 * @param context - The request's context.
 * @returns The state, or undefined when none can be read.
 */
async function currentState(
  context: WalletContext,
): Promise<WalletState | undefined> {
  try {
    return await readState();
  } catch {
    return context.state().catch(() => undefined);
  }
}

/**
 * The error to answer a site: `error` without the accounts the site was
 * not given (see above). Never throws: when it cannot tell, the answer says
 * only that the request failed.
 *
 * @param error - The mapped error (toSnapError's).
 * @param context - The request's context.
 * @param params - The request's params.
 * @returns The error to throw to the site.
 */
export async function errorForSite(
  error: Error,
  context: WalletContext,
  params: unknown,
): Promise<Error> {
  try {
    if (!(error instanceof SnapError)) {
      return error;
    }
    const spellings = spellingsToHide(
      await currentState(context),
      context,
      params,
    );
    const message = hideSpellings(error.message, spellings);
    const data =
      error.data === undefined ? undefined : hideInJson(error.data, spellings);
    if (
      message === error.message &&
      JSON.stringify(data) === JSON.stringify(error.data)
    ) {
      return error;
    }
    return new SnapError(
      { code: error.code, message },
      typeof data === 'object' && data !== null && !Array.isArray(data)
        ? data
        : {},
    );
  } catch {
    return new InternalError('The request failed.');
  }
}
