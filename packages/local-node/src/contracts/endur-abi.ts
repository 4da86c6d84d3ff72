import { COMMON_TYPES, functionItems } from './abi';
import type { Fn } from './abi';
import {
  CAIRO,
  CONFIG_MEMBERS,
  QUEUE_ENTRYPOINTS,
  QUEUE_EVENTS,
  QUEUE_STATE_MEMBERS,
  VAULT_ENTRYPOINTS,
  VAULT_EVENTS,
  WITHDRAW_REQUEST_MEMBERS,
} from './endur-protocol';
import type { EntryLayout, EventLayout } from './endur-protocol';

/**
 * The ABIs `getClass` answers for the emulated vault and queue, written
 * from endur-protocol.ts in the shape of the deployed classes' ABIs (one
 * interface each here, where the classes have one per component).
 */

type Json = Record<string, unknown>;

const members = (list: readonly (readonly [string, string])[]): Json[] =>
  list.map(([name, type]) => ({ name, type }));

const functions = (entries: Record<string, EntryLayout>): Fn[] =>
  Object.entries(entries).map(([name, layout]) => [
    name,
    layout.inputs.map(([input, type]): [string, string] => [input, type]),
    [...layout.outputs],
    layout.view,
  ]);

const events = (list: EventLayout[], enumPath: string): Json[] => [
  ...list.map((event) => ({
    type: 'event',
    name: event.path,
    kind: 'struct',
    members: event.members.map(([name, type, kind]) => ({ name, type, kind })),
  })),
  {
    type: 'event',
    name: enumPath,
    kind: 'enum',
    variants: list.map((event) => ({
      name: event.name,
      type: event.path,
      kind: 'nested',
    })),
  },
];

const dispatcher = (name: string): Json => ({
  type: 'struct',
  name,
  members: [{ name: 'contract_address', type: CAIRO.address }],
});

export const ENDUR_VAULT_ABI = JSON.stringify([
  ...COMMON_TYPES,
  dispatcher(CAIRO.queueDispatcher),
  dispatcher(CAIRO.registryDispatcher),
  { type: 'struct', name: CAIRO.config, members: members(CONFIG_MEMBERS) },
  {
    type: 'impl',
    name: 'LSTImpl',
    interface_name: 'lst::lst::interface::ILST',
  },
  {
    type: 'interface',
    name: 'lst::lst::interface::ILST',
    items: functionItems(functions(VAULT_ENTRYPOINTS)),
  },
  ...events(Object.values(VAULT_EVENTS), 'lst::lst::lst::LST::Event'),
]);

export const ENDUR_QUEUE_ABI = JSON.stringify([
  ...COMMON_TYPES,
  {
    type: 'struct',
    name: CAIRO.request,
    members: members(WITHDRAW_REQUEST_MEMBERS),
  },
  {
    type: 'struct',
    name: CAIRO.queueState,
    members: members(QUEUE_STATE_MEMBERS),
  },
  {
    type: 'impl',
    name: 'WithdrawalQueueImpl',
    interface_name: 'lst::withdrawal_queue::interface::IWithdrawalQueue',
  },
  {
    type: 'interface',
    name: 'lst::withdrawal_queue::interface::IWithdrawalQueue',
    items: functionItems(functions(QUEUE_ENTRYPOINTS)),
  },
  ...events(
    Object.values(QUEUE_EVENTS),
    'lst::withdrawal_queue::withdrawal_queue::WithdrawalQueue::Event',
  ),
]);
