/* eslint-disable no-bitwise -- felt and u256 arithmetic */
/** Protocol constants of the local chain. */
export const SPEC_VERSION = '0.10.2';
export const STARKNET_VERSION = '0.14.1';

export const STRK_ADDRESS =
  0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938dn;
export const ETH_ADDRESS =
  0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7n;
/** Class hash of the native ERC-20 used for the fee tokens (starknet-devnet's). */
export const ERC20_CLASS_HASH =
  0x9524a94b41c4440a16fd96d7c1ef6ad6f44c1c013e96662734502cd4ee9b1fn;
export const SEQUENCER_ADDRESS = 0x1000n;

/** The gas price a chain starts with (FRI and WEI per unit, every resource). */
export const GAS_PRICE = 1_000_000_000n;

/** Transaction version 3 and its query variant (2^128 + 3). */
export const TX_VERSION_3 = 3n;
export const QUERY_VERSION_3 = (1n << 128n) + 3n;

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** Largest getEvents page. */
export const MAX_CHUNK_SIZE = 1024;
