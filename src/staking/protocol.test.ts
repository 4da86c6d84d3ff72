import { hash } from 'starknet';

import { readNewDelegationPool, STAKING_EVENTS } from './events';
import {
  readActiveTokens,
  readAmount,
  readAmountPair,
  readEpochInfo,
  readPoolMemberInfo,
  readPoolParameters,
  readStakerInfo,
  readStakerPools,
  readStakingParameters,
} from './layouts';
import {
  addToPoolCalls,
  claimRewardsCall,
  enterPoolCalls,
  exitActionCall,
  exitIntentCall,
  MINTING_CURVE_SELECTORS,
  POOL_CALL_INPUTS,
  POOL_SELECTORS,
  REWARD_SUPPLIER_SELECTORS,
  STAKING_CONTRACTS,
  STAKING_ERRORS,
  STAKING_SELECTORS,
  stakingContractOf,
  switchPoolCall,
} from './protocol';
import type { StakingContractName } from '../../test/stakingAbi';
import {
  abiEvent,
  abiFunction,
  fieldTypeOf,
  sampleFelts,
} from '../../test/stakingAbi';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';
import type { Reading } from '../node/answers';

const POOL = '0x1234';
const TOKEN = '0x5678';
const MEMBER = `0x${'a11ce'.padStart(64, '0')}`;

/**
 * The value of a reading, failing the test when it has none.
 *
 * @param reading - The reading.
 * @returns Its value.
 */
function valueOf<Value>(reading: Reading<Value>): Value {
  if ('problem' in reading) {
    throw new Error(reading.problem);
  }
  return reading.value;
}

/**
 * A snake_case ABI path as the readers name it (camelCase, a one-member
 * struct — a Timestamp's `seconds`, a NormalizedAmount's — folded into its
 * field).
 *
 * @param path - The dotted ABI path.
 * @returns The readers' path.
 */
function camelPath(path: string): string {
  return path
    .replace(/\.(?:seconds|amount_18_decimals)$/u, '')
    .replace(/_([a-z0-9])/gu, (_, letter: string) => letter.toUpperCase());
}

/**
 * Every leaf of a decoded value, by dotted path (booleans as 0/1).
 *
 * @param value - The decoded value.
 * @param path - The path so far.
 * @param leaves - Where the leaves go.
 * @returns The leaves.
 */
function leavesOf(
  value: unknown,
  path = '',
  leaves = new Map<string, bigint>(),
): Map<string, bigint> {
  if (typeof value === 'bigint') {
    leaves.set(path, value);
  } else if (typeof value === 'boolean') {
    leaves.set(path, value ? 1n : 0n);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) {
      leavesOf(member, path === '' ? key : `${path}.${key}`, leaves);
    }
  }
  return leaves;
}

// Each reader, the contract and view whose answer it reads, and the ABI
// fields it leaves out on purpose.
const READERS: [
  StakingContractName,
  string,
  (felts: bigint[]) => Reading<unknown>,
  string[],
][] = [
  ['pool', 'get_pool_member_info_v1', readPoolMemberInfo, []],
  ['pool', 'contract_parameters_v1', readPoolParameters, []],
  ['staking', 'contract_parameters_v1', readStakingParameters, []],
  ['staking', 'staker_pool_info', readStakerPools, []],
  ['staking', 'staker_info_v1', readStakerInfo, []],
  ['staking', 'get_active_tokens', readActiveTokens, []],
  [
    'staking',
    'get_epoch_info',
    readEpochInfo,
    ['previous_length', 'previous_epoch_duration'],
  ],
  [
    'staking',
    'get_current_total_staking_power',
    (felts): Reading<unknown> => readAmountPair('power', felts),
    [],
  ],
  [
    'staking',
    'get_total_stake_for_token',
    (felts): Reading<unknown> => readAmount('stake', felts),
    [],
  ],
  [
    'reward_supplier',
    'calculate_current_epoch_rewards',
    (felts): Reading<unknown> => readAmountPair('rewards', felts),
    [],
  ],
  [
    'reward_supplier',
    'get_alpha',
    (felts): Reading<unknown> => readAmount('alpha', felts),
    [],
  ],
  [
    'minting_curve',
    'yearly_mint',
    (felts): Reading<unknown> => readAmount('mint', felts),
    [],
  ],
];

describe('the staking protocol, held to the vendored ABI', () => {
  it('names the staking contract of the built-in networks only', () => {
    expect(
      stakingContractOf({ name: 'Mainnet', chainId: MAINNET_CHAIN_ID }),
    ).toBe(
      '0x00ca1702e64c81d9a07b86bd2c540188d92a2c73cf5cc0e508d949015e7e84a7',
    );
    expect(
      stakingContractOf({ name: 'Testnet', chainId: TESTNET_CHAIN_ID }),
    ).toBe(STAKING_CONTRACTS[TESTNET_CHAIN_ID]);
    expect(
      stakingContractOf({
        name: 'Site',
        chainId: TESTNET_CHAIN_ID,
        addedBy: 'https://site.example',
      }),
    ).toBeUndefined();
    expect(
      stakingContractOf({ name: 'Other', chainId: '0x4b4154414e41' }),
    ).toBeUndefined();
  });

  it.each([
    ['pool', POOL_SELECTORS],
    ['staking', STAKING_SELECTORS],
    ['reward_supplier', REWARD_SUPPLIER_SELECTORS],
    ['minting_curve', MINTING_CURVE_SELECTORS],
  ] as const)(
    "selects only entry points the %s contract's ABI has",
    (contract, selectors) => {
      for (const [name, selector] of Object.entries(selectors)) {
        expect(abiFunction(contract, name)).toBeDefined();
        expect(BigInt(selector)).toBe(BigInt(hash.getSelectorFromName(name)));
      }
    },
  );

  it("writes each pool call's calldata in the ABI's order and types", () => {
    for (const [name, inputs] of Object.entries(POOL_CALL_INPUTS)) {
      const abi = abiFunction('pool', name);
      expect(abi?.mutability).toBe('external');
      expect(
        abi?.inputs.map((input) => [input.name, fieldTypeOf(input.type)]),
      ).toStrictEqual(inputs);
    }
  });

  it('builds the calls a delegator makes', () => {
    const [approve, enter] = enterPoolCalls({
      token: TOKEN,
      pool: POOL,
      rewardAddress: MEMBER,
      amount: 10n ** 18n,
    });
    expect(approve).toStrictEqual({
      contractAddress: TOKEN,
      entrypoint: 'approve',
      calldata: [POOL, '0xde0b6b3a7640000', '0x0'],
    });
    expect(enter).toStrictEqual({
      contractAddress: POOL,
      entrypoint: 'enter_delegation_pool',
      calldata: ['0xa11ce', '0xde0b6b3a7640000'],
    });
    expect(
      addToPoolCalls({
        token: TOKEN,
        pool: POOL,
        member: MEMBER,
        amount: 5n,
      }).map((call) => [call.entrypoint, call.calldata]),
    ).toStrictEqual([
      ['approve', [POOL, '0x5', '0x0']],
      ['add_to_delegation_pool', ['0xa11ce', '0x5']],
    ]);
    expect(claimRewardsCall(POOL, MEMBER).calldata).toStrictEqual(['0xa11ce']);
    expect(exitIntentCall(POOL, 0n).calldata).toStrictEqual(['0x0']);
    expect(exitActionCall(POOL, MEMBER).entrypoint).toBe(
      'exit_delegation_pool_action',
    );
    expect(
      switchPoolCall({
        fromPool: POOL,
        toStaker: '0x51',
        toPool: '0x52',
        amount: 7n,
      }),
    ).toStrictEqual({
      contractAddress: POOL,
      entrypoint: 'switch_delegation_pool',
      calldata: ['0x51', '0x52', '0x7'],
    });
  });

  it('refuses a value outside its type, naming the field', () => {
    expect(() => exitIntentCall(POOL, 2n ** 128n)).toThrow(
      'Invalid params: amount: Expected an amount below 2^128',
    );
    expect(() => exitIntentCall(POOL, -1n)).toThrow('amount');
    expect(() => claimRewardsCall(POOL, `0x8${'0'.repeat(63)}`)).toThrow(
      'Invalid params: pool_member: Expected a Starknet address',
    );
    expect(() =>
      enterPoolCalls({
        token: TOKEN,
        pool: POOL,
        rewardAddress: MEMBER,
        amount: 2n ** 128n,
      }),
    ).toThrow('amount');
  });

  it.each(
    READERS.map(([contract, view, read, skipped]) => [
      `${contract}.${view}`,
      contract,
      view,
      read,
      skipped,
    ]),
  )(
    'reads %s exactly as the ABI lays it out, and nothing else',
    (_, contract, view, read, skipped) => {
      const abi = abiFunction(contract, view);
      expect(abi?.mutability).toBe('view');
      expect(abi?.outputs).toHaveLength(1);
      const leaves = new Map<string, bigint>();
      const felts = sampleFelts(contract, abi?.outputs[0] ?? '', '', leaves);
      const decoded = valueOf(read(felts));
      const expected = new Map(
        [...leaves]
          .filter(([path]) => !skipped.includes(path))
          .map(([path, value]) => [camelPath(path), value]),
      );
      const found = leavesOf(decoded);
      expect(new Map([...found].sort())).toStrictEqual(
        new Map([...expected].sort()),
      );
      // One felt short, one too many: refused, never guessed.
      expect(read(felts.slice(0, -1))).toHaveProperty('problem');
      expect(read([...felts, 0n])).toHaveProperty('problem');
    },
  );

  it('reads None, and refuses a tag that is neither Some nor None', () => {
    expect(readPoolMemberInfo(['0x1'])).toStrictEqual({ value: undefined });
    expect(readPoolMemberInfo(['0x2'])).toStrictEqual({
      problem: 'get_pool_member_info_v1: the option is neither 0 nor 1',
    });
    const member = ['0x0', MEMBER, '0x64', '0x1', '0x1f4', '0x0', '0x1'];
    expect(valueOf(readPoolMemberInfo(member))).toStrictEqual({
      rewardAddress: BigInt(MEMBER),
      amount: 100n,
      unclaimedRewards: 1n,
      commission: 500n,
      unpoolAmount: 0n,
      unpoolTime: undefined,
    });
  });

  it('refuses a value outside its type and a span past its bound', () => {
    const commission = ['0x0', MEMBER, '0x64', '0x1', '0x10000', '0x0', '0x1'];
    expect(readPoolMemberInfo(commission)).toStrictEqual({
      problem: 'get_pool_member_info_v1: commission is not a u16',
    });
    expect(readPoolMemberInfo(['0x0', 'hello'])).toHaveProperty('problem');
    expect(readActiveTokens(['0x11', ...Array(17).fill('0x1')])).toStrictEqual({
      problem: 'get_active_tokens: tokens lists more than 16',
    });
    expect(
      readStakerPools(['0x1', '0x1', `0x8${'0'.repeat(63)}`, '0x1', '0x1']),
    ).toHaveProperty('problem');
  });

  it.each(Object.entries(STAKING_EVENTS).map(([key, layout]) => [key, layout]))(
    'lays out %s as the ABI emits it',
    (key, layout) => {
      const abi = abiEvent(layout.name, key === 'NewDelegationPoolV1');
      const asLayout = (
        params: { name: string; type: string }[],
      ): [string, string | undefined][] =>
        params.map((param) => [param.name, fieldTypeOf(param.type)]);
      expect(abi).toBeDefined();
      expect(layout.keys).toStrictEqual(asLayout(abi?.keys ?? []));
      expect(layout.data).toStrictEqual(asLayout(abi?.data ?? []));
      expect(BigInt(layout.selector)).toBe(
        BigInt(hash.getSelectorFromName(layout.name)),
      );
    },
  );

  it('reads a NewDelegationPool of either release', () => {
    const { selector } = STAKING_EVENTS.NewDelegationPool;
    expect(
      valueOf(
        readNewDelegationPool([selector, '0x1', '0x2', '0x3'], ['0x1f4']),
      ),
    ).toStrictEqual({ staker: 1n, pool: 2n, token: 3n, commission: 500n });
    expect(
      valueOf(readNewDelegationPool([selector, '0x1', '0x2'], ['0x1f4'])),
    ).toStrictEqual({
      staker: 1n,
      pool: 2n,
      token: undefined,
      commission: 500n,
    });
    expect(
      readNewDelegationPool([selector, '0x1', '0x2', '0x3'], ['0x1f4', '0x0']),
    ).toHaveProperty('problem');
    expect(
      readNewDelegationPool([STAKING_EVENTS.NewPoolMember.selector], []),
    ).toStrictEqual({ problem: 'NewDelegationPool: another event' });
  });

  it('keeps the revert texts of the source', () => {
    expect(STAKING_ERRORS.INTENT_WINDOW_NOT_FINISHED).toBe(
      'Intent window is not finished',
    );
    expect(STAKING_ERRORS.AMOUNT_TOO_HIGH).toBe('Amount is too high');
  });
});
