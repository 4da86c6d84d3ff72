import { isPoolSelector, memberOf, readPoolCall } from './stakingCalls';
import type {
  MemberFacts,
  PoolCall,
  PoolFacts,
  StakingFacts,
} from './stakingCalls';
import { assertStakingPossible } from './stakingChecks';
import type { ReadContext } from './stakingChecks';
import type { Network } from '../config';
import { normaliseAddress } from '../keys/address';
import type { Reading } from '../node/answers';
import { viewCall } from '../node/calls';
import { readU256 } from '../node/erc20';
import { chainClockCall } from '../node/executionCalls';
import type { NodeCall } from '../node/nodeCall';
import type { CallToShow } from '../protocol/calls';
import { selectorOf } from '../protocol/selectors';
import {
  readPoolMemberInfo,
  readPoolParameters,
  readStakerInfo,
  readStakerPools,
  readStakingParameters,
} from '../staking/layouts';
import type { StakerPools } from '../staking/layouts';
import {
  POOL_SELECTORS,
  STAKING_SELECTORS,
  stakingContractOf,
} from '../staking/protocol';

/**
 * What a transaction's pool calls need read, riding the two batches the
 * sender makes anyway (nodeView.ts): no round trip of its own. Round one,
 * with the nonce and the classes: each called pool's `contract_parameters_v1`
 * and each member's `get_pool_member_info_v1`, the staking contract's
 * parameters, the chain's clock, and a switch's target staker's
 * `staker_pool_info`. Round two, with the simulation: the `staker_pool_info`
 * (does it list the pool, token included?) and `staker_info_v1` (is the
 * validator leaving?) of each staker a pool names, and the account's balance
 * of each staked token. All on the request's network, with the staking
 * contract the wallet knows for it (none: no called contract is a pool).
 * Every read fails on its own: a failed or malformed answer leaves a pool
 * unconfirmed (marked, not described), never the transaction.
 */

const BALANCE_OF = selectorOf('balance_of');

/**
 * A view read whose answer is its felts, failing on its own.
 *
 * @param contract - The contract.
 * @param selector - The view.
 * @param calldata - Its calldata.
 * @returns The call.
 */
function feltsCall(
  contract: string,
  selector: string,
  calldata: string[],
): NodeCall<string[]> {
  return { ...viewCall(contract, selector, calldata), ownFailure: true };
}

/**
 * A settled read through its layout: undefined when it failed or does not
 * read.
 *
 * @param answer - The settled answer.
 * @param read - The layout's reader.
 * @returns The value.
 */
function readAnswer<Value>(
  answer: PromiseSettledResult<unknown> | undefined,
  read: (felts: string[]) => Reading<Value>,
): Value | undefined {
  if (answer?.status !== 'fulfilled') {
    return undefined;
  }
  // Each read's own parser (feltsCall's) checked its answer as felts.
  const reading = read(answer.value as string[]);
  return 'value' in reading ? reading.value : undefined;
}

/**
 * An address felt as the wallet writes it.
 *
 * @param value - The felt.
 * @returns The canonical address.
 */
function hexOf(value: bigint): string {
  return normaliseAddress(`0x${value.toString(16)}`);
}

/** A pool call of the intent, with its pool and member (canonical). */
type Located = { pool: string; call: PoolCall; member: string };

/** Round one's staking reads, and how to read their answers. */
export type StakingRoundOne = {
  calls: NodeCall<unknown>[];
  read: (answers: PromiseSettledResult<unknown>[]) => StakingRoundTwo;
};

/** Round two's staking reads, and how to read the facts off them. */
export type StakingRoundTwo = {
  /** The stakers the called pools name (each yet to be confirmed). */
  stakers: string[];
  calls: NodeCall<unknown>[];
  read: (answers: PromiseSettledResult<unknown>[]) => StakingFacts;
};

/**
 * The facts when no called contract can be a pool.
 *
 * @param pools - The contracts called with a pool entry point.
 * @returns The facts: every one is no pool.
 */
function noPools(pools: string[]): StakingRoundOne {
  const facts: StakingFacts = {
    pools: new Map(pools.map((pool) => [pool, { kind: 'not-pool' }])),
    exitWait: undefined,
    rewardToken: undefined,
    now: undefined,
    balances: new Map(),
    switchTargets: new Map(),
  };
  return {
    calls: [],
    read: () => ({ stakers: [], calls: [], read: () => facts }),
  };
}

/**
 * The contracts an intent calls with a pool entry point (malformed calls
 * included: their contract is checked too), and its readable pool calls.
 *
 * @param calls - The calls.
 * @param account - The caller (canonical).
 * @returns The contracts and the calls.
 */
function locate(
  calls: CallToShow[],
  account: string,
): { pools: string[]; located: Located[] } {
  const pools = new Set<string>();
  const located: Located[] = [];
  for (const { contractAddress, selector, calldata } of calls) {
    if (isPoolSelector(selector)) {
      const pool = normaliseAddress(contractAddress);
      pools.add(pool);
      const call = readPoolCall(selector, calldata);
      if (typeof call === 'object') {
        const member = hexOf(memberOf(call, BigInt(account)));
        located.push({ pool, call, member });
      }
    }
  }
  return { pools: [...pools], located };
}

/**
 * Plans the staking reads of an intent's calls (round one), or undefined
 * when no call has a pool entry point.
 *
 * @param network - The request's network.
 * @param calls - The calls (an intent's, an outside execution's).
 * @param account - The caller (canonical).
 * @param words - What a refusal is worded with: the facts are read only
 * through the refusals of calls that cannot be done (./stakingChecks.ts).
 * @returns Round one's reads and the reading of their answers.
 */
export function stakingReads(
  network: Network,
  calls: CallToShow[],
  account: string,
  words: ReadContext,
): StakingRoundOne | undefined {
  const { pools, located } = locate(calls, account);
  if (pools.length === 0) {
    return undefined;
  }
  const staking = stakingContractOf(network);
  if (staking === undefined) {
    return noPools(pools);
  }
  const members = [
    ...new Map(
      located.map(({ pool, member }) => [
        `${pool} ${member}`,
        { pool, member },
      ]),
    ).values(),
  ];
  const targets = [
    ...new Set(
      located.flatMap(({ call }) =>
        call.action === 'switch' ? [hexOf(call.toStaker)] : [],
      ),
    ),
  ];
  const asked = {
    staking,
    account,
    pools,
    located,
    members,
    targets,
    checked: (facts: StakingFacts): StakingFacts => {
      assertStakingPossible(facts, calls, account, words);
      return facts;
    },
  };
  return {
    calls: [
      { ...chainClockCall(), ownFailure: true },
      feltsCall(staking, STAKING_SELECTORS.contract_parameters_v1, []),
      ...pools.map((pool) =>
        feltsCall(pool, POOL_SELECTORS.contract_parameters_v1, []),
      ),
      ...members.map(({ pool, member }) =>
        feltsCall(pool, POOL_SELECTORS.get_pool_member_info_v1, [member]),
      ),
      ...targets.map((staker) =>
        feltsCall(staking, STAKING_SELECTORS.staker_pool_info, [staker]),
      ),
    ],
    read: (answers) => roundTwo(asked, answers),
  };
}

/** What round one asked. */
type Asked = {
  staking: string;
  account: string;
  pools: string[];
  located: Located[];
  members: { pool: string; member: string }[];
  targets: string[];
  /** The facts, once no call is refused (see ./stakingChecks.ts). */
  checked: (facts: StakingFacts) => StakingFacts;
};

/** A pool's own word: its staker, token and commission. */
type Claim = { staker: string; token: string; commission: bigint };

/**
 * Whether a staker's pools list a pool of a token.
 *
 * @param pools - The staker's `staker_pool_info`, if read.
 * @param pool - The pool.
 * @param token - The token (undefined: any).
 * @returns Whether it is listed.
 */
function lists(
  pools: StakerPools | undefined,
  pool: bigint,
  token?: bigint,
): boolean {
  return (pools?.pools ?? []).some(
    ({ poolContract, tokenAddress }) =>
      poolContract === pool && (token === undefined || tokenAddress === token),
  );
}

/**
 * Round one's answers read, and round two planned.
 *
 * @param asked - What round one asked.
 * @param answers - Its answers, in order.
 * @returns Round two's reads and the reading of the facts.
 */
function roundTwo(
  asked: Asked,
  answers: PromiseSettledResult<unknown>[],
): StakingRoundTwo {
  const { staking, account, pools, located, members, targets } = asked;
  const [clock, parametersAnswer, ...rest] = answers;
  const now =
    clock?.status === 'fulfilled'
      ? // chainClockCall's parser read the block header.
        BigInt((clock.value as { timestamp: number }).timestamp)
      : undefined;
  const parameters = readAnswer(parametersAnswer, readStakingParameters);
  const claims = new Map<string, Claim>();
  pools.forEach((pool, index) => {
    const read = readAnswer(rest[index], readPoolParameters);
    if (read?.stakingContract === BigInt(staking)) {
      claims.set(pool, {
        staker: hexOf(read.stakerAddress),
        token: hexOf(read.tokenAddress),
        commission: read.commission,
      });
    }
  });
  // A member whose read failed is left out: unknown, not "no member".
  const memberFacts = members.flatMap(({ pool, member }, index) => {
    const answer = rest[pools.length + index];
    const reading =
      answer?.status === 'fulfilled'
        ? // feltsCall's parser checked the answer as felts.
          readPoolMemberInfo(answer.value as string[])
        : undefined;
    return reading && 'value' in reading
      ? [{ pool, member, facts: reading.value }]
      : [];
  });
  const switchTargets = new Map<string, boolean>();
  targets.forEach((staker, index) => {
    const listed = readAnswer(
      rest[pools.length + members.length + index],
      readStakerPools,
    );
    for (const { call } of located) {
      if (call.action === 'switch' && hexOf(call.toStaker) === staker) {
        switchTargets.set(hexOf(call.toPool), lists(listed, call.toPool));
      }
    }
  });
  const stakers = [
    ...new Set([...claims.values()].map(({ staker }) => staker)),
  ];
  const tokens = [
    ...new Set(
      located.flatMap(({ call, pool }) => {
        const token = claims.get(pool)?.token;
        return (call.action === 'enter' || call.action === 'add') && token
          ? [token]
          : [];
      }),
    ),
  ];
  // The facts round two's answers give.
  const factsOf = (later: PromiseSettledResult<unknown>[]): StakingFacts => {
    const stakerFacts = new Map(
      stakers.map((staker, index) => [
        staker,
        {
          pools: readAnswer(later[index * 2], readStakerPools),
          leavesAt: readAnswer(later[index * 2 + 1], readStakerInfo)
            ?.unstakeTime,
        },
      ]),
    );
    const balances = new Map<string, bigint>();
    tokens.forEach((token, index) => {
      const answer = later[stakers.length * 2 + index];
      const reading =
        answer?.status === 'fulfilled' ? readU256(answer.value) : undefined;
      if (reading && 'value' in reading) {
        balances.set(token, reading.value);
      }
    });
    return {
      pools: new Map(
        pools.map((pool): [string, PoolFacts] => {
          const claim = claims.get(pool);
          const staker = claim && stakerFacts.get(claim.staker);
          if (
            !claim ||
            !staker ||
            !lists(staker.pools, BigInt(pool), BigInt(claim.token))
          ) {
            return [pool, { kind: 'not-pool' }];
          }
          return [
            pool,
            {
              kind: 'pool',
              ...claim,
              stakerLeavesAt: staker.leavesAt,
              members: new Map<string, MemberFacts | undefined>(
                memberFacts
                  .filter((each) => each.pool === pool)
                  .map(({ member, facts }) => [member, facts]),
              ),
            },
          ];
        }),
      ),
      exitWait: parameters?.exitWaitWindow,
      rewardToken: parameters && hexOf(parameters.tokenAddress),
      now,
      balances,
      switchTargets,
    };
  };
  return {
    stakers,
    calls: [
      ...stakers.flatMap((staker) => [
        feltsCall(staking, STAKING_SELECTORS.staker_pool_info, [staker]),
        feltsCall(staking, STAKING_SELECTORS.staker_info_v1, [staker]),
      ]),
      ...tokens.map((token) => feltsCall(token, BALANCE_OF, [account])),
    ],
    read: (later) => asked.checked(factsOf(later)),
  };
}
