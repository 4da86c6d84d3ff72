/**
 * What the Stake view shows and the names its events carry: the positions
 * of the network's accounts, the validators to choose from, and a form per
 * action (stake, claim, start an exit, withdraw, move).
 */

/** A token as the view writes its amounts. */
export type TokenShown = { address: string; symbol: string; decimals: number };

/** One validator's pool, to stake with or move to. */
export type ValidatorView = {
  staker: string;
  pool: string;
  token: TokenShown;
  /** The staker's Starknet ID name, when it resolves back to it. */
  starkName?: string | undefined;
  /** Basis points (10,000 = 100 %), when read. */
  commission?: number | undefined;
  /** What the pool holds (delegated to this validator in its token). */
  delegated?: bigint | undefined;
  /**
   * An estimate of what a delegator earns in a year, in STRK's smallest
   * unit per whole staked token, after the commission (for a STRK pool,
   * 10^17 is 10 %).
   */
  yearlyReward?: bigint | undefined;
};

/** One account's position in one pool. */
export type PositionView = {
  member: string;
  pool: string;
  staker: string;
  token: TokenShown;
  starkName?: string | undefined;
} & (
  | {
      amount: bigint;
      unclaimed: bigint;
      commission: number;
      /** What is on its way out, and from when it can be withdrawn. */
      exit?: { amount: bigint; at: number } | undefined;
    }
  | { unreadable: string }
);

/** A withdrawal request of Endur's queue, not yet claimed. */
export type LiquidRequestView = {
  /** The account it pays. */
  member: string;
  id: bigint;
  /** The STRK it pays. */
  assets: bigint;
  /** The xSTRK it burnt. */
  shares: bigint;
  requestedAt: number;
  /** When it can be claimed (seconds, the chain's clock). */
  claimableAt: number;
  claimed: boolean;
};

/** Endur's liquid staking (xSTRK) on the network, beside delegation. */
export type LiquidView = {
  vault: string;
  queue: string;
  /** STRK per xSTRK (10^18 is one), when read. */
  rate?: bigint | undefined;
  /**
   * An estimate of the yearly yield (a percentage) from the rate's change
   * on chain since a past block (its time).
   */
  yearly?: { percent: number; since: number } | undefined;
  /** The queue's wait (seconds), as a request shows it. */
  wait?: number | undefined;
  /** Each account's xSTRK, when read. */
  holdings: { member: string; shares: bigint | undefined }[];
  requests: LiquidRequestView[];
};

/** An account of the network, as the forms list it. */
export type StakingAccount = { address: string; name: string };

/** The Stake view. */
export type StakingView = {
  network: { name: string; chainId: string };
  /** Why staking cannot be shown here (no staking contract), if so. */
  unavailable?: string | undefined;
  accounts: StakingAccount[];
  positions: PositionView[];
  validators: ValidatorView[];
  /** The staking contract's exit wait, in seconds, when read. */
  exitWait?: number | undefined;
  /** The time the view was read at (seconds): exits are counted from it. */
  now: number;
  /** What could not be read, said once. */
  problem?: string | undefined;
  /** Liquid staking, on a network with Endur's contracts. */
  liquid?: LiquidView | undefined;
};

/** Element names of the Stake view (events carry them). */
export const STAKE = {
  /** The stake form. */
  enter: 'stake-enter',
  /** Then `<pool>:<member>`: claim that position's rewards. */
  claim: 'stake-claim:',
  /** Then `<pool>:<member>`: the form that starts an exit. */
  exit: 'stake-exit:',
  /** Then `<pool>:<member>`: withdraw what waited. */
  withdraw: 'stake-withdraw:',
  /** Then `<pool>:<member>`: the form that moves a pending exit. */
  move: 'stake-move:',
  /** The liquid stake form (STRK for xSTRK). */
  liquidStake: 'stake-liquid',
  /** Then `<member>`: the form that unstakes xSTRK through the queue. */
  liquidExit: 'stake-liquid-exit:',
  /** Then `<member>:<id>`: claim that withdrawal request. */
  liquidClaim: 'stake-liquid-claim:',
} as const;

/** A position's key in element names. */
export type PositionKey = { pool: string; member: string };

/**
 * A position's part of an element name.
 *
 * @param position - The position.
 * @returns `<pool>:<member>`.
 */
export function positionName(position: PositionKey): string {
  return `${position.pool}:${position.member}`;
}

/**
 * The position an element name ends with.
 *
 * @param rest - The name after its prefix.
 * @returns The position, or undefined when the rest is not one.
 */
export function positionOf(rest: string): PositionKey | undefined {
  const [pool, member, ...more] = rest.split(':');
  const felt = /^0x[0-9a-f]{1,64}$/u;
  return pool &&
    member &&
    more.length === 0 &&
    felt.test(pool) &&
    felt.test(member)
    ? { pool, member }
    : undefined;
}
