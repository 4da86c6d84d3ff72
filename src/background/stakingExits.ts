import { BACKGROUND_ORIGIN, MAX_NOTICES_PER_RUN } from './refresh';
import type { Network } from '../config';
import { chainTimeCall, memberInfoCall } from '../features/staking/calls';
import { logger } from '../logger';
import { REWARD_TOKEN, stakingContractOf } from '../staking/protocol';
import { hiddenFromNode } from '../state/networks';
import type { WalletState } from '../state/schema';
import { markExitsTold, stakingOn } from '../state/staking';
import { readState } from '../state/store';
import { notifyExitReady } from '../ui/notifications';
import { walletContext } from '../wallet/context';

/**
 * The background check's watch of staking exits: on each network where the
 * wallet knows positions (found by the Stake view), one batch asks the
 * chain's time and each position's `get_pool_member_info_v1`; an exit
 * whose wait is over (its unpool time reached on the chain's clock) is told
 * once ("40 STRK can be withdrawn from validator …"), remembered in state
 * by pool, member and unpool time (a new intent restarts the wait, and is
 * told again when that one ends). A node that fails only delays the news.
 */

/** What a run found ready to withdraw. */
type Ready = {
  key: string;
  pool: string;
  member: string;
  staker: string;
  token: string;
  amount: bigint;
};

/**
 * The exits of one network whose wait is over and that were not told.
 *
 * @param state - The state.
 * @param network - The network.
 * @param contract - Its staking contract.
 * @returns The exits.
 */
async function readyOn(
  state: WalletState,
  network: Network,
  contract: string,
): Promise<Ready[]> {
  const known = stakingOn(state, network.chainId, contract);
  const accounts = state.accounts
    .filter(({ chainId }) => chainId === network.chainId)
    .map(({ address }) => address);
  const hidden = new Set(hiddenFromNode(state, network, accounts));
  const positions = (known?.positions ?? []).filter(
    ({ member }) => accounts.includes(member) && !hidden.has(member),
  );
  if (!known || positions.length === 0) {
    return [];
  }
  const [timeAnswer, ...infos] = await walletContext(BACKGROUND_ORIGIN)
    .node(network)
    .batchSettled([
      chainTimeCall(),
      ...positions.map(({ pool, member }) => memberInfoCall(pool, member)),
    ]);
  const time =
    timeAnswer?.status === 'fulfilled' && 'value' in timeAnswer.value
      ? timeAnswer.value.value
      : undefined;
  if (time === undefined) {
    return [];
  }
  const told = new Set(known.toldExits);
  return positions.flatMap(({ pool, member }, index) => {
    const answer = infos[index];
    const info =
      answer?.status === 'fulfilled' && 'value' in answer.value
        ? answer.value.value
        : undefined;
    const record = known.pools.find((each) => each.pool === pool);
    if (
      !info ||
      !record ||
      info.unpoolTime === undefined ||
      info.unpoolAmount === 0n ||
      Number(info.unpoolTime) > time.time
    ) {
      return [];
    }
    const key = `${pool}:${member}:${info.unpoolTime}`;
    return told.has(key)
      ? []
      : [
          {
            key,
            pool,
            member,
            staker: record.staker,
            token: record.token,
            amount: info.unpoolAmount,
          },
        ];
  });
}

/**
 * Tells of each exit whose wait is over, once, on every network with
 * positions; at most MAX_NOTICES_PER_RUN a run (the rest wait for the
 * next). Never throws.
 */
export async function watchStakingExits(): Promise<void> {
  const state = await readState().catch(() => undefined);
  let budget = MAX_NOTICES_PER_RUN;
  for (const network of state?.networks ?? []) {
    const contract = stakingContractOf(network);
    if (!state || contract === undefined || budget <= 0) {
      continue;
    }
    try {
      const ready = (await readyOn(state, network, contract)).slice(0, budget);
      const told: string[] = [];
      try {
        for (const exit of ready) {
          const account = state.accounts.find(
            ({ chainId, address }) =>
              chainId === network.chainId && address === exit.member,
          );
          await notifyExitReady({
            amount: exit.amount,
            token: state.tokens.find(
              ({ chainId, address }) =>
                chainId === network.chainId && address === exit.token,
            ),
            isStrk: BigInt(exit.token) === BigInt(REWARD_TOKEN),
            staker: exit.staker,
            pool: exit.pool,
            networkName: network.name,
            accountName:
              account?.name ?? `Account ${account?.addressIndex ?? '?'}`,
            account: exit.member,
          });
          told.push(exit.key);
          budget -= 1;
        }
      } finally {
        // Each one told is remembered, even when a later one failed.
        await markExitsTold(network.chainId, contract, told);
      }
    } catch (error) {
      logger.info(`Staking exits on ${network.name} not checked`, error);
    }
  }
}
