import {
  firstPageCall,
  newestFirst,
  readSkipped,
  receivedTokens,
  searchFilters,
} from './transferSearch';
import type { BlockRange, SearchResult } from './transferSearch';
import type { HomeTokensView } from './views/tokens';
import type { Network } from '../../config';
import { ChainRejectedError } from '../../errors';
import type { Reading } from '../../node/answers';
import { isContractNotFound } from '../../node/calls';
import type { NodeClient } from '../../node/client';
import { balanceReadingCall } from '../../node/erc20';
import type { NodeCall } from '../../node/nodeCall';
import { latestBlockCall } from '../../node/transferEvents';
import type { ReceivedTokens } from '../../node/transferEvents';
import { isHiddenToken } from '../../state/hiddenTokens';
import type { Discovered, TokenRecord, WalletState } from '../../state/schema';
import { isFeeToken } from '../../state/tokens';
import { verifiedTokenAt } from '../../tokens/verified';

/**
 * The ERC-20 tokens the accounts received that the wallet does not track:
 * the Transfer events to them in the last DISCOVERY_BLOCKS blocks, searched
 * in the background (and on the page's "Look now"), kept in state, and
 * shown by the page with their balances read in its one batch. The search
 * reads only the blocks since the last one, keyed by recipient, the latest
 * transfers first when they are many (see transferSearch). A token is named only
 * when it is on the verified list; a node that fails or lies costs the
 * search, or one row, never the page.
 */

/** How far back discovery looks: about a week of Starknet blocks. */
export const DISCOVERY_BLOCKS = 100_000;

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
  /** What the last search found on the network, if it searched. */
  found: Discovered | undefined;
  /** Whether the unverified tokens are listed (the overview shows none). */
  unverified: boolean;
};

/** One account's balance of a token, as the page shows it. */
type Held = HomeTokensView['verified'][number]['balances'][number];

/** The Tokens view as discovery reads it: the page adds how it is shown. */
type TokenLists = Omit<HomeTokensView, 'display'>;

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

/** Skipped ranges kept at most (past it, the two oldest are joined: none is dropped). */
export const MAX_SKIPPED = 16;

/**
 * Skipped ranges as kept: at most MAX_SKIPPED, the oldest joined into one
 * range when there are more (blocks between them are read again too).
 *
 * @param ranges - The ranges, in the order they are retried.
 * @returns The ranges kept.
 */
export function keptRanges(ranges: BlockRange[]): BlockRange[] {
  const kept = [...ranges];
  while (kept.length > MAX_SKIPPED) {
    const byAge = [...kept].sort((left, right) => left.from - right.from);
    const [first, second] = byAge;
    if (!first || !second) {
      break;
    }
    const joined = {
      from: Math.min(first.from, second.from),
      to: Math.max(first.to, second.to),
    };
    kept.splice(kept.indexOf(first), 1, joined);
    kept.splice(kept.indexOf(second), 1);
  }
  return kept;
}

/**
 * Searches a network for the tokens its accounts received since the last
 * search (the whole window when an account was not searched before), as the
 * background check and the page's "Look now" do: the latest block, then the
 * search (DISCOVERY_PAGES round trips at most, see transferSearch); after
 * the first, the latest block rides in the search's batch (one round trip).
 * What a search cannot read is kept as skipped block ranges; each search
 * then reads the first one again (DISCOVERY_PAGES round trips more at
 * most), and puts what is still left of it last: every range is read again
 * until read, none dropped after one note (a spammer flooding the
 * accounts with transfers cannot hide an earlier one for good).
 *
 * @param node - The network's node.
 * @param accounts - The accounts its node may be asked about.
 * @param stored - What the last search found, if any.
 * @returns The search and whether it replaces the last one; undefined when
 * the latest block could not be read.
 */
export async function searchReceived(
  node: NodeClient,
  accounts: string[],
  stored: Discovered | undefined,
): Promise<{ search: Discovered; fresh: boolean } | undefined> {
  const { chainId } = node.network;
  const fresh =
    stored === undefined ||
    accounts.some((account) => !stored.accounts.includes(account));
  const filters = searchFilters(chainId, accounts);
  let latestReading: Reading<bigint>;
  let fromBlock: number;
  let asking: Promise<PromiseSettledResult<Reading<ReceivedTokens>>[]>;
  if (fresh) {
    // The window ends at the latest block: asked first.
    latestReading = await node.call(latestBlockCall());
    if ('problem' in latestReading) {
      return undefined;
    }
    fromBlock = Math.max(0, Number(latestReading.value) - DISCOVERY_BLOCKS + 1);
    asking = node.batchSettled(
      filters.map((filter) => firstPageCall(filter, fromBlock)),
    );
  } else {
    // Since the last search: the latest block and the search in one batch
    // (a block that lands between them is read again next time).
    fromBlock = (stored?.toBlock ?? 0) + 1;
    const [latest, ...pages] = await node.batchSettled([
      latestBlockCall(),
      ...filters.map((filter) => firstPageCall(filter, fromBlock)),
    ]);
    if (latest?.status !== 'fulfilled' || 'problem' in latest.value) {
      return undefined;
    }
    latestReading = latest.value;
    asking = Promise.resolve(pages);
  }
  const latest = Number(latestReading.value);
  const found: SearchResult =
    fromBlock > latest
      ? { tokens: [], problems: [], skipped: [] }
      : await receivedTokens(node, filters, { fromBlock, latest }, asking);
  const [retried, ...waiting] = stored?.skipped ?? [];
  const again = retried
    ? await readSkipped(node, filters, retried)
    : { tokens: [], left: [] };
  const skipped = keptRanges([...waiting, ...found.skipped, ...again.left]);
  return {
    search: {
      chainId,
      toBlock: latest,
      accounts,
      tokens: newestFirst([again.tokens, found.tokens]),
      searchedAt: Math.floor(Date.now() / 1000),
      ...(found.problems.length === 0
        ? {}
        : { problem: found.problems.join('; ').slice(0, 1000) }),
      ...(skipped.length === 0 ? {} : { skipped }),
    },
    fresh,
  };
}

/**
 * This part of the home page, from what the last search found: the calls
 * of the balances to read in the page's one batch, and the view once they
 * are answered — verified, unverified and hidden tokens.
 *
 * @param input - What the page knows.
 * @returns The calls, and the view of their answers.
 */
export function discoveryReads(input: DiscoveryInput): {
  calls: NodeCall<Reading<bigint>>[];
  view: (answers: PromiseSettledResult<Reading<bigint>>[]) => TokenLists;
} {
  const { chainId } = input.network;
  const hidden = (address: string): boolean =>
    isHiddenToken(input.state, chainId, address);
  const base: TokenLists = {
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
  const { found } = input;
  if (input.asked.length === 0 || !found) {
    const note =
      input.asked.length === 0
        ? 'Not searched: no account to search for.'
        : 'Not searched yet: the wallet looks for the tokens your accounts received in the background, every ten minutes (or now, with the button below).';
    return { calls: [], view: () => ({ ...base, note }) };
  }
  const names = new Map(
    input.asked.map(({ address, name }) => [BigInt(address), name]),
  );
  const untracked = found.tokens.filter(
    ({ token }) =>
      !input.tracked.some(({ address }) => BigInt(address) === BigInt(token)),
  );
  const shown = untracked.filter(({ token }) => !hidden(token));
  const verified = shown.filter(({ token }) => verifiedTokenAt(chainId, token));
  const unverified = shown.filter(
    ({ token }) => !verifiedTokenAt(chainId, token),
  );
  const listed = [
    ...verified,
    ...unverified.slice(0, input.unverified ? MAX_UNVERIFIED : 0),
  ];
  const reads = listed.flatMap(({ token, receivers }) =>
    receivers
      .filter((receiver) => names.has(BigInt(receiver)))
      .map((receiver) => ({ token, receiver })),
  );
  const view = (
    balances: PromiseSettledResult<Reading<bigint>>[],
  ): TokenLists => {
    const tokens: TokenLists = {
      ...base,
      hidden: [
        ...base.hidden,
        ...untracked
          .filter(({ token }) => hidden(token))
          .map(({ token }) => {
            const entry = verifiedTokenAt(chainId, token);
            return {
              address: token,
              label: entry ? `${entry.symbol} (${token}), verified` : token,
            };
          }),
      ],
      unlisted: unverified.length - (listed.length - verified.length),
    };
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
        tokens.verified.push({
          ...entry,
          address: token,
          balances: heldOf(token),
        });
      } else {
        tokens.unverified.push({ address: token, balances: heldOf(token) });
      }
    }
    return found.problem === undefined
      ? tokens
      : { ...tokens, note: `Not everything was read: ${found.problem}.` };
  };
  return {
    calls: reads.map(({ token, receiver }) =>
      balanceReadingCall(token, receiver, 'latest'),
    ),
    view,
  };
}
