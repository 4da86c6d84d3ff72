import { memberInfoCall } from './calls';
import type { Network } from '../../config';
import { STRK_ADDRESS } from '../../config';
import { readingCall } from '../../node/answers';
import type { Reading } from '../../node/answers';
import { viewCall } from '../../node/calls';
import { balanceReadingCall, readU256 } from '../../node/erc20';
import type { NodeCall } from '../../node/nodeCall';
import type { PoolMemberInfo } from '../../staking/layouts';
import { stakingContractOf } from '../../staking/protocol';
import {
  liquidStakingOf,
  ONE_SHARE,
  u256Calldata,
  vaultSelectors,
} from '../../staking/vault';
import type { WalletState } from '../../state/schema';
import { stakingOn } from '../../state/staking';

/**
 * Each account's staked total on the overview, beside what it holds: the
 * positions the Stake view (or a stake from the page) found, read in the
 * overview's own batch (one `get_pool_member_info_v1` per position, no
 * round trip of its own); what is on its way out counts until withdrawn.
 */

/** One account's stake in one token, as the overview shows it. */
export type StakedTotal = {
  /** The token's address. */
  token: string;
  symbol: string;
  decimals: number;
  amount?: bigint;
  unreadable?: string;
  /** Set for STRK held as Endur's xSTRK (its amount the STRK it is worth). */
  liquid?: true;
};

/** The overview's staking reads. */
export type StakedReads = {
  calls: NodeCall<unknown>[];
  /** The tokens staked in those positions (to price them in the batch). */
  tokens: string[];
  /**
   * Each account's totals, by token (tracked tokens only: the Stake view
   * shows the rest), from the calls' answers in order.
   */
  totals: (
    answers: PromiseSettledResult<unknown>[],
  ) => Map<string, StakedTotal[]>;
};

/**
 * The reads of the accounts' known positions.
 *
 * @param state - The wallet state.
 * @param network - The network.
 * @param asked - The accounts asked about.
 * @returns The calls, and how to add up their answers.
 */
export function stakedReads(
  state: WalletState,
  network: Network,
  asked: { address: string }[],
): StakedReads {
  const members = asked.map(({ address }) => address);
  const contract = stakingContractOf(network);
  const known =
    contract === undefined
      ? undefined
      : stakingOn(state, network.chainId, contract);
  const tokens = new Map(
    state.tokens
      .filter(({ chainId }) => chainId === network.chainId)
      .map((token) => [token.address, token]),
  );
  const poolToken = new Map(
    (known?.pools ?? []).map(({ pool, token }) => [pool, tokens.get(token)]),
  );
  const positions = (known?.positions ?? []).filter(
    ({ member, pool }) => members.includes(member) && poolToken.get(pool),
  );
  const liquid = members.length > 0 ? liquidStakingOf(network) : undefined;
  // Endur's rate (the STRK one xSTRK is worth), then each one's xSTRK.
  const liquidCalls = liquid
    ? [
        readingCall(
          viewCall(
            liquid.vault,
            vaultSelectors().convert_to_assets,
            u256Calldata(ONE_SHARE),
          ),
          readU256,
        ),
        ...members.map((member) =>
          balanceReadingCall(liquid.vault, member, 'latest'),
        ),
      ]
    : [];
  return {
    calls: [
      ...positions.map(({ pool, member }) => memberInfoCall(pool, member)),
      ...liquidCalls,
    ],
    tokens: [
      ...new Set([
        ...positions.flatMap(({ pool }) => poolToken.get(pool)?.address ?? []),
        ...(liquid ? [STRK_ADDRESS] : []),
      ]),
    ],
    totals: (answers): Map<string, StakedTotal[]> => {
      const totals = new Map<string, Map<string, StakedTotal>>();
      const [rate, ...shares] = answers
        .slice(positions.length)
        .map((answer) =>
          answer.status === 'fulfilled'
            ? (answer.value as Reading<bigint>)
            : { problem: 'the node did not answer' },
        );
      members.forEach((member, index) => {
        const held = shares[index];
        // No rate read (no vault where the network says, or its node
        // failed): no line. Nothing held: no line.
        if (!liquid || !rate || !held || 'problem' in rate) {
          return;
        }
        if (!('problem' in held) && held.value === 0n) {
          return;
        }
        const byToken = totals.get(member) ?? new Map<string, StakedTotal>();
        totals.set(member, byToken);
        byToken.set('liquid', {
          token: STRK_ADDRESS,
          symbol: 'STRK',
          decimals: 18,
          liquid: true,
          ...('problem' in held
            ? { unreadable: held.problem }
            : { amount: (held.value * rate.value) / ONE_SHARE }),
        });
      });
      positions.forEach(({ pool, member }, index) => {
        const token = poolToken.get(pool);
        if (!token) {
          return;
        }
        const byToken = totals.get(member) ?? new Map<string, StakedTotal>();
        totals.set(member, byToken);
        const total = byToken.get(token.address) ?? {
          token: token.address,
          symbol: token.symbol,
          decimals: token.decimals,
          amount: 0n,
        };
        byToken.set(token.address, total);
        const answer = answers[index];
        // Each answer was parsed by its own call's parser, in order.
        const reading =
          answer?.status === 'fulfilled'
            ? (answer.value as Reading<PoolMemberInfo | undefined>)
            : { problem: 'the node did not answer' };
        if ('problem' in reading) {
          delete total.amount;
          total.unreadable = reading.problem;
        } else if (total.amount !== undefined && reading.value) {
          total.amount += reading.value.amount + reading.value.unpoolAmount;
        }
      });
      return new Map(
        [...totals].map(([member, byToken]) => [member, [...byToken.values()]]),
      );
    },
  };
}
