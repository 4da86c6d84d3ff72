import type { Network } from '../config';
import { ChainRejectedError, NodeError } from '../errors';
import type { Reading } from '../node/answers';
import { isContractNotFound } from '../node/calls';
import type { NodeClient } from '../node/client';
import { balanceReadingCall } from '../node/erc20';
import {
  RECIPIENTS_PER_CALL,
  receivedTokensCall,
} from '../node/transferEvents';
import type { ReceivedTokens } from '../node/transferEvents';
import { isHiddenToken } from '../state/hiddenTokens';
import type { TokenRecord, WalletState } from '../state/schema';
import { isFeeToken } from '../state/tokens';
import { verifiedTokenAt } from '../tokens/verified';
import type { HomeTokensView } from '../ui/homeTokens';

/**
 * Finds the ERC-20 tokens the accounts received that the wallet does not
 * track: the Transfer events to them in the last DISCOVERY_BLOCKS blocks
 * (the latest block number comes with the page's first round trip), then
 * the balances of what was found. Two more round trips, each one batch
 * (more when the node answers the search in pages, DISCOVERY_PAGES at
 * most); none when no account is asked about. A token is named only when
 * it is on the verified list; a node that fails or lies costs the list, or
 * one row, never the page.
 */

/** How far back discovery looks: about a week of Starknet blocks. */
export const DISCOVERY_BLOCKS = 100_000;

/** Pages of Transfer events read at most, each a round trip after the first. */
export const DISCOVERY_PAGES = 3;

/** The most unverified tokens listed (a spammer can send thousands). */
export const MAX_UNVERIFIED = 10;

/** What the page knows before discovery runs. */
export type DiscoveryInput = {
  network: Network;
  state: Pick<WalletState, 'hiddenTokens'>;
  /** The network's tracked tokens (hidden ones included). */
  tracked: TokenRecord[];
  /** The accounts the node may be asked about, with their names. */
  asked: { address: string; name: string }[];
  /** The latest block, as the page's first round trip read it, if it did. */
  latest: PromiseSettledResult<Reading<bigint>> | undefined;
};

/** One account's balance of a token, as the page shows it. */
type Held = HomeTokensView['verified'][number]['balances'][number];

/**
 * A settled balance read as the page shows it; never throws.
 *
 * @param account - The account's name.
 * @param outcome - The settled read.
 * @returns The balance, or why it is unreadable.
 */
function heldBalance(
  account: string,
  outcome: PromiseSettledResult<Reading<bigint>> | undefined,
): Held {
  if (outcome?.status === 'fulfilled') {
    return 'value' in outcome.value
      ? { account, amount: outcome.value.value }
      : { account, unreadable: `balanceOf: ${outcome.value.problem}` };
  }
  const reason: unknown = outcome?.reason;
  let unreadable = 'the node did not answer it';
  if (isContractNotFound(reason)) {
    unreadable = 'no contract at this address';
  } else if (reason instanceof ChainRejectedError) {
    unreadable = `the token refused balanceOf (error ${reason.code})`;
  }
  return { account, unreadable };
}

/**
 * Why one page of the search has no tokens, or undefined when it has.
 *
 * @param page - The settled page.
 * @returns The problem.
 */
function pageProblem(
  page: PromiseSettledResult<Reading<ReceivedTokens>>,
): string | undefined {
  if (page.status === 'rejected') {
    return page.reason instanceof ChainRejectedError
      ? `the node refused the search (error ${page.reason.code})`
      : 'the node did not answer the search';
  }
  return 'problem' in page.value
    ? `the search: ${page.value.problem}`
    : undefined;
}

/** What the search found: pages of tokens, in block order, and problems. */
type Search = { pages: ReceivedTokens['tokens'][]; problems: string[] };

/**
 * One round of the search, and the rounds after it: one getEvents call per
 * group of accounts, all in one batch; then the next pages of those the
 * node did not answer whole (nodes stop a page early when they have scanned
 * enough blocks), until DISCOVERY_PAGES rounds.
 *
 * @param node - The network's node.
 * @param fromBlock - The window's first block.
 * @param asked - Each group of accounts, with where its page starts.
 * @param round - The round (0 for the first).
 * @returns What this round and the later ones found.
 */
async function searchFrom(
  node: NodeClient,
  fromBlock: number,
  asked: { group: string[]; continuation?: string }[],
  round: number,
): Promise<Search> {
  const answers = await node.batchSettled(
    asked.map(({ group, continuation }) =>
      receivedTokensCall(group, fromBlock, continuation),
    ),
  );
  const search: Search = { pages: [], problems: [] };
  const next: { group: string[]; continuation: string }[] = [];
  answers.forEach((answer, index) => {
    const problem = pageProblem(answer);
    if (problem !== undefined) {
      search.problems.push(problem);
    } else if (answer.status === 'fulfilled' && 'value' in answer.value) {
      const { tokens, continuation } = answer.value.value;
      search.pages.push(tokens);
      const group = asked[index]?.group;
      if (continuation !== undefined && group) {
        next.push({ group, continuation });
      }
    }
  });
  if (next.length === 0) {
    return search;
  }
  if (round + 1 >= DISCOVERY_PAGES) {
    search.problems.push(
      `the node answered in more than ${DISCOVERY_PAGES} pages: the latest transfers were not read`,
    );
    return search;
  }
  const later = await searchFrom(node, fromBlock, next, round + 1);
  return {
    pages: [...search.pages, ...later.pages],
    problems: [...search.problems, ...later.problems],
  };
}

/**
 * The tokens received in the window (see searchFrom).
 *
 * @param node - The network's node.
 * @param accounts - The accounts.
 * @param fromBlock - The window's first block.
 * @returns The tokens (most recent first) and what could not be read.
 */
async function receivedTokens(
  node: NodeClient,
  accounts: string[],
  fromBlock: number,
): Promise<{ tokens: ReceivedTokens['tokens']; problems: string[] }> {
  const groups: { group: string[] }[] = [];
  for (let at = 0; at < accounts.length; at += RECIPIENTS_PER_CALL) {
    groups.push({ group: accounts.slice(at, at + RECIPIENTS_PER_CALL) });
  }
  const { pages, problems } = await searchFrom(node, fromBlock, groups, 0);
  // Later pages hold later blocks: most recent first.
  const byToken = new Map<string, Set<string>>();
  for (const { token, receivers } of pages.reverse().flat()) {
    const known = byToken.get(token) ?? new Set();
    receivers.forEach((receiver) => known.add(receiver));
    byToken.set(token, known);
  }
  return {
    tokens: [...byToken].map(([token, receivers]) => ({
      token,
      receivers: [...receivers],
    })),
    problems: [...new Set(problems)],
  };
}

/**
 * This part of the home page: the tokens the accounts received, sorted into
 * verified, unverified and hidden, with balances.
 *
 * @param node - The network's node.
 * @param input - What the page read.
 * @returns The view.
 */
export async function readTokenDiscovery(
  node: NodeClient,
  input: DiscoveryInput,
): Promise<HomeTokensView> {
  const { chainId } = input.network;
  const hidden = (address: string): boolean =>
    isHiddenToken(input.state, chainId, address);
  const view: HomeTokensView = {
    chainId,
    blocks: DISCOVERY_BLOCKS,
    verified: [],
    unverified: [],
    unlisted: 0,
    hidden: input.tracked
      .filter(({ address }) => hidden(address))
      .map(({ address, symbol }) => ({
        address,
        label: `${symbol} (${address})`,
      })),
    hideable: input.tracked.filter(
      ({ address }) => !isFeeToken(address) && !hidden(address),
    ),
  };
  const { latest } = input;
  if (input.asked.length === 0) {
    return { ...view, note: 'Not searched: no account to search for.' };
  }
  if (
    latest === undefined ||
    latest.status === 'rejected' ||
    'problem' in latest.value
  ) {
    return { ...view, note: 'Not searched: the latest block is unknown.' };
  }
  const fromBlock = Math.max(
    0,
    Number(latest.value.value) - DISCOVERY_BLOCKS + 1,
  );
  const names = new Map(
    input.asked.map(({ address, name }) => [BigInt(address), name]),
  );
  try {
    const found = await receivedTokens(
      node,
      input.asked.map(({ address }) => address),
      fromBlock,
    );
    const untracked = found.tokens.filter(
      ({ token }) =>
        !input.tracked.some(({ address }) => BigInt(address) === BigInt(token)),
    );
    for (const { token } of untracked.filter(({ token: each }) =>
      hidden(each),
    )) {
      const verified = verifiedTokenAt(chainId, token);
      view.hidden.push({
        address: token,
        label: verified ? `${verified.symbol} (${token}), verified` : token,
      });
    }
    const shown = untracked.filter(({ token }) => !hidden(token));
    const verified = shown.filter(({ token }) =>
      verifiedTokenAt(chainId, token),
    );
    const unverified = shown.filter(
      ({ token }) => !verifiedTokenAt(chainId, token),
    );
    const listed = [...verified, ...unverified.slice(0, MAX_UNVERIFIED)];
    view.unlisted = unverified.length - (listed.length - verified.length);
    const reads = listed.flatMap(({ token, receivers }) =>
      receivers.map((receiver) => ({ token, receiver })),
    );
    const balances =
      reads.length === 0
        ? []
        : await node.batchSettled(
            reads.map(({ token, receiver }) =>
              balanceReadingCall(token, receiver, 'latest'),
            ),
          );
    const heldOf = (token: string): Held[] =>
      reads.flatMap((read, index) =>
        read.token === token
          ? [
              heldBalance(
                names.get(BigInt(read.receiver)) ?? read.receiver,
                balances[index],
              ),
            ]
          : [],
      );
    for (const { token } of listed) {
      const entry = verifiedTokenAt(chainId, token);
      if (entry) {
        view.verified.push({
          ...entry,
          address: token,
          balances: heldOf(token),
        });
      } else {
        view.unverified.push({ address: token, balances: heldOf(token) });
      }
    }
    return found.problems.length === 0
      ? view
      : {
          ...view,
          note: `Not everything was read: ${found.problems.join('; ')}.`,
        };
  } catch (error) {
    if (!(error instanceof NodeError)) {
      throw error;
    }
    return { ...view, note: `Not searched: ${error.message}` };
  }
}
