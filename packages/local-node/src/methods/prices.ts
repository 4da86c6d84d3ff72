import { required } from './params';
import type { Params } from './params';
import type { MethodTable } from './types';
import { invalidParams } from '../base/errors';
import { toHex } from '../base/felt';
import { Overlay } from '../base/state-store';
import { pragmaAddressOf, setPrice } from '../contracts/pragma';

/** A pair id Pragma could hold: a short string such as `STRK/USD`. */
const PAIR = /^[A-Z0-9]{1,12}\/[A-Z0-9]{1,12}$/u;

/**
 * A non-negative integer param below a bound (a JSON number or a decimal
 * string).
 *
 * @param params - The params.
 * @param name - The param.
 * @param fallback - Its value when absent.
 * @param bits - The Cairo type's width.
 * @returns The value.
 */
function integerParam(
  params: Params,
  name: string,
  fallback: bigint,
  bits: number,
): bigint {
  const value = params[name];
  if (value === undefined) {
    return fallback;
  }
  const text =
    typeof value === 'number' && Number.isSafeInteger(value)
      ? String(value)
      : value;
  if (typeof text !== 'string' || !/^\d{1,40}$/u.test(text)) {
    throw invalidParams(`${name}: expected a non-negative integer`);
  }
  const parsed = BigInt(text);
  if (parsed >= 2n ** BigInt(bits)) {
    throw invalidParams(`${name}: expected a u${bits}`);
  }
  return parsed;
}

/**
 * The local node's own dev method for prices (starknet-devnet has none, so
 * it is named as local_setStarkName is): `local_setPrice {pair, price,
 * decimals?, timestamp?, sources?}` writes a pair's median into the
 * emulated Pragma oracle, as its publishers would. `price` is in
 * 10^-decimals of the quote (decimals 8 by default, as Pragma's USD pairs);
 * `timestamp` 0 (the default) follows the chain's clock, any other is the
 * answer's `last_updated_timestamp`; `sources` defaults to 5. Price 0
 * removes the pair (it answers no source, as an unknown pair does).
 */
export const priceMethods: MethodTable = {
  local_setPrice: {
    params: ['pair', 'price', 'decimals', 'timestamp', 'sources'],
    handler: (params, ctx) => {
      const pair = required(params, 'pair');
      if (typeof pair !== 'string' || !PAIR.test(pair)) {
        throw invalidParams('pair: expected a pair such as "STRK/USD"');
      }
      required(params, 'price');
      const price = {
        pair,
        price: integerParam(params, 'price', 0n, 128),
        decimals: Number(integerParam(params, 'decimals', 8n, 32)),
        timestamp: Number(integerParam(params, 'timestamp', 0n, 48)),
        sources: Number(integerParam(params, 'sources', 5n, 32)),
      };
      const { node } = ctx;
      const contract = pragmaAddressOf(node.options.chainId);
      const state = new Overlay(node.chain.pendingState);
      setPrice(state, contract, price);
      node.chain.writeDirect(state.writes);
      node.afterTransaction();
      return {
        pair,
        price: price.price.toString(),
        decimals: price.decimals,
        timestamp: price.timestamp,
        sources: price.sources,
        contract_address: toHex(contract),
      };
    },
  },
};
