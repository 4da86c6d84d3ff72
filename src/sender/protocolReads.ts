import { liquidReads } from './liquidReads';
import type { LiquidFacts } from './liquidReads';
import type { StakingFacts } from './stakingCalls';
import type { ReadContext } from './stakingChecks';
import { stakingReads } from './stakingReads';
import { swapReads } from './swapReads';
import type { SwapFacts } from './swapReads';
import type { Network } from '../config';
import type { NodeCall } from '../node/nodeCall';
import type { CallToShow } from '../protocol/calls';

/**
 * The reads of every protocol the wallet reads calls of, asked once per
 * transaction: each row of PROTOCOL_READS says which facts its calls need
 * read in the transaction's first round trip (riding with the nonce and the
 * classes), which in the second (with the simulation), and refuses, when
 * the facts are read, what cannot do what it says. The sender and the
 * signing dialog's reads ask this table, never a protocol by name, so a new
 * protocol (a swap, a vault) is a new row here and its words and parties a
 * row of src/ui/knownContracts.ts — no new branch in the sender.
 */

/** What the protocols' reads found, by row (absent: no call of its). */
export type ProtocolFacts = {
  staking?: StakingFacts;
  swap?: SwapFacts;
  liquid?: LiquidFacts;
};

/** One row's second round: its reads, and the facts they give. */
export type ProtocolRoundTwo<Facts> = {
  calls: NodeCall<unknown>[];
  /**
   * Addresses the facts may show beside a name (a pool's validator), read
   * while the dialog is open: each is named only if the facts confirm it.
   */
  stakers: string[];
  /**
   * The facts, checked.
   *
   * @throws {InvalidInputError} When a call cannot do what it says.
   */
  read: (answers: PromiseSettledResult<unknown>[]) => Facts;
};

/** One row's first round: its reads, and what they lead to. */
export type ProtocolRoundOne<Facts> = {
  calls: NodeCall<unknown>[];
  read: (answers: PromiseSettledResult<unknown>[]) => ProtocolRoundTwo<Facts>;
};

/** A protocol row: its reads of a transaction's calls, if it has any. */
type ProtocolRow<Facts> = (
  network: Network,
  calls: CallToShow[],
  account: string,
  words: ReadContext,
) => ProtocolRoundOne<Facts> | undefined;

/** The protocol rows, by the facts they give. */
const PROTOCOL_READS: {
  [Key in keyof ProtocolFacts]-?: ProtocolRow<NonNullable<ProtocolFacts[Key]>>;
} = {
  staking: stakingReads,
  swap: swapReads,
  liquid: liquidReads,
};

/**
 * Answers split in turn among readers by how many calls each made.
 *
 * @param answers - The answers, in the readers' order.
 * @param sizes - How many calls each reader made.
 * @returns Each reader's answers.
 */
function sliced(
  answers: PromiseSettledResult<unknown>[],
  sizes: number[],
): PromiseSettledResult<unknown>[][] {
  let start = 0;
  return sizes.map((size) => {
    start += size;
    return answers.slice(start - size, start);
  });
}

/**
 * Every protocol row's reads of a transaction's calls, as one: round one's
 * calls of every row that has any, in the table's order, and the reading
 * of their answers into round two's, then into the facts.
 *
 * @param network - The network the calls run on.
 * @param calls - The calls.
 * @param account - The caller (canonical).
 * @param words - What a refusal is worded with.
 * @returns The reads, or undefined when no row reads these calls.
 */
export function protocolReads(
  network: Network,
  calls: CallToShow[],
  account: string,
  words: ReadContext,
): ProtocolRoundOne<ProtocolFacts> | undefined {
  const rows = Object.entries(PROTOCOL_READS).flatMap(([key, row]) => {
    const reads = row(network, calls, account, words);
    return reads ? [{ key, reads }] : [];
  });
  if (rows.length === 0) {
    return undefined;
  }
  return {
    calls: rows.flatMap(({ reads }) => reads.calls),
    read: (answers): ProtocolRoundTwo<ProtocolFacts> => {
      const mine = sliced(
        answers,
        rows.map(({ reads }) => reads.calls.length),
      );
      const seconds = rows.map(({ key, reads }, index) => ({
        key,
        second: reads.read(mine[index] ?? []),
      }));
      return {
        calls: seconds.flatMap(({ second }) => second.calls),
        stakers: seconds.flatMap(({ second }) => second.stakers),
        read: (later): ProtocolFacts => {
          const theirs = sliced(
            later,
            seconds.map(({ second }) => second.calls.length),
          );
          return Object.fromEntries(
            seconds.map(({ key, second }, index) => [
              key,
              second.read(theirs[index] ?? []),
            ]),
          );
        },
      };
    },
  };
}

/**
 * The protocol facts of anything that carries them (a preview), alone: so
 * that a dialog's decoding gets every row's facts, whatever rows exist.
 *
 * @param source - What carries them.
 * @returns The facts.
 */
export function protocolFactsOf(source: ProtocolFacts): ProtocolFacts {
  return Object.fromEntries(
    Object.keys(PROTOCOL_READS).flatMap((key) => {
      const facts = new Map(Object.entries(source)).get(key);
      return facts === undefined ? [] : [[key, facts]];
    }),
  );
}
