import { hash } from 'starknet';

import {
  AVNU_EXCHANGES,
  exchangeOf,
  FEES_BPS_GETTERS,
  MULTI_ROUTE_SWAP,
  SWAP_EXACT_TOKEN_TO,
} from './exchange';
import { abiEntry, readAbi } from '../../test/vendored';
import type { AbiEntry } from '../../test/vendored';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';

const ABI = readAbi('avnu-exchange.abi.json');

/**
 * An entry of the exchange's ABI by type and name.
 *
 * @param type - `function`, `struct`, …
 * @param name - Its (full) name.
 * @returns The entry.
 */
function entry(type: string, name: string): AbiEntry {
  return abiEntry(ABI, type, name);
}

const ADDRESS = 'core::starknet::contract_address::ContractAddress';
const U256 = 'core::integer::u256';
const U128 = 'core::integer::u128';
const ROUTES = 'core::array::Array::<avnu::models::Route>';

describe("AVNU's exchange, held to its vendored ABI", () => {
  it('reads multi_route_swap and swap_exact_token_to with their inputs in order', () => {
    const shared = [
      { name: 'beneficiary', type: ADDRESS },
      { name: 'integrator_fee_amount_bps', type: U128 },
      { name: 'integrator_fee_recipient', type: ADDRESS },
      { name: 'routes', type: ROUTES },
    ];
    expect(entry('function', 'multi_route_swap').inputs).toStrictEqual([
      { name: 'sell_token_address', type: ADDRESS },
      { name: 'sell_token_amount', type: U256 },
      { name: 'buy_token_address', type: ADDRESS },
      { name: 'buy_token_amount', type: U256 },
      { name: 'buy_token_min_amount', type: U256 },
      ...shared,
    ]);
    expect(entry('function', 'swap_exact_token_to').inputs).toStrictEqual([
      { name: 'sell_token_address', type: ADDRESS },
      { name: 'sell_token_amount', type: U256 },
      { name: 'sell_token_max_amount', type: U256 },
      { name: 'buy_token_address', type: ADDRESS },
      { name: 'buy_token_amount', type: U256 },
      ...shared,
    ]);
    expect(MULTI_ROUTE_SWAP).toBe(hash.getSelectorFromName('multi_route_swap'));
    expect(SWAP_EXACT_TOKEN_TO).toBe(
      hash.getSelectorFromName('swap_exact_token_to'),
    );
  });

  it('reads a route as its struct lays it out (a direct swap bare, see models.cairo)', () => {
    expect(entry('struct', 'avnu::models::Route').members).toStrictEqual([
      { name: 'sell_token', type: ADDRESS },
      { name: 'buy_token', type: ADDRESS },
      { name: 'swap', type: 'avnu::models::RouteSwap' },
    ]);
    expect(entry('struct', 'avnu::models::DirectSwap').members).toStrictEqual([
      { name: 'exchange_address', type: ADDRESS },
      { name: 'percent', type: U128 },
      {
        name: 'additional_swap_params',
        type: 'core::array::Array::<core::felt252>',
      },
    ]);
  });

  it('asks the fee getters the ABI has, without inputs', () => {
    for (const [index, name] of [
      'get_fees_bps_0',
      'get_fees_bps_1',
    ].entries()) {
      expect(entry('function', name).inputs).toStrictEqual([]);
      expect(FEES_BPS_GETTERS[index]).toBe(hash.getSelectorFromName(name));
    }
  });

  it('knows the exchange on the built-in networks only', () => {
    expect(exchangeOf({ name: 'Mainnet', chainId: MAINNET_CHAIN_ID })).toBe(
      AVNU_EXCHANGES[MAINNET_CHAIN_ID],
    );
    expect(exchangeOf({ name: 'Testnet', chainId: TESTNET_CHAIN_ID })).toBe(
      AVNU_EXCHANGES[TESTNET_CHAIN_ID],
    );
    expect(
      exchangeOf({
        name: 'A site',
        chainId: TESTNET_CHAIN_ID,
        rpcUrl: 'https://node.example',
        addedBy: 'https://site.example',
      }),
    ).toBeUndefined();
  });
});
