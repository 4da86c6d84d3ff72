import { COMMON_TYPES, functionItems } from './abi';
import type { Fn } from './abi';
import {
  AVNU_EXCHANGE_ENTRYPOINTS,
  CAIRO,
  DIRECT_SWAP_MEMBERS,
  ROUTE_MEMBERS,
  ROUTE_SWAP_VARIANTS,
  SWAP_EVENT,
  TOKEN_FEE_CONFIG_MEMBERS,
} from './avnu-exchange-protocol';

/**
 * The ABI `getClass` answers for the emulated exchange, written from
 * avnu-exchange-protocol.ts: the entry points the node runs, the types of
 * their inputs and the `Swap` event, in the shape of the deployed class's
 * ABI (one `IExchange` interface here, where the class has an interface
 * per component).
 */

type Json = Record<string, unknown>;

const members = (list: readonly (readonly [string, string])[]): Json[] =>
  list.map(([name, type]) => ({ name, type }));

const TYPES: Json[] = [
  {
    type: 'struct',
    name: CAIRO.directSwap,
    members: members(DIRECT_SWAP_MEMBERS),
  },
  {
    type: 'struct',
    name: 'avnu::models::AlternativeSwap',
    members: members(DIRECT_SWAP_MEMBERS),
  },
  {
    type: 'struct',
    name: 'avnu::models::BranchSwap',
    members: [
      { name: 'principal', type: CAIRO.directSwap },
      {
        name: 'alternatives',
        type: 'core::array::Array::<avnu::models::AlternativeSwap>',
      },
    ],
  },
  {
    type: 'enum',
    name: CAIRO.routeSwap,
    variants: members(ROUTE_SWAP_VARIANTS),
  },
  { type: 'struct', name: CAIRO.route, members: members(ROUTE_MEMBERS) },
  {
    type: 'struct',
    name: CAIRO.tokenFeeConfig,
    members: members(TOKEN_FEE_CONFIG_MEMBERS),
  },
];

const FUNCTIONS: Fn[] = Object.entries(AVNU_EXCHANGE_ENTRYPOINTS).map(
  ([name, layout]) => [
    name,
    layout.inputs.map(([input, type]): [string, string] => [input, type]),
    [...layout.outputs],
    layout.view,
  ],
);

export const AVNU_EXCHANGE_ABI = JSON.stringify([
  ...COMMON_TYPES,
  ...TYPES,
  {
    type: 'impl',
    name: 'Exchange',
    interface_name: 'avnu::exchange::IExchange',
  },
  {
    type: 'interface',
    name: 'avnu::exchange::IExchange',
    items: functionItems(FUNCTIONS),
  },
  {
    type: 'event',
    name: SWAP_EVENT.path,
    kind: 'struct',
    members: SWAP_EVENT.data.map(([name, type]) => ({
      name,
      type,
      kind: 'data',
    })),
  },
  {
    type: 'event',
    name: 'avnu::exchange::Exchange::Event',
    kind: 'enum',
    variants: [
      { name: SWAP_EVENT.name, type: SWAP_EVENT.path, kind: 'nested' },
    ],
  },
]);
