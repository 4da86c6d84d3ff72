import type { Network } from '../../config';
import { InvalidInputError } from '../../errors';
import { normaliseAddress } from '../../keys/address';
import { typedAmountExample, typedUnits } from '../../prices/money';
import type { Staking, WalletState } from '../../state/schema';
import type { WalletContext } from '../../wallet/context';

/**
 * What the Stake view's events (./events.ts, ./liquidEvents.ts) read their
 * forms with: where an action acts, a field's text, a typed amount, an
 * account of the network.
 */

/** A u128: what the pools take as an amount. */
const U128_BOUND = 2n ** 128n;

/** Where an action acts: the network, its accounts, what is known there. */
export type Scene = {
  context: WalletContext;
  state: WalletState;
  network: Network;
  contract: string;
  known: Staking | undefined;
  /** MetaMask's locale: amounts are typed in it. */
  locale: string;
};

/**
 * A form's text field.
 *
 * @param values - The form's values.
 * @param key - The field.
 * @returns Its text ('' when empty or not text).
 */
export function textOf(values: Record<string, unknown>, key: string): string {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * An amount the user typed, in the pool token's smallest unit: a decimal in
 * the user's locale (see typedUnits) with at most the token's decimals,
 * below 2^128 (the pools' u128).
 *
 * @param scene - The network, and the user's locale.
 * @param field - The field.
 * @param field.typed - Its text.
 * @param field.decimals - The token's decimals.
 * @param field.label - Its label.
 * @param field.zero - Whether 0 is an answer (it cancels an exit).
 * @returns The amount.
 */
export function amountOf(
  scene: Scene,
  field: { typed: string; decimals: number; label: string; zero?: boolean },
): bigint {
  const { typed, decimals, label, zero = false } = field;
  const amount = typedUnits(typed, decimals, scene.locale);
  if (
    amount === undefined ||
    amount >= U128_BOUND ||
    (!zero && amount === 0n)
  ) {
    throw new InvalidInputError(
      label,
      `enter a ${zero ? '' : 'positive '}number with at most ${decimals} decimals, without thousands separators (e.g. ${typedAmountExample(scene.locale)})`,
    );
  }
  return amount;
}

/**
 * An account of this network, as a form names it.
 *
 * @param scene - The network.
 * @param address - The address given.
 * @param label - The field's label.
 * @returns The account's canonical address.
 */
export function ownAccount(
  scene: Scene,
  address: string,
  label: string,
): string {
  const canonical = /^0x[0-9a-f]{1,64}$/iu.test(address)
    ? normaliseAddress(address)
    : '';
  const found = scene.state.accounts.some(
    (account) =>
      account.chainId === scene.network.chainId &&
      account.address === canonical,
  );
  if (!found) {
    throw new InvalidInputError(label, 'choose an account of this network');
  }
  return canonical;
}
