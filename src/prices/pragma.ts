import { shortString } from 'starknet';

import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';
import type { Network } from '../config';
import { readingCall } from '../node/answers';
import type { Reading } from '../node/answers';
import { viewCall } from '../node/calls';
import type { NodeCall } from '../node/nodeCall';
import { selectorOf } from '../protocol/selectors';

/**
 * Pragma v2, the price oracle on Starknet, as the wallet reads it: where it
 * is, the one entry point, and the layout of its answer. Checked against
 * astraly-labs/pragma-oracle at commit b02ad9e4 (2026-02-13):
 * `deployments/{mainnet,sepolia}/deployments.json` (`pragma_Oracle`),
 * `pragma-oracle/src/oracle/oracle.cairo` (`IOracleABI::get_data_median(
 * data_type: DataType) -> PragmaPricesResponse`) and
 * `pragma-oracle/src/entry/structs.cairo` (`enum DataType { SpotEntry:
 * felt252, FutureEntry: (felt252, u64), GenericEntry: felt252 }`; `struct
 * PragmaPricesResponse { price: u128, decimals: u32, last_updated_timestamp:
 * u64, num_sources_aggregated: u32, expiration_timestamp: Option<u64> }`),
 * vendored under vendor/contracts/pragma/ and held to this file by
 * pragma.test.ts.
 *
 * Serde: an enum is its variant's index then its value, so a spot request is
 * `[0, pair_id]`; an `Option` is `0, value` (Some) or `1` (None), so an
 * answer is five felts or six. A spot answer carries `Some(0)` (the source
 * says "Should be None"); an unknown pair answers zeros with no source.
 */

/** The oracle's address per chain (Pragma's deployments files). */
export const PRAGMA_ORACLES: Readonly<Record<string, string>> = {
  [MAINNET_CHAIN_ID]:
    '0x02a85bd616f912537c50a49a4076db02c00b29b2cdc8a197ce92ed1837fa875b',
  [TESTNET_CHAIN_ID]:
    '0x036031daa264c24520b11d93af622c848b2499b66b41d611bac95e13cfca131a',
};

/** `get_data_median`'s selector. */
export const GET_DATA_MEDIAN = selectorOf('get_data_median');

/** `DataType::SpotEntry`'s variant index (its place in the enum). */
export const SPOT_ENTRY = 0;

/** The most felts an answer has: four fields, then `Some(expiration)`. */
const ANSWER_FELTS = { none: 5, some: 6 } as const;

/** A price as the oracle answers it. */
export type OracleAnswer = {
  /** The price, `decimals` decimal places, of the pair's quote. */
  price: bigint;
  decimals: number;
  /** Seconds since the epoch. */
  lastUpdated: number;
  sources: number;
};

/**
 * The oracle of a network: Pragma's own on the built-in Mainnet and
 * Testnet, none on a network a site or the user added (its node could
 * serve any contract at any address).
 *
 * @param network - The network.
 * @returns The oracle's address, or undefined.
 */
export function oracleOf(network: Network): string | undefined {
  return network.addedBy === undefined
    ? PRAGMA_ORACLES[network.chainId]
    : undefined;
}

/**
 * A pair id as Pragma names it, a short string (`'STRK/USD'`).
 *
 * @param pair - The pair.
 * @returns Its felt, hex.
 */
export function pairId(pair: string): string {
  return shortString.encodeShortString(pair);
}

const FELT_TEXT = /^0x[0-9a-fA-F]{1,64}$/u;

/**
 * One felt of the answer, within its Cairo type's bound.
 *
 * @param felt - What the node wrote.
 * @param bits - The type's width (128 for u128, …).
 * @returns The value, or undefined.
 */
function fieldOf(felt: unknown, bits: number): bigint | undefined {
  if (typeof felt !== 'string' || !FELT_TEXT.test(felt)) {
    return undefined;
  }
  const value = BigInt(felt);
  return value < 2n ** BigInt(bits) ? value : undefined;
}

/**
 * A `PragmaPricesResponse` read without throwing on any JSON: five felts
 * (`expiration_timestamp` None) or six (Some), each within its type. What
 * the price says is judged later (see quotes.ts); this reads its shape.
 *
 * @param answer - What `get_data_median` returned.
 * @returns The answer, or why it is not one.
 */
export function readOracleAnswer(answer: unknown): Reading<OracleAnswer> {
  if (!Array.isArray(answer)) {
    return { problem: 'the answer is not a list of felts' };
  }
  const [price, decimals, lastUpdated, sources, tag] = [
    fieldOf(answer[0], 128),
    fieldOf(answer[1], 32),
    fieldOf(answer[2], 64),
    fieldOf(answer[3], 32),
    fieldOf(answer[4], 1),
  ];
  const length = tag === 0n ? ANSWER_FELTS.some : ANSWER_FELTS.none;
  if (
    answer.length !== length ||
    price === undefined ||
    decimals === undefined ||
    lastUpdated === undefined ||
    sources === undefined ||
    tag === undefined ||
    (tag === 0n && fieldOf(answer[5], 64) === undefined)
  ) {
    return { problem: 'the answer is not a PragmaPricesResponse' };
  }
  return {
    value: {
      price,
      decimals: Number(decimals),
      lastUpdated: Number(lastUpdated),
      sources: Number(sources),
    },
  };
}

/**
 * `get_data_median(DataType::SpotEntry(pair))`, its answer read (never
 * refused, and its own failure only: a price is shown, never relied on).
 *
 * @param oracle - The oracle's address.
 * @param pair - The pair (`'STRK/USD'`).
 * @returns The call.
 */
export function spotMedianCall(
  oracle: string,
  pair: string,
): NodeCall<Reading<OracleAnswer>> {
  return {
    ...readingCall(
      viewCall(oracle, GET_DATA_MEDIAN, [`0x${SPOT_ENTRY}`, pairId(pair)]),
      readOracleAnswer,
    ),
    ownFailure: true,
  };
}
