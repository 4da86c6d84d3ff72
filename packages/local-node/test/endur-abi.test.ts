import { CallData, hash } from 'starknet';

import { readFixture } from './helpers';
import {
  CONFIG_MEMBERS,
  ENDUR_ADDRESSES,
  endurEventFelts,
  QUEUE_ENTRYPOINTS,
  QUEUE_EVENTS,
  QUEUE_STATE_MEMBERS,
  requestFelts,
  VAULT_ENTRYPOINTS,
  VAULT_EVENTS,
  WITHDRAW_REQUEST_MEMBERS,
} from '../src/contracts/endur-protocol';
import type { EntryLayout, EventLayout } from '../src/contracts/endur-protocol';
import { ENDUR_QUEUE_CLASS } from '../src/contracts/endur-queue';
import { ENDUR_VAULT_CLASS } from '../src/contracts/endur-vault';

/**
 * The local node's knowledge of Endur's xSTRK vault and withdrawal queue
 * (src/contracts/endur-protocol.ts) held to the compiled ABIs Endur ships
 * (vendor/contracts/endur-xstrk.abi.json, endur-withdrawal-queue.abi.json:
 * vendor/README.md).
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

const VAULT_ABI = readFixture<Entry[]>('endur-xstrk.abi.json');
const QUEUE_ABI = readFixture<Entry[]>('endur-withdrawal-queue.abi.json');

const flatten = (abi: Entry[]): Entry[] =>
  abi.flatMap((entry) =>
    entry.type === 'interface' ? (entry.items ?? []) : [entry],
  );

const finder =
  (abi: Entry[]) =>
  (type: string, name: string): Entry | undefined =>
    flatten(abi).find((entry) => entry.type === type && entry.name === name);

const pairs = (params: Param[] | undefined): [string, string][] =>
  (params ?? []).map((param) => [param.name, param.type]);

/**
 * Expects every entry point to be in the ABI as described.
 *
 * @param abi - The vendored ABI.
 * @param entries - The emulation's layouts.
 */
function expectEntrypoints(
  abi: Entry[],
  entries: Record<string, EntryLayout>,
): void {
  const find = finder(abi);
  for (const [name, layout] of Object.entries(entries)) {
    const item = find('function', name);
    expect({ name, inputs: pairs(item?.inputs) }).toStrictEqual({
      name,
      inputs: layout.inputs,
    });
    expect({
      name,
      outputs: item?.outputs?.map(({ type }) => type),
    }).toStrictEqual({ name, outputs: layout.outputs });
    expect({ name, view: item?.state_mutability }).toStrictEqual({
      name,
      view: layout.view ? 'view' : 'external',
    });
  }
}

/**
 * Expects every event to be in the ABI with the same members, kinds and
 * order, and to be a flat or nested variant of the contract's event enum.
 *
 * @param abi - The vendored ABI.
 * @param events - The emulation's events.
 */
function expectEvents(abi: Entry[], events: Record<string, EventLayout>): void {
  const find = finder(abi);
  for (const event of Object.values(events)) {
    const item = find('event', event.path);
    expect({
      name: event.name,
      members: item?.members?.map(({ name, type, kind }) => [name, type, kind]),
    }).toStrictEqual({ name: event.name, members: event.members });
    expect(event.path.split('::').pop()).toBe(event.name);
  }
}

describe("the local node's Endur vault and queue, held to Endur's ABIs", () => {
  it("sits at the addresses of Endur's client and relayer", () => {
    expect(ENDUR_ADDRESSES).toStrictEqual({
      '0x534e5f4d41494e': {
        vault:
          0x028d709c875c0ceac3dce7065bec5328186dc89fe254527084d1689910954b0an,
        queue:
          0x00518a66e579f9eb1603f5ffaeff95d3f013788e9c37ee94995555026b9648b6n,
      },
      '0x534e5f5345504f4c4941': {
        vault:
          0x042de5b868da876768213c48019b8d46cd484e66013ae3275f8a4b97b31fc7ebn,
        queue:
          0x0254cbdaf8275cb1b514ae63ccedb04a3a9996b1489829e5d6bbaf759ac100b6n,
      },
    });
  });

  it('runs exactly the entry points it describes, each as the ABIs have it', () => {
    expect(Object.keys(ENDUR_VAULT_CLASS.entries).sort()).toStrictEqual(
      Object.keys(VAULT_ENTRYPOINTS).sort(),
    );
    expect(Object.keys(ENDUR_QUEUE_CLASS.entries).sort()).toStrictEqual(
      Object.keys(QUEUE_ENTRYPOINTS).sort(),
    );
    expectEntrypoints(VAULT_ABI, VAULT_ENTRYPOINTS);
    expectEntrypoints(QUEUE_ABI, QUEUE_ENTRYPOINTS);
  });

  it('lays out WithdrawRequest, QueueState and Config as the ABIs', () => {
    expect(
      pairs(
        finder(QUEUE_ABI)(
          'struct',
          'lst::withdrawal_queue::interface::WithdrawRequest',
        )?.members,
      ),
    ).toStrictEqual(WITHDRAW_REQUEST_MEMBERS);
    expect(
      pairs(
        finder(QUEUE_ABI)(
          'struct',
          'lst::withdrawal_queue::interface::QueueState',
        )?.members,
      ),
    ).toStrictEqual(QUEUE_STATE_MEMBERS);
    expect(
      pairs(
        finder(VAULT_ABI)('struct', 'lst::lst::interface::Config')?.members,
      ),
    ).toStrictEqual(CONFIG_MEMBERS);
  });

  it('emits events with the members, keys and order of the ABIs', () => {
    expectEvents(VAULT_ABI, VAULT_EVENTS);
    expectEvents(QUEUE_ABI, QUEUE_EVENTS);
  });

  it('serialises a WithdrawRequest and a WithdrawQueue event as starknet.js reads them', () => {
    const request = {
      assets: 2n ** 128n + 3n,
      shares: 5n,
      claimed: true,
      timestamp: 100n,
      claimTime: 700n,
      cumulativeSnapshot: 9n,
    };
    const felts = requestFelts(request);
    expect(felts).toStrictEqual([3n, 1n, 5n, 0n, 1n, 100n, 700n, 9n, 0n]);
    const decoded = new CallData(QUEUE_ABI).decodeParameters(
      'lst::withdrawal_queue::interface::WithdrawRequest',
      felts.map(String),
    );
    expect(decoded).toStrictEqual({
      amountSTRK: 2n ** 128n + 3n,
      amountkSTRK: 5n,
      isClaimed: true,
      timestamp: 100n,
      claimTime: 700n,
      cumulative_requested_amount_snapshot: 9n,
    });
    const { keys, data } = endurEventFelts(QUEUE_EVENTS.WithdrawQueue, {
      receiver: 0xaan,
      caller: 0xbbn,
      request_id: 7n,
      request: felts,
      timestamp: 100n,
    });
    expect(keys).toStrictEqual([
      BigInt(hash.getSelectorFromName('WithdrawQueue')),
      0xaan,
      0xbbn,
    ]);
    expect(data).toHaveLength(11);
    expect(data[0]).toBe(7n);
  });

  it('keys a referral by its ByteArray and the referee, then the assets as data', () => {
    const referrer = [0n, 0x616c696365n, 5n];
    const { keys, data } = endurEventFelts(VAULT_EVENTS.Referral, {
      referrer,
      referee: 0xccn,
      assets: 10n,
    });
    expect(keys).toStrictEqual([
      BigInt(hash.getSelectorFromName('Referral')),
      ...referrer,
      0xccn,
    ]);
    expect(data).toStrictEqual([10n, 0n]);
  });
});
