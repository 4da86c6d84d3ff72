import { hash } from 'starknet';

import { checkedProvider, STRK } from './helpers';
import {
  STAKING_ERRORS as SNAP_ERRORS,
  STAKING_CONTRACTS,
} from '../../../src/staking/protocol';
import {
  abiEvent,
  abiFunction,
  decodeFelts,
  fieldTypeOf,
} from '../../../test/stakingAbi';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';
import { GENESIS_VALIDATORS } from '../src/chain/staking-genesis';
import { selectorOf } from '../src/contracts/calls';
import { POOL_CLASS } from '../src/contracts/pool';
import { REWARD_SUPPLIER_CLASS, STAKING_CLASS } from '../src/contracts/staking';
import {
  POOL_ENTRYPOINTS,
  REWARD_SUPPLIER_ADDRESS,
  REWARD_SUPPLIER_ENTRYPOINTS,
  STAKING_ADDRESSES,
  STAKING_ENTRYPOINTS,
  STAKING_ERRORS,
  STAKING_EVENTS,
  stakingAddressOf,
} from '../src/contracts/staking-protocol';

let node: LocalNode;

beforeAll(async () => {
  node = await startLocalNode({ accounts: 1 });
});

afterAll(async () => {
  await node.stop();
});

const STAKING = `0x${stakingAddressOf('0x534e5f5345504f4c4941').toString(16)}`;
const asHex = (value: bigint): string => `0x${value.toString(16)}`;

describe("the local node's staking, held to the vendored ABI", () => {
  it("sits at the snap's addresses of the staking contract", () => {
    for (const [chainId, address] of Object.entries(STAKING_ADDRESSES)) {
      expect(BigInt(STAKING_CONTRACTS[chainId] ?? 0)).toBe(address);
    }
  });

  it.each([
    ['pool', POOL_CLASS, POOL_ENTRYPOINTS],
    ['staking', STAKING_CLASS, STAKING_ENTRYPOINTS],
    ['reward_supplier', REWARD_SUPPLIER_CLASS, REWARD_SUPPLIER_ENTRYPOINTS],
  ] as const)(
    'runs only entry points the %s ABI has, each of them listed',
    (contract, native, names) => {
      for (const name of Object.keys(native.entries)) {
        expect(abiFunction(contract, name)).toBeDefined();
      }
      for (const name of names) {
        expect(native.entries[name]).toBeDefined();
      }
    },
  );

  it.each(Object.entries(STAKING_EVENTS))(
    'emits %s with the keys and data of the ABI, in order',
    (_, layout) => {
      const abi = abiEvent(layout.name);
      expect(abi).toBeDefined();
      const asLayout = (
        params: { name: string; type: string }[],
      ): [string, string | undefined][] =>
        params.map((param) => [param.name, fieldTypeOf(param.type)]);
      expect(layout.keys).toStrictEqual(asLayout(abi?.keys ?? []));
      expect(layout.data).toStrictEqual(asLayout(abi?.data ?? []));
      expect(selectorOf(layout.name)).toBe(
        BigInt(hash.getSelectorFromName(layout.name)),
      );
    },
  );

  it("refuses with the source's texts, as the snap knows them", () => {
    for (const [name, text] of Object.entries(SNAP_ERRORS)) {
      expect(STAKING_ERRORS[name as keyof typeof STAKING_ERRORS]).toBe(text);
    }
  });

  it('answers every view in the layout of the ABI, exactly', async () => {
    const provider = checkedProvider(node.url);
    const [validator] = GENESIS_VALIDATORS;
    const staker = asHex(validator?.staker ?? 0n);
    const ask = async (
      contract: 'staking' | 'pool' | 'reward_supplier',
      address: string,
      name: string,
      calldata: string[] = [],
    ): Promise<unknown> => {
      const felts = await provider.callContract({
        contractAddress: address,
        entrypoint: name,
        calldata,
      });
      const [output] = abiFunction(contract, name)?.outputs ?? [];
      return decodeFelts(contract, output ?? '', felts);
    };
    const pools = (await ask('staking', STAKING, 'staker_pool_info', [
      staker,
    ])) as { commission: bigint; pools: { pool_contract: bigint }[] };
    expect(pools.commission).toBe(validator?.commission);
    const pool = asHex(pools.pools[0]?.pool_contract ?? 0n);
    const member = node.accounts[0]?.address ?? '0x1';
    const answers = {
      parameters: await ask('staking', STAKING, 'contract_parameters_v1'),
      staker: await ask('staking', STAKING, 'staker_info_v1', [staker]),
      maybeStaker: await ask('staking', STAKING, 'get_staker_info_v1', ['0x1']),
      tokens: await ask('staking', STAKING, 'get_active_tokens'),
      allTokens: await ask('staking', STAKING, 'get_tokens'),
      epoch: await ask('staking', STAKING, 'get_current_epoch'),
      epochInfo: await ask('staking', STAKING, 'get_epoch_info'),
      power: await ask('staking', STAKING, 'get_current_total_staking_power'),
      total: await ask('staking', STAKING, 'get_total_stake'),
      strk: await ask('staking', STAKING, 'get_total_stake_for_token', [STRK]),
      paused: await ask('staking', STAKING, 'is_paused'),
      pool: await ask('pool', pool, 'contract_parameters_v1'),
      member: await ask('pool', pool, 'get_pool_member_info_v1', [member]),
      rewards: await ask(
        'reward_supplier',
        asHex(REWARD_SUPPLIER_ADDRESS),
        'calculate_current_epoch_rewards',
      ),
      alpha: await ask(
        'reward_supplier',
        asHex(REWARD_SUPPLIER_ADDRESS),
        'get_alpha',
      ),
    };
    expect(answers).toMatchObject({
      parameters: { exit_wait_window: { seconds: 300n } },
      maybeStaker: null,
      member: null,
      paused: false,
      alpha: 25n,
      pool: { staker_address: BigInt(staker), token_address: BigInt(STRK) },
    });
    expect(answers.tokens).toHaveLength(2);
  });
});
