import type { OwnName } from './parties';
import { normaliseAddress } from '../keys/address';
import { unitsText } from '../prices/money';
import type { SwapFacts } from '../sender/swapReads';
import type { TokenRecord } from '../state/schema';

/**
 * What the swap row's words share (./swapWords.ts, ./swapMarket.ts,
 * ./swapApprovals.ts): their context and small writers.
 */

/** What the words are read with. */
export type SwapContext = {
  facts: SwapFacts;
  tokens: TokenRecord[];
  /** The signing account (canonical). */
  account: string;
  /** The user's accounts (any network), named as the page names them. */
  ownAccounts?: OwnName[] | undefined;
  locale: string;
};

/** Words and the banners they raise, gathered while a swap is read. */
export type Said = { field?: string; warning?: string; danger?: string };

/**
 * An address felt as shown.
 *
 * @param value - The felt.
 * @returns The canonical address.
 */
export function addressOf(value: bigint): string {
  return normaliseAddress(`0x${value.toString(16)}`);
}

/**
 * Whether an address text is a felt's address.
 *
 * @param text - The address as a call gives it.
 * @param value - The felt.
 * @returns Whether they are the same.
 */
export function isAt(text: string, value: bigint): boolean {
  try {
    return BigInt(text) === value;
  } catch {
    return false;
  }
}

/**
 * Basis points as a percentage: 15 → "0.15 %".
 *
 * @param bps - The basis points.
 * @param locale - The user's locale.
 * @returns The text.
 */
export function percentText(bps: bigint, locale: string): string {
  return `${unitsText(bps, 2, locale)} %`;
}
