import type { GasPrices } from './types';
import { GAS_PRICE } from '../base/constants';

/**
 * The gas prices by starknet-devnet's names (its flags and
 * devnet_setGasPrice's params): which gas, in which unit.
 */
export const GAS_PRICE_FIELDS = {
  gas_price_wei: ['l1Gas', 'wei'],
  data_gas_price_wei: ['l1DataGas', 'wei'],
  gas_price_fri: ['l1Gas', 'fri'],
  data_gas_price_fri: ['l1DataGas', 'fri'],
  l2_gas_price_wei: ['l2Gas', 'wei'],
  l2_gas_price_fri: ['l2Gas', 'fri'],
} as const;

export type GasPriceField = keyof typeof GAS_PRICE_FIELDS;

export const isGasPriceField = (name: string): name is GasPriceField =>
  Object.hasOwn(GAS_PRICE_FIELDS, name);

/** The largest price: starknet-devnet takes a non-zero u128. */
const U128_MAX = 2n ** 128n - 1n;

/**
 * Whether a price is one starknet-devnet takes: 1 to 2^128 − 1.
 *
 * @param price - The price.
 * @returns Whether it is.
 */
export const isGasPrice = (price: bigint): boolean =>
  price >= 1n && price <= U128_MAX;

/**
 * Prices with some of them replaced (a copy: the base is left alone).
 *
 * @param base - The prices to start from.
 * @param changes - The prices to set, by name; each already checked.
 * @returns The new prices.
 */
export function withGasPrices(
  base: GasPrices,
  changes: Partial<Record<GasPriceField, bigint>>,
): GasPrices {
  const prices: GasPrices = {
    l1Gas: { ...base.l1Gas },
    l1DataGas: { ...base.l1DataGas },
    l2Gas: { ...base.l2Gas },
  };
  for (const [field, price] of Object.entries(changes)) {
    if (isGasPriceField(field) && price !== undefined) {
      const [gas, unit] = GAS_PRICE_FIELDS[field];
      prices[gas][unit] = price;
    }
  }
  return prices;
}

/** starknet-devnet's default prices: 1 gwei (10^9) for every gas and unit. */
export const DEFAULT_GAS_PRICES: GasPrices = {
  l1Gas: { fri: GAS_PRICE, wei: GAS_PRICE },
  l1DataGas: { fri: GAS_PRICE, wei: GAS_PRICE },
  l2Gas: { fri: GAS_PRICE, wei: GAS_PRICE },
};
