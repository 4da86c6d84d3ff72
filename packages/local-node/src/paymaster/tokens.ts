/* eslint-disable no-bitwise -- u256 halves */
import { ETH_ADDRESS, STRK_ADDRESS } from '../base/constants';
import { selectorOf } from '../contracts/calls';
import type { OutsideCall } from '../contracts/outside-execution';

/** A token the paymaster takes fees in, with its fixed price. */
export type GasToken = {
  address: bigint;
  decimals: number;
  priceInStrk: bigint;
};

/**
 * STRK, at par. The gas tokens: STRK at par and ETH at a fixed 10,000 STRK
 * (no price feed). Prices are in FRI per whole token.
 */
export const STRK_GAS_TOKEN: GasToken = {
  address: STRK_ADDRESS,
  decimals: 18,
  priceInStrk: 10n ** 18n,
};

/** Every gas token, STRK first. */
export const GAS_TOKENS: GasToken[] = [
  STRK_GAS_TOKEN,
  { address: ETH_ADDRESS, decimals: 18, priceInStrk: 10_000n * 10n ** 18n },
];

/**
 * Converts an amount of STRK (FRI) to a gas token, rounding up.
 *
 * @param amount - FRI.
 * @param token - The token.
 * @returns The amount in the token's smallest unit.
 */
export function strkToToken(amount: bigint, token: GasToken): bigint {
  const scaled = amount * 10n ** BigInt(token.decimals);
  return (scaled + token.priceInStrk - 1n) / token.priceInStrk;
}

/**
 * The fee transfer a paid execution ends with: `transfer(relayer, amount)`.
 *
 * @param token - The gas token.
 * @param relayer - The relayer (the fee recipient).
 * @param amount - The amount in the token.
 * @returns The call.
 */
export function feeTransfer(
  token: GasToken,
  relayer: bigint,
  amount: bigint,
): OutsideCall {
  return {
    to: token.address,
    selector: selectorOf('transfer'),
    calldata: [relayer, amount & ((1n << 128n) - 1n), amount >> 128n],
  };
}

/**
 * The amount a paid execution's last call transfers to the relayer in the
 * gas token, or undefined when it is not such a transfer.
 *
 * @param calls - The execution's calls.
 * @param token - The gas token.
 * @param relayer - The relayer.
 * @returns The amount.
 */
export function feePaid(
  calls: OutsideCall[],
  token: GasToken,
  relayer: bigint,
): bigint | undefined {
  const last = calls[calls.length - 1];
  if (
    last?.to !== token.address ||
    last.selector !== selectorOf('transfer') ||
    last.calldata.length !== 3
  ) {
    return undefined;
  }
  const [recipient, low = 0n, high = 0n] = last.calldata;
  return recipient === relayer ? low + (high << 128n) : undefined;
}
