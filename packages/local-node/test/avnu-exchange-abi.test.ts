import { CairoCustomEnum, CallData, hash } from 'starknet';

import { readFixture } from './helpers';
import { AVNU_EXCHANGE_CLASS } from '../src/contracts/avnu-exchange';
import {
  AVNU_EXCHANGE_ADDRESSES,
  AVNU_EXCHANGE_ENTRYPOINTS,
  DIRECT_SWAP_MEMBERS,
  MAX_ROUTE_PERCENT,
  multiRouteSwapCalldata,
  readMultiRouteSwap,
  ROUTE_MEMBERS,
  ROUTE_SWAP_VARIANTS,
  SWAP_EVENT,
  swapEventFelts,
  TOKEN_FEE_CONFIG_MEMBERS,
} from '../src/contracts/avnu-exchange-protocol';
import type { MultiRouteSwap } from '../src/contracts/avnu-exchange-protocol';

/**
 * The local node's knowledge of AVNU's exchange
 * (src/contracts/avnu-exchange-protocol.ts) held to the vendored ABI
 * (vendor/contracts/avnu-exchange.abi.json, written from the contract's
 * source at 48f22111: vendor/README.md).
 */

type Param = { name: string; type: string; kind?: string };
type Entry = {
  type: string;
  name: string;
  inputs?: Param[];
  outputs?: { type: string }[];
  members?: Param[];
  variants?: Param[];
  items?: Entry[];
  kind?: string;
  state_mutability?: string;
};

const ABI = readFixture<Entry[]>('avnu-exchange.abi.json');

/** Every entry, interfaces flattened. */
const ENTRIES = ABI.flatMap((entry) =>
  entry.type === 'interface' ? (entry.items ?? []) : [entry],
);

const find = (type: string, name: string): Entry | undefined =>
  ENTRIES.find((entry) => entry.type === type && entry.name === name);

const pairs = (params: Param[] | undefined): [string, string][] =>
  (params ?? []).map((param) => [param.name, param.type]);

describe("the local node's AVNU exchange, held to the vendored ABI", () => {
  it("sits at the contracts' README addresses", () => {
    expect(AVNU_EXCHANGE_ADDRESSES).toStrictEqual({
      '0x534e5f4d41494e':
        0x04270219d365d6b017231b52e92b3fb5d7c8378b05e9abc97724537a80e93b0fn,
      '0x534e5f5345504f4c4941':
        0x02c56e8b00dbe2a71e57472685378fc8988bba947e9a99b26a00fade2b4fe7c2n,
    });
  });

  it('runs only the entry points it describes, each as the ABI has it', () => {
    expect(Object.keys(AVNU_EXCHANGE_CLASS.entries).sort()).toStrictEqual(
      Object.keys(AVNU_EXCHANGE_ENTRYPOINTS).sort(),
    );
    for (const [name, layout] of Object.entries(AVNU_EXCHANGE_ENTRYPOINTS)) {
      const abi = find('function', name);
      expect({ name, inputs: pairs(abi?.inputs) }).toStrictEqual({
        name,
        inputs: layout.inputs,
      });
      expect(abi?.outputs?.map(({ type }) => type)).toStrictEqual(
        layout.outputs,
      );
      expect(abi?.state_mutability).toBe(layout.view ? 'view' : 'external');
    }
  });

  it('lays out Route, RouteSwap, DirectSwap and TokenFeeConfig as the ABI', () => {
    expect(pairs(find('struct', 'avnu::models::Route')?.members)).toStrictEqual(
      ROUTE_MEMBERS,
    );
    expect(
      pairs(find('enum', 'avnu::models::RouteSwap')?.variants),
    ).toStrictEqual(ROUTE_SWAP_VARIANTS);
    expect(
      pairs(find('struct', 'avnu::models::DirectSwap')?.members),
    ).toStrictEqual(DIRECT_SWAP_MEMBERS);
    expect(
      pairs(find('struct', 'avnu::components::fee::TokenFeeConfig')?.members),
    ).toStrictEqual(TOKEN_FEE_CONFIG_MEMBERS);
  });

  it('emits Swap with the members of the ABI, all data, keyed by its name', () => {
    const event = find('event', SWAP_EVENT.path);
    expect(event?.members?.every((member) => member.kind === 'data')).toBe(
      true,
    );
    expect(pairs(event?.members)).toStrictEqual(SWAP_EVENT.data);
    expect(
      find('event', 'avnu::exchange::Exchange::Event')?.variants,
    ).toContainEqual({
      name: SWAP_EVENT.name,
      type: SWAP_EVENT.path,
      kind: 'nested',
    });
    const { keys, data } = swapEventFelts({
      taker: 1n,
      sellToken: 2n,
      sellAmount: 3n,
      buyToken: 4n,
      buyAmount: 2n ** 128n + 5n,
      beneficiary: 1n,
    });
    expect(keys).toStrictEqual([BigInt(hash.getSelectorFromName('Swap'))]);
    expect(data).toStrictEqual([1n, 2n, 3n, 0n, 4n, 5n, 1n, 1n]);
  });

  it("writes multi_route_swap's calldata as the ABI orders it, a direct swap bare (models.cairo's own Serde)", () => {
    const swap: MultiRouteSwap = {
      sellToken: 0x11n,
      sellAmount: 2n ** 130n + 7n,
      buyToken: 0x22n,
      buyAmount: 9n,
      buyMinAmount: 8n,
      beneficiary: 0x33n,
      integratorFeeBps: 25n,
      integratorFeeRecipient: 0x44n,
      routes: [
        {
          sellToken: 0x11n,
          buyToken: 0x55n,
          swap: {
            kind: 'direct',
            swap: { exchange: 0x66n, percent: MAX_ROUTE_PERCENT, params: [] },
          },
        },
        {
          sellToken: 0x55n,
          buyToken: 0x22n,
          swap: {
            kind: 'direct',
            swap: { exchange: 0x77n, percent: 5n, params: [0x88n] },
          },
        },
      ],
    };
    const ours = multiRouteSwapCalldata(swap);
    expect(readMultiRouteSwap(ours)).toStrictEqual(swap);
    // starknet.js writes an enum's variant index first, as Cairo's derived
    // Serde does; RouteSwap's own Serde writes Direct without one.
    const compiled = new CallData(ABI).compile('multi_route_swap', {
      sell_token_address: '0x11',
      sell_token_amount: 2n ** 130n + 7n,
      buy_token_address: '0x22',
      buy_token_amount: 9n,
      buy_token_min_amount: 8n,
      beneficiary: '0x33',
      integrator_fee_amount_bps: 25n,
      integrator_fee_recipient: '0x44',
      routes: swap.routes.map((route) => ({
        sell_token: route.sellToken,
        buy_token: route.buyToken,
        swap: new CairoCustomEnum({
          Direct: route.swap.kind === 'direct' && {
            exchange_address: route.swap.swap.exchange,
            percent: route.swap.swap.percent,
            additional_swap_params: route.swap.swap.params,
          },
        }),
      })),
    });
    const variantIndexes = [14, 20];
    expect(
      compiled
        .filter((_, index) => !variantIndexes.includes(index))
        .map(BigInt),
    ).toStrictEqual(ours);
    expect(variantIndexes.map((index) => compiled[index])).toStrictEqual([
      '0',
      '0',
    ]);
  });
});
