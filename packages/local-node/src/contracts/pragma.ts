import { constants, hash } from 'starknet';

import { FELT, interfaceItems } from './abi';
import { CalldataReader } from './calls';
import { mapSlot, readSlot, writeSlot } from './storage-vars';
import type { CallContext, NativeClass } from './types';
import { ExecutionError } from '../base/errors';
import { shortString } from '../base/felt';
import type { Overlay, StateReader } from '../base/state-store';

/**
 * Pragma v2's price oracle as a wallet reads it: `get_data_median(
 * DataType::SpotEntry(pair_id))` answers a `PragmaPricesResponse {price:
 * u128, decimals: u32, last_updated_timestamp: u64, num_sources_aggregated:
 * u32, expiration_timestamp: Option<u64>}`, serialised as Pragma's contract
 * does (astraly-labs/pragma-oracle, oracle.cairo): a known spot pair
 * answers its median with `Some(0)` as expiration, an unknown pair zeros
 * and no source. A price set with timestamp 0 (every default) follows the
 * chain's clock: it is always as recent as the block it is read in.
 */

/** Pragma's oracle per chain (its deployments files). */
export const PRAGMA_ADDRESSES: Record<string, bigint> = {
  [constants.StarknetChainId.SN_MAIN]: BigInt(
    '0x02a85bd616f912537c50a49a4076db02c00b29b2cdc8a197ce92ed1837fa875b',
  ),
  [constants.StarknetChainId.SN_SEPOLIA]: BigInt(
    '0x036031daa264c24520b11d93af622c848b2499b66b41d611bac95e13cfca131a',
  ),
};

/**
 * The oracle's address on a chain: Mainnet's on SN_MAIN, Sepolia's on any
 * other chain (a local chain stands in for Sepolia).
 *
 * @param chainId - The chain id (hex).
 * @returns The address.
 */
export function pragmaAddressOf(chainId: string): bigint {
  return (
    PRAGMA_ADDRESSES[chainId] ??
    (PRAGMA_ADDRESSES[constants.StarknetChainId.SN_SEPOLIA] as bigint)
  );
}

/** Class hash the node uses for its oracle emulation. */
export const PRAGMA_CLASS_HASH = BigInt(
  hash.starknetKeccak('snapnet local Pragma oracle'),
);

/** A pair's price as the oracle holds it. */
export type PairPrice = {
  /** `'STRK/USD'`. */
  pair: string;
  /** In 10^-decimals of the quote per whole base. */
  price: bigint;
  decimals: number;
  /** Unix seconds; 0: follows the chain's clock. */
  timestamp: number;
  sources: number;
};

/**
 * The prices a new chain starts with, 8 decimals as Pragma's USD pairs
 * have, five sources each, following the chain's clock.
 */
export const DEFAULT_PRICES: PairPrice[] = (
  [
    ['STRK/USD', 50_000_000n],
    ['ETH/USD', 300_000_000_000n],
    ['USDC/USD', 100_000_000n],
    ['USDT/USD', 100_000_000n],
    ['WBTC/USD', 6_000_000_000_000n],
    // Pragma has no EUR/USD pair on Starknet: the wallet converts through
    // BTC/USD and BTC/EUR (1.20 USD per EUR here).
    ['BTC/USD', 6_000_000_000_000n],
    ['BTC/EUR', 5_000_000_000_000n],
  ] as const
).map(([pair, price]) => ({
  pair,
  price,
  decimals: 8,
  timestamp: 0,
  sources: 5,
}));

const FIELDS = ['price', 'decimals', 'timestamp', 'sources'] as const;

const slotOf = (field: (typeof FIELDS)[number], pair: bigint): bigint =>
  mapSlot(`pragma_${field}`, pair);

/** `DataType`'s variants, in the enum's order. */
const DATA_TYPES = ['SpotEntry', 'FutureEntry', 'GenericEntry'] as const;

const getDataMedian = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const variant = Number(reader.felt());
  const pair = reader.felt();
  if (DATA_TYPES[variant] === 'FutureEntry') {
    reader.felt();
  }
  if (DATA_TYPES[variant] === undefined || reader.remaining > 0) {
    throw new ExecutionError('Failed to deserialize param #1');
  }
  const { state } = ctx.env;
  const [price, decimals, timestamp, sources] = FIELDS.map((field) =>
    readSlot(state, ctx.self, slotOf(field, pair)),
  ) as [bigint, bigint, bigint, bigint];
  if (DATA_TYPES[variant] !== 'SpotEntry' || price === 0n) {
    return [0n, 0n, 0n, 0n, 0n, 0n];
  }
  const updated =
    timestamp === 0n ? BigInt(ctx.env.block?.timestamp ?? 0) : timestamp;
  return [price, decimals, updated, sources, 0n, 0n];
};

/** Native oracle. */
export const PRAGMA_CLASS: NativeClass = {
  kind: 'pragma',
  entries: { get_data_median: getDataMedian },
};

/**
 * Sets a pair's price (price 0 removes it: the pair answers no source).
 *
 * @param state - The state to write.
 * @param contract - The oracle.
 * @param price - The pair and its price.
 */
export function setPrice(
  state: Overlay,
  contract: bigint,
  price: PairPrice,
): void {
  const pair = shortString(price.pair);
  const values = [
    price.price,
    BigInt(price.decimals),
    BigInt(price.timestamp),
    BigInt(price.sources),
  ];
  FIELDS.forEach((field, index) =>
    writeSlot(state, contract, slotOf(field, pair), values[index] ?? 0n),
  );
}

/**
 * A pair's median as the oracle holds it, for the node's own services (the
 * swap API's dollar values).
 *
 * @param state - The state.
 * @param contract - The oracle.
 * @param pair - The pair, `'STRK/USD'`.
 * @returns Its price and decimals, or undefined when the pair has none.
 */
export function readPrice(
  state: StateReader,
  contract: bigint,
  pair: string,
): { price: bigint; decimals: number } | undefined {
  const id = shortString(pair);
  const price = readSlot(state, contract, slotOf('price', id));
  return price === 0n
    ? undefined
    : {
        price,
        decimals: Number(readSlot(state, contract, slotOf('decimals', id))),
      };
}

const DATA_TYPE = 'pragma_lib::entry::structs::DataType';
const RESPONSE = 'pragma_lib::entry::structs::PragmaPricesResponse';
const OPTION_U64 = 'core::option::Option::<core::integer::u64>';

/** The oracle's ABI, the entry point the node emulates and its types. */
export const PRAGMA_ABI = JSON.stringify([
  {
    type: 'enum',
    name: DATA_TYPE,
    variants: [
      { name: 'SpotEntry', type: FELT },
      { name: 'FutureEntry', type: `(${FELT}, core::integer::u64)` },
      { name: 'GenericEntry', type: FELT },
    ],
  },
  {
    type: 'enum',
    name: OPTION_U64,
    variants: [
      { name: 'Some', type: 'core::integer::u64' },
      { name: 'None', type: '()' },
    ],
  },
  {
    type: 'struct',
    name: RESPONSE,
    members: [
      { name: 'price', type: 'core::integer::u128' },
      { name: 'decimals', type: 'core::integer::u32' },
      { name: 'last_updated_timestamp', type: 'core::integer::u64' },
      { name: 'num_sources_aggregated', type: 'core::integer::u32' },
      { name: 'expiration_timestamp', type: OPTION_U64 },
    ],
  },
  ...interfaceItems('IOracleABIImpl', 'pragma::oracle::oracle::IOracleABI', [
    ['get_data_median', [['data_type', DATA_TYPE]], [RESPONSE], true],
  ]),
]);
