import { constants } from 'starknet';

import { genesisEnv } from './genesis-family';
import type { GenesisContext, GenesisFamily } from './genesis-family';
import { ERC20_CLASS_HASH, ETH_ADDRESS, STRK_ADDRESS } from '../base/constants';
import { shortString } from '../base/felt';
import type { Overlay } from '../base/state-store';
import {
  AVNU_EXCHANGE_CLASS_HASH,
  AVNU_FEE_RECIPIENT,
  AVNU_FEES_BPS,
  AVNU_OWNER,
  AVNU_SLOTS,
  avnuExchangeAddressOf,
} from '../contracts/avnu-exchange-protocol';
import { deployContract } from '../contracts/calls';
import { initToken, shortByteArray } from '../contracts/erc20';
import {
  LOCAL_AMM_ADAPTER_CLASS_HASH,
  LOCAL_AMM_ADDRESS,
  LOCAL_AMM_CLASS_HASH,
  seedPool,
} from '../contracts/local-amm';
import { DEFAULT_PRICES } from '../contracts/pragma';
import { btcTokenAddressOf } from '../contracts/staking-protocol';
import { writeSlot } from '../contracts/storage-vars';

/**
 * The local chain's market at genesis: the tokens it swaps (STRK and ETH,
 * the staking genesis's WBTC, and USDC and USDT deployed here at the
 * network's StarkGate addresses, those of the wallet's verified list),
 * pools of its own AMM (local-amm.ts) between them, each side worth
 * $5,000,000 at the oracle's DEFAULT_PRICES, and AVNU's exchange at the
 * network's address (avnu-exchange.ts), its fee 15 bps to a recipient of
 * the local chain's own, its adapter for the AMM registered. Pairs without
 * a pool of their own swap through USDC.
 */

/** A token the exchange swaps. */
export type SwapToken = {
  address: bigint;
  symbol: 'STRK' | 'ETH' | 'USDC' | 'USDT' | 'WBTC';
  name: string;
  decimals: number;
  /**
   * Its `token_fee_configs` weight: the fee of a swap is taken in the
   * heavier token (stablecoins, then ETH and WBTC, then STRK), in the
   * token bought on a tie.
   */
  weight: bigint;
};

/** StarkGate's USDC and USDT per network (starknet-io/starknet-addresses). */
const STABLECOINS: Record<string, { usdc: SwapToken; usdt: SwapToken }> = {
  [constants.StarknetChainId.SN_MAIN]: {
    usdc: {
      address:
        0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8n,
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      weight: 2n,
    },
    usdt: {
      address:
        0x068f5c6a61780768455de69077e07e89787839bf8166decfbf92b645209c0fb8n,
      symbol: 'USDT',
      name: 'Tether USD',
      decimals: 6,
      weight: 2n,
    },
  },
  [constants.StarknetChainId.SN_SEPOLIA]: {
    usdc: {
      address:
        0x053b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080n,
      symbol: 'USDC',
      name: 'USDC',
      decimals: 6,
      weight: 2n,
    },
    usdt: {
      address:
        0x02ab8758891e84b968ff11361789070c6b1af2df618d6d2f4a78b0757573c6ebn,
      symbol: 'USDT',
      name: 'USDT',
      decimals: 6,
      weight: 2n,
    },
  },
};

/**
 * The tokens the exchange swaps on a chain (Mainnet's addresses on SN_MAIN,
 * Sepolia's on any other chain).
 *
 * @param chainId - The chain id (hex).
 * @returns The tokens.
 */
export function swapTokensOf(chainId: string): SwapToken[] {
  const stable =
    STABLECOINS[chainId] ??
    (STABLECOINS[constants.StarknetChainId.SN_SEPOLIA] as {
      usdc: SwapToken;
      usdt: SwapToken;
    });
  return [
    {
      address: STRK_ADDRESS,
      symbol: 'STRK',
      name: 'Starknet Token',
      decimals: 18,
      weight: 0n,
    },
    {
      address: ETH_ADDRESS,
      symbol: 'ETH',
      name: 'Ether',
      decimals: 18,
      weight: 1n,
    },
    {
      address: btcTokenAddressOf(chainId),
      symbol: 'WBTC',
      name: 'Wrapped BTC',
      decimals: 8,
      weight: 1n,
    },
    stable.usdc,
    stable.usdt,
  ];
}

/** The pools, by their tokens' symbols. */
export const SWAP_POOLS: readonly (readonly [
  SwapToken['symbol'],
  SwapToken['symbol'],
])[] = [
  ['STRK', 'USDC'],
  ['STRK', 'ETH'],
  ['ETH', 'USDC'],
  ['USDC', 'USDT'],
  ['WBTC', 'USDC'],
];

/** What each side of a pool is worth at genesis, in dollars. */
export const POOL_SIDE_USD = 5_000_000n;

/**
 * A pool side's genesis reserve: POOL_SIDE_USD of the token at its
 * DEFAULT_PRICES price.
 *
 * @param token - The token.
 * @returns The reserve, in its smallest unit.
 */
export function genesisReserveOf(token: SwapToken): bigint {
  const price = DEFAULT_PRICES.find(
    (entry) => entry.pair === `${token.symbol}/USD`,
  );
  if (!price) {
    throw new Error(`no default price for ${token.symbol}`);
  }
  return (
    (POOL_SIDE_USD * 10n ** BigInt(token.decimals + price.decimals)) /
    price.price
  );
}

/**
 * Writes the swap family into the genesis state.
 *
 * @param state - The genesis state (the predeclared classes written).
 * @param context - The genesis.
 */
function writeSwapGenesis(state: Overlay, context: GenesisContext): void {
  const env = genesisEnv(state, context);
  const tokens = swapTokensOf(context.settings.chainId);
  for (const token of tokens.filter(({ symbol }) => symbol.startsWith('USD'))) {
    const name = shortString(token.name);
    const symbol = shortString(token.symbol);
    deployContract(env, 0n, token.address, ERC20_CLASS_HASH, [
      ...shortByteArray(name),
      ...shortByteArray(symbol),
      BigInt(token.decimals),
      0n,
      0n,
      token.address,
    ]);
    initToken(state, token.address, {
      name,
      symbol,
      decimals: BigInt(token.decimals),
    });
  }
  deployContract(env, 0n, LOCAL_AMM_ADDRESS, LOCAL_AMM_CLASS_HASH, []);
  const bySymbol = new Map(tokens.map((token) => [token.symbol, token]));
  for (const pair of SWAP_POOLS) {
    const [tokenA, tokenB] = pair.map((symbol) => bySymbol.get(symbol));
    if (tokenA && tokenB) {
      seedPool(
        state,
        LOCAL_AMM_ADDRESS,
        [tokenA.address, genesisReserveOf(tokenA)],
        [tokenB.address, genesisReserveOf(tokenB)],
      );
    }
  }
  const exchange = avnuExchangeAddressOf(context.settings.chainId);
  deployContract(env, 0n, exchange, AVNU_EXCHANGE_CLASS_HASH, []);
  const write = (slot: bigint, value: bigint): void =>
    writeSlot(state, exchange, slot, value);
  write(AVNU_SLOTS.owner, AVNU_OWNER);
  write(AVNU_SLOTS.feesRecipient, AVNU_FEE_RECIPIENT);
  write(AVNU_SLOTS.feesBps0, AVNU_FEES_BPS);
  write(AVNU_SLOTS.feesBps1, AVNU_FEES_BPS);
  write(AVNU_SLOTS.swapExactTokenToFeesBps, AVNU_FEES_BPS);
  write(
    AVNU_SLOTS.adapterClassHash(LOCAL_AMM_ADDRESS),
    LOCAL_AMM_ADAPTER_CLASS_HASH,
  );
  for (const token of tokens) {
    write(AVNU_SLOTS.tokenFeeWeight(token.address), token.weight);
  }
}

/**
 * The swap family of the genesis: the stablecoins, the AMM and its pools,
 * and the exchange (after the staking family, which deploys WBTC).
 */
export const SWAP_GENESIS: GenesisFamily = {
  name: 'swap',
  write(state, context) {
    writeSwapGenesis(state, context);
    return [];
  },
};
