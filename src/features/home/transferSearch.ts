import { ChainRejectedError } from '../../errors';
import type { Reading } from '../../node/answers';
import type { NodeClient } from '../../node/client';
import { readNewestEvents } from '../../node/newestEvents';
import type { FirstPage } from '../../node/newestEvents';
import {
  RECIPIENTS_PER_CALL,
  tokensReceived,
  TRANSFER_CHUNK,
  TRANSFER_KEY,
} from '../../node/transferEvents';
import type { ReceivedTokens } from '../../node/transferEvents';

/**
 * The search behind token discovery: the Transfer events to the accounts
 * in a window of blocks, keyed by recipient, the latest read first when
 * they are more than a page.
 */

/** Round trips of Transfer events at most (the first one's pages, then newest first). */
export const DISCOVERY_PAGES = 3;

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

/**
 * What the search found: pages of tokens, in block order; what failed; and
 * the blocks its bounds left unread (the newest were read first).
 */
type Search = {
  pages: ReceivedTokens['tokens'][];
  problems: string[];
  gaps: string[];
};

/**
 * The search: one getEvents call per group of accounts, all in one batch,
 * over the whole window; a group the node answers in more than one page is
 * then read newest first (see readNewestEvents: backwards in windows of
 * blocks, DISCOVERY_PAGES round trips in all), so that however many
 * transfers reach the accounts, the latest are read, and what is not read
 * is said.
 *
 * @param node - The network's node.
 * @param range - The window: its first and last blocks.
 * @param range.fromBlock - Its first block.
 * @param range.latest - Its last block.
 * @param asked - The groups of accounts.
 * @param asking - The first round's answers, when already asked (with the
 * latest block, in one batch).
 * @returns What was found.
 */
async function searchFrom(
  node: NodeClient,
  range: { fromBlock: number; latest: number },
  asked: { group: string[] }[],
  asking: Promise<PromiseSettledResult<Reading<ReceivedTokens>>[]>,
): Promise<Search> {
  const answers = await asking;
  const search: Search = { pages: [], problems: [], gaps: [] };
  const next: { group: string[]; first: FirstPage }[] = [];
  answers.forEach((answer, index) => {
    const problem = pageProblem(answer);
    if (problem !== undefined) {
      search.problems.push(problem);
    } else if (answer.status === 'fulfilled' && 'value' in answer.value) {
      const { tokens, continuation, lastBlock } = answer.value.value;
      search.pages.push(tokens);
      const group = asked[index]?.group;
      if (continuation !== undefined && group) {
        next.push({ group, first: { lastBlock, continuation } });
      }
    }
  });
  if (next.length === 0) {
    return search;
  }
  const reads = await readNewestEvents(
    node,
    next.map(({ group }) => ({ keys: [[TRANSFER_KEY], [], group] })),
    {
      ...range,
      throughPending: false,
      need: Number.MAX_SAFE_INTEGER,
      chunk: TRANSFER_CHUNK,
      rounds: DISCOVERY_PAGES - 1,
      firstPages: next.map(({ first }) => first),
    },
  );
  reads.forEach((read, index) => {
    const { group, first } = next[index] ?? { group: [], first: {} };
    search.pages.push(tokensReceived([...read.events].reverse(), group));
    if ('failure' in read) {
      search.problems.push(
        pageProblem({ status: 'rejected', reason: read.failure }) ??
          'the node did not answer the search',
      );
    } else if (!read.whole) {
      const unreadFrom = (first.lastBlock ?? range.fromBlock - 1) + 1;
      search.gaps.push(
        `blocks ${unreadFrom} to ${read.readFrom - 1} were not read (more transfers to the accounts than ${DISCOVERY_PAGES} pages hold; the latest were read first)`,
      );
    }
  });
  return search;
}

/**
 * The accounts in groups of RECIPIENTS_PER_CALL, one search call each.
 *
 * @param accounts - The accounts.
 * @returns The groups.
 */
export function groupsOf(accounts: string[]): { group: string[] }[] {
  const groups: { group: string[] }[] = [];
  for (let at = 0; at < accounts.length; at += RECIPIENTS_PER_CALL) {
    groups.push({ group: accounts.slice(at, at + RECIPIENTS_PER_CALL) });
  }
  return groups;
}

/**
 * The tokens received in the window (see searchFrom).
 *
 * @param node - The network's node.
 * @param accounts - The accounts.
 * @param range - The window's first and last blocks.
 * @param range.fromBlock - Its first block.
 * @param range.latest - Its last block.
 * @param asking - The first round's answers.
 * @returns The tokens (most recent first), what failed, what was not read.
 */
export async function receivedTokens(
  node: NodeClient,
  accounts: string[],
  range: { fromBlock: number; latest: number },
  asking: Promise<PromiseSettledResult<Reading<ReceivedTokens>>[]>,
): Promise<{
  tokens: ReceivedTokens['tokens'];
  problems: string[];
  gaps: string[];
}> {
  const { pages, problems, gaps } = await searchFrom(
    node,
    range,
    groupsOf(accounts),
    asking,
  );
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
    gaps,
  };
}
