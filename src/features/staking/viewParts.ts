import { addressOf } from './discovery';
import type { PositionView, TokenShown, ValidatorView } from './model';
import type { Reading } from '../../node/answers';
import type { PoolMemberInfo, StakerPools } from '../../staking/layouts';
import { REWARD_TOKEN } from '../../staking/protocol';
import { estimatedYearlyReward } from '../../staking/rate';
import type { Staking } from '../../state/schema';

/**
 * The Stake view's positions and validators, from what its reads gathered.
 */

/** What the reads of one showing gathered. */
export type Gathered = {
  /** Each position's answer, by `<pool>:<member>` (undefined: no answer). */
  infos: Map<string, Reading<PoolMemberInfo | undefined> | undefined>;
  /** Each validator's pools and commission (undefined: unreadable). */
  stakers: Map<string, StakerPools | undefined>;
  /** Validators' Starknet ID names that resolve back to them. */
  names: Map<string, string>;
  /** How each token is written. */
  tokenOf: (token: string) => TokenShown;
  /** What the yearly rate needs, when read. */
  rate: RateInputs | undefined;
};

/** What the yearly rate needs: STRK's and BTC's epoch rewards and stake. */
export type RateInputs = {
  rewards: [bigint, bigint];
  power: [bigint, bigint];
  epochDuration: bigint;
};

/**
 * The estimated yearly reward of a pool (see estimatedYearlyReward).
 *
 * @param rate - What the rate needs, when read.
 * @param token - The pool's token (STRK's side or BTC's).
 * @param commission - The validator's commission (basis points).
 * @returns STRK's smallest unit a year per whole token, if known.
 */
function yearlyOf(
  rate: RateInputs | undefined,
  token: string,
  commission: number | undefined,
): bigint | undefined {
  if (rate === undefined || commission === undefined) {
    return undefined;
  }
  const side = BigInt(token) === BigInt(REWARD_TOKEN) ? 0 : 1;
  return estimatedYearlyReward({
    epochRewards: rate.rewards[side],
    epochDuration: rate.epochDuration,
    totalStake: rate.power[side],
    commission: BigInt(commission),
  });
}

/**
 * The validators to choose from (those whose pools were read), the most
 * delegated first.
 *
 * @param pools - The pools known.
 * @param gathered - What was read.
 * @returns The validators.
 */
export function validatorsOf(
  pools: Staking['pools'],
  gathered: Gathered,
): ValidatorView[] {
  const views = pools
    .filter(({ staker }) => gathered.stakers.get(staker) !== undefined)
    .map(({ staker, pool, token }): ValidatorView => {
      const info = gathered.stakers.get(staker);
      const commission =
        info?.commission === undefined ? undefined : Number(info.commission);
      return {
        staker,
        pool,
        token: gathered.tokenOf(token),
        starkName: gathered.names.get(staker),
        commission,
        delegated: info?.pools.find(
          ({ poolContract }) => addressOf(poolContract) === pool,
        )?.amount,
        yearlyReward: yearlyOf(gathered.rate, token, commission),
      };
    });
  const weight = (view: ValidatorView): bigint => view.delegated ?? 0n;
  return views.sort((left, right) => {
    if (weight(left) === weight(right)) {
      return 0;
    }
    return weight(left) > weight(right) ? -1 : 1;
  });
}

/**
 * The positions, as their pools answered (one that holds nothing any more
 * is left out).
 *
 * @param positions - The positions.
 * @param pools - The pools known.
 * @param gathered - What was read.
 * @returns The positions to show.
 */
export function positionsOf(
  positions: Staking['positions'],
  pools: Staking['pools'],
  gathered: Gathered,
): PositionView[] {
  return positions.flatMap(({ pool, member }): PositionView[] => {
    const record = pools.find((each) => each.pool === pool);
    if (!record) {
      return [];
    }
    const base = {
      member,
      pool,
      staker: record.staker,
      token: gathered.tokenOf(record.token),
      starkName: gathered.names.get(record.staker),
    };
    const reading = gathered.infos.get(`${pool}:${member}`);
    if (reading === undefined || 'problem' in reading) {
      return [
        { ...base, unreadable: reading?.problem ?? 'the node did not answer' },
      ];
    }
    const info = reading.value;
    if (
      info === undefined ||
      (info.amount === 0n &&
        info.unpoolAmount === 0n &&
        info.unclaimedRewards === 0n)
    ) {
      return [];
    }
    return [
      {
        ...base,
        amount: info.amount,
        unclaimed: info.unclaimedRewards,
        commission: Number(info.commission),
        ...(info.unpoolTime === undefined || info.unpoolAmount === 0n
          ? {}
          : {
              exit: { amount: info.unpoolAmount, at: Number(info.unpoolTime) },
            }),
      },
    ];
  });
}
