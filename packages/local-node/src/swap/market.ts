import type { StateReader } from '../base/state-store';
import type { SwapToken } from '../chain/swap-genesis';
import { swapTokensOf } from '../chain/swap-genesis';
import {
  AVNU_SLOTS,
  avnuExchangeAddressOf,
  feeAmountOf,
  feePolicyOf,
} from '../contracts/avnu-exchange-protocol';
import type { FeePolicy } from '../contracts/avnu-exchange-protocol';
import {
  ammAmountOut,
  LOCAL_AMM_ADDRESS,
  reservesOf,
} from '../contracts/local-amm';
import { pragmaAddressOf, readPrice } from '../contracts/pragma';
import { readSlot } from '../contracts/storage-vars';

/**
 * The market as the swap API sees it at a state: the tokens, their oracle
 * prices, the paths through the local AMM's pools, and what
 * `multi_route_swap` gives along a path — computed as the emulated
 * exchange computes it (the exchange's own fee settings read from its
 * storage, the pools' reserves, the same rounding), so a quote is what the
 * swap gives while the state stays as it was.
 */

/** The tokens a two-hop path may pass through. */
const HUBS: SwapToken['symbol'][] = ['STRK', 'USDC'];

/** An integrator's fee: basis points and who receives them. */
export type IntegratorFee = { bps: bigint; recipient: bigint };

/** What a swap along a path gives. */
export type Outcome = {
  /** The tokens, sold first, bought last. */
  path: SwapToken[];
  sellAmount: bigint;
  /** What the beneficiary receives. */
  buyAmount: bigint;
  /** What enters the first pool and leaves the last one. */
  poolIn: bigint;
  poolOut: bigint;
  policy: FeePolicy;
  /** The token the fees are taken in. */
  feeToken: SwapToken;
  avnuFees: bigint;
  avnuFeesBps: bigint;
  integratorFees: bigint;
};

/** The market of one chain at one state. */
export class Market {
  readonly tokens: SwapToken[];

  readonly exchange: bigint;

  readonly #state: StateReader;

  readonly #oracle: bigint;

  /**
   * @param state - The state quotes are computed on.
   * @param chainId - The chain's id (which addresses).
   */
  constructor(state: StateReader, chainId: string) {
    this.#state = state;
    this.tokens = swapTokensOf(chainId);
    this.exchange = avnuExchangeAddressOf(chainId);
    this.#oracle = pragmaAddressOf(chainId);
  }

  /**
   * A token the market swaps.
   *
   * @param address - Its address.
   * @returns It, or undefined.
   */
  token(address: bigint): SwapToken | undefined {
    return this.tokens.find((token) => token.address === address);
  }

  /**
   * A token's price in dollars, from the oracle.
   *
   * @param token - The token.
   * @returns Dollars per whole token, or undefined when the oracle has none.
   */
  usdPrice(token: SwapToken): number | undefined {
    const price = readPrice(this.#state, this.#oracle, `${token.symbol}/USD`);
    return price && Number(price.price) / 10 ** price.decimals;
  }

  /**
   * An amount's worth in dollars (0 when the oracle has no price).
   *
   * @param token - The token.
   * @param amount - The amount, in its smallest unit.
   * @returns Dollars.
   */
  usdValue(token: SwapToken, amount: bigint): number {
    return (
      ((this.usdPrice(token) ?? 0) * Number(amount)) / 10 ** token.decimals
    );
  }

  /**
   * The paths from one token to another: direct when a pool holds both,
   * and through STRK or USDC when pools hold each hop.
   *
   * @param sell - The token sold.
   * @param buy - The token bought.
   * @param onlyDirect - Direct paths only.
   * @returns The paths.
   */
  paths(sell: SwapToken, buy: SwapToken, onlyDirect: boolean): SwapToken[][] {
    const hubs = onlyDirect
      ? []
      : this.tokens.filter(
          (token) =>
            HUBS.includes(token.symbol) && token !== sell && token !== buy,
        );
    return [[sell, buy], ...hubs.map((hub) => [sell, hub, buy])].filter(
      (path) =>
        path
          .slice(1)
          .every((token, index) => this.#hasPool(path[index], token)),
    );
  }

  /**
   * What `multi_route_swap` gives along a path, fees as the exchange takes
   * them.
   *
   * @param path - The path.
   * @param sellAmount - The amount sold.
   * @param integrator - The integrator's fee.
   * @returns The outcome, or undefined when a pool would pay nothing.
   */
  outcome(
    path: SwapToken[],
    sellAmount: bigint,
    integrator: IntegratorFee,
  ): Outcome | undefined {
    const sell = path[0];
    const buy = path[path.length - 1];
    if (!sell || !buy) {
      return undefined;
    }
    const read = (slot: bigint): bigint =>
      readSlot(this.#state, this.exchange, slot);
    const policy = feePolicyOf(
      read(AVNU_SLOTS.tokenFeeWeight(sell.address)),
      read(AVNU_SLOTS.tokenFeeWeight(buy.address)),
    );
    const routeBps = read(
      path.length > 2 ? AVNU_SLOTS.feesBps1 : AVNU_SLOTS.feesBps0,
    );
    const whitelisted =
      read(AVNU_SLOTS.whitelistedIntegrator(integrator.recipient)) !== 0n;
    const avnuFeesBps =
      whitelisted && integrator.bps >= routeBps ? 0n : routeBps;
    const recipient = read(AVNU_SLOTS.feesRecipient);
    const fees = (amount: bigint): [bigint, bigint] => [
      avnuFeesBps !== 0n && recipient !== 0n
        ? feeAmountOf(amount, avnuFeesBps)
        : 0n,
      integrator.bps !== 0n && integrator.recipient !== 0n
        ? feeAmountOf(amount, integrator.bps)
        : 0n,
    ];
    const [avnuFees, integratorFees] = fees(
      policy === 'FeeOnSell' ? sellAmount : this.#through(path, sellAmount),
    );
    const poolIn =
      policy === 'FeeOnSell'
        ? sellAmount - avnuFees - integratorFees
        : sellAmount;
    const poolOut = this.#through(path, poolIn);
    if (poolOut === 0n) {
      return undefined;
    }
    return {
      path,
      sellAmount,
      buyAmount:
        policy === 'FeeOnBuy' ? poolOut - avnuFees - integratorFees : poolOut,
      poolIn,
      poolOut,
      policy,
      feeToken: policy === 'FeeOnSell' ? sell : buy,
      avnuFees,
      avnuFeesBps,
      integratorFees,
    };
  }

  /**
   * What the pools pay along a path (0 when one pays nothing).
   *
   * @param path - The path.
   * @param amount - What enters the first pool.
   * @returns What leaves the last.
   */
  #through(path: SwapToken[], amount: bigint): bigint {
    let current = amount;
    for (let index = 1; index < path.length; index++) {
      const [reserveIn, reserveOut] = this.#reserves(
        path[index - 1],
        path[index],
      );
      current =
        current === 0n ? 0n : ammAmountOut(reserveIn, reserveOut, current);
    }
    return current;
  }

  /**
   * A pool's reserves ([0, 0] when there is none).
   *
   * @param sell - The token sold.
   * @param buy - The token bought.
   * @returns The reserves in and out.
   */
  #reserves(
    sell: SwapToken | undefined,
    buy: SwapToken | undefined,
  ): [bigint, bigint] {
    return sell && buy
      ? reservesOf(this.#state, LOCAL_AMM_ADDRESS, sell.address, buy.address)
      : [0n, 0n];
  }

  /**
   * Whether a pool holds both tokens.
   *
   * @param sell - The token sold.
   * @param buy - The token bought.
   * @returns True when it does.
   */
  #hasPool(sell: SwapToken | undefined, buy: SwapToken | undefined): boolean {
    const [reserveIn, reserveOut] = this.#reserves(sell, buy);
    return reserveIn > 0n && reserveOut > 0n;
  }
}
