import type { Staking, WalletState } from './schema';
import { updateState } from './store';

/**
 * What the wallet found of staking on each network (see StakingStruct): the
 * validators' pools and its accounts' positions, kept so that the Stake
 * view reads on from the block it reached, and the overview and the
 * background check read the positions without searching.
 */

/** The most pools, positions or told exits kept per network. */
export const MAX_STAKING_RECORDS = 5000;

/**
 * What is known of staking on a network, if anything.
 *
 * @param state - The wallet state.
 * @param chainId - The network.
 * @param contract - Its staking contract: what was read of another one
 * (a network whose contract moved) is not used.
 * @returns What is known.
 */
export function stakingOn(
  state: Pick<WalletState, 'staking'>,
  chainId: string,
  contract: string,
): Staking | undefined {
  return state.staking.find(
    (each) => each.chainId === chainId && each.contract === contract,
  );
}

/**
 * Nothing known of staking on a network yet: every read starts at block 0.
 *
 * @param chainId - The network.
 * @param contract - Its staking contract.
 * @returns The empty record.
 */
export function stakingUnread(chainId: string, contract: string): Staking {
  return {
    chainId,
    contract,
    poolsFrom: 0,
    pools: [],
    membersFrom: 0,
    searched: [],
    positions: [],
    toldExits: [],
  };
}

/**
 * The records of `added` not in `known`, by their key.
 *
 * @param known - Kept records.
 * @param added - Records read.
 * @param key - What makes two records the same.
 * @returns Both, each once, the kept ones first, at most MAX_STAKING_RECORDS.
 */
function joined<Item>(
  known: Item[],
  added: Item[],
  key: (item: Item) => string,
): Item[] {
  const seen = new Set(known.map(key));
  const fresh = added.filter((item) => {
    const name = key(item);
    if (seen.has(name)) {
      return false;
    }
    seen.add(name);
    return true;
  });
  return [...known, ...fresh].slice(0, MAX_STAKING_RECORDS);
}

/**
 * Stores what a read of a network's staking events found: the pools and
 * positions joined with those kept (a pool or a member is never removed on
 * chain), and where the next read starts.
 *
 * @param read - What was read, on which network and contract.
 */
export async function storeStakingRead(
  read: Omit<Staking, 'toldExits'>,
): Promise<void> {
  await updateState((draft) => {
    const before =
      stakingOn(draft, read.chainId, read.contract) ??
      stakingUnread(read.chainId, read.contract);
    const next: Staking = {
      ...before,
      ...(read.rewardSupplier === undefined
        ? {}
        : { rewardSupplier: read.rewardSupplier }),
      poolsFrom: Math.max(before.poolsFrom, read.poolsFrom),
      pools: joined(before.pools, read.pools, ({ pool }) => pool),
      membersFrom: read.membersFrom,
      searched: [...new Set([...before.searched, ...read.searched])],
      positions: joined(
        before.positions,
        read.positions,
        ({ pool, member }) => `${pool}:${member}`,
      ),
    };
    draft.staking = [
      ...draft.staking.filter(({ chainId }) => chainId !== read.chainId),
      next,
    ];
  });
}

/**
 * Marks exits, or liquid staking requests ready to claim, as told, so that
 * each is told once.
 *
 * @param chainId - The network.
 * @param contract - Its staking contract.
 * @param told - The exits, as `<pool>:<member>:<unpool time>`; the
 * requests, as `<member>:<id>`.
 * @param claims - Whether they are requests.
 */
export async function markExitsTold(
  chainId: string,
  contract: string,
  told: string[],
  claims = false,
): Promise<void> {
  if (told.length === 0) {
    return;
  }
  await updateState((draft) => {
    const before = stakingOn(draft, chainId, contract);
    if (!before) {
      return;
    }
    const kept = (list: string[]): string[] =>
      [...new Set([...list, ...told])].slice(-MAX_STAKING_RECORDS);
    if (!claims) {
      before.toldExits = kept(before.toldExits);
    } else if (before.liquid) {
      before.liquid.told = kept(before.liquid.told);
    }
  });
}

/**
 * Stores what the Stake view's liquid part read (src/features/staking/
 * liquid.ts), on the network's staking record.
 *
 * @param chainId - The network.
 * @param contract - Its staking contract.
 * @param liquid - What to keep.
 */
export async function storeLiquidRead(
  chainId: string,
  contract: string,
  liquid: NonNullable<Staking['liquid']>,
): Promise<void> {
  await updateState((draft) => {
    const before =
      stakingOn(draft, chainId, contract) ?? stakingUnread(chainId, contract);
    const told = new Set(before.liquid?.told ?? []);
    draft.staking = [
      ...draft.staking.filter((each) => each.chainId !== chainId),
      {
        ...before,
        liquid: {
          ...liquid,
          requests: liquid.requests.slice(-MAX_STAKING_RECORDS),
          told: [...told].slice(-MAX_STAKING_RECORDS),
        },
      },
    ];
  });
}
