import { ACTIVITY_PAGE, activityOf, activityReads } from './activity';
import { accountViewsOf } from './homeAnswers';
import { ownNameReads, ownNamesOf } from './ownNames';
import {
  askPaymaster,
  paymasterOfNetwork,
  paymasterViewOf,
} from './readPaymaster';
import { discoveryReads } from './tokenDiscovery';
import { withValues } from './values';
import type {
  HomeNotice,
  HomePlace,
  HomeView,
  HomeViewName,
} from './views/model';
import type { HomeShown } from './views/page';
import { displayOf } from './views/worth';
import { rpcUrlsFor } from '../../config';
import { tokenLogo } from '../../content/logo';
import { NodeError, toSnapError } from '../../errors';
import { readFelt, readingCall } from '../../node/answers';
import { nonceCall } from '../../node/calls';
import { balanceReadingCall } from '../../node/erc20';
import { priceReads } from '../../prices/quotes';
import { discoveredOn } from '../../state/discovered';
import { isHiddenToken } from '../../state/hiddenTokens';
import { hiddenFromNode } from '../../state/networks';
import { isFeeToken } from '../../state/tokens';
import type { WalletContext } from '../../wallet/context';
import { stakedReads } from '../staking/overview';
import { readStakingView } from '../staking/readStaking';

export type { HomeNotice } from './views/model';

/** What a view reads: its share of the node's one batch, and beside it. */
type Reads = {
  /** Each account's nonce (its deployment). */
  nonces: boolean;
  /** Each account's balance of each tracked token. */
  balances: boolean;
  /** The received tokens' balances (see tokenDiscovery). */
  received: boolean;
  /** Pending statuses, and the node's history after "More". */
  activity: boolean;
  /** The accounts' own Starknet ID names. */
  names: boolean;
  /** The paymaster's tokens (another server, beside the batch). */
  paymaster: boolean;
  /** The tracked tokens' logos (content storage, beside the batch). */
  logos: boolean;
  /** Each account's staked total (its known positions, in the batch). */
  staked: boolean;
};

/**
 * What each view reads: only what it shows.
 *
 * @param view - The view.
 * @returns Its reads.
 */
function readsOf(view: HomeViewName): Reads {
  return {
    nonces: view === 'overview' || view === 'accounts',
    balances: view === 'overview' || view === 'send' || view === 'swap',
    received: view === 'overview' || view === 'tokens',
    activity: view === 'activity',
    names: view === 'overview' || view === 'accounts',
    paymaster: view === 'send' || view === 'swap',
    logos: view === 'tokens',
    staked: view === 'overview',
  };
}

/**
 * A slice of the batch's answers, in order, as its reader expects them.
 *
 * @param settled - Every answer of the batch.
 * @param start - Where the slice starts.
 * @param length - How many.
 * @returns The answers.
 */
function sliceOf<Value>(
  settled: PromiseSettledResult<unknown>[],
  start: number,
  length: number,
): PromiseSettledResult<Value>[] {
  // Each answer was parsed by its own call's parser, in order.
  return settled.slice(start, start + length) as PromiseSettledResult<Value>[];
}

/**
 * What a view of the home page shows: the current network (and the others
 * to switch to), its accounts with their names, and what the view reads of
 * them (see readsOf: whether each is deployed, the balance of every tracked
 * token, received tokens, the activity), the sites and the accounts they
 * were given. The node is asked in one round trip (one batch); a node that
 * fails leaves the view without its values and says why. On a network a
 * site added, its node is asked only about the accounts shared with that
 * site.
 *
 * @param context - The user's context (state read anew for each showing).
 * @param place - The view to show (and how many activity lines).
 * @param notice - The outcome of the user's last action, to show on top.
 * @returns The view.
 */
export async function readHomeView(
  context: WalletContext,
  place: HomePlace,
  notice?: HomeNotice,
): Promise<HomeView> {
  const reads = readsOf(place.view);
  const state = await context.state();
  const preferences = await context.preferences();
  const network =
    state.networks.find(({ chainId }) => chainId === state.currentChainId) ??
    state.networks[0];
  if (!network) {
    throw new Error('The wallet has no network');
  }
  const accounts = state.accounts.filter(
    ({ chainId }) => chainId === network.chainId,
  );
  const tokens = state.tokens.filter(
    ({ chainId, address }) =>
      chainId === network.chainId && !isHiddenToken(state, chainId, address),
  );
  // A site's own node is asked only about the accounts that site has.
  const hidden = new Set(
    hiddenFromNode(
      state,
      network,
      accounts.map(({ address }) => address),
    ),
  );
  const asked = accounts.filter(({ address }) => !hidden.has(address));
  const activityShown = place.shown ?? ACTIVITY_PAGE;
  const activity = activityReads(
    state,
    network,
    reads.activity ? asked : [],
    activityShown,
    tokens,
  );
  const discovery = discoveryReads({
    network,
    state,
    tracked: state.tokens.filter(({ chainId }) => chainId === network.chainId),
    asked: (reads.received ? asked : []).map((account) => ({
      address: account.address,
      name: account.name ?? `Account ${account.addressIndex}`,
    })),
    found: discoveredOn(state, network.chainId),
    unverified: place.view === 'tokens',
  });
  const nameReads = ownNameReads(
    network,
    reads.names ? asked.map(({ address }) => address) : [],
  );
  const nonceCalls = reads.nonces
    ? asked.map(({ address }) => readingCall(nonceCall(address), readFelt))
    : [];
  const balanceCalls = reads.balances
    ? asked.flatMap(({ address }) =>
        tokens.map((token) =>
          balanceReadingCall(token.address, address, 'latest'),
        ),
      )
    : [];
  const staked = stakedReads(state, network, reads.staked ? asked : []);
  // The overview's values: the prices of its tokens and of those staked,
  // in the same batch.
  const prices = priceReads(
    network,
    place.view === 'overview' && asked.length > 0
      ? [...tokens.map(({ address }) => address), ...staked.tokens]
      : [],
    preferences,
  );
  // The batch: nonces, balances, received tokens' balances, activity,
  // names, prices, stakes — each part's answers parsed by its own reader.
  const parts = [
    nonceCalls,
    balanceCalls,
    discovery.calls,
    activity.calls,
    nameReads.calls,
    prices.calls,
    staked.calls,
  ];
  const paymasterAnswer =
    reads.paymaster && accounts.length > 0
      ? askPaymaster(context, network)
      : undefined;
  let settled: PromiseSettledResult<unknown>[] = [];
  let nodeError: string | undefined;
  if (parts.some((calls) => calls.length > 0)) {
    try {
      settled = await context.node(network).batchSettled(parts.flat());
    } catch (error) {
      if (!(error instanceof NodeError)) {
        throw error;
      }
      nodeError = error.message;
    }
  }
  const starts = parts.map((_, index) =>
    parts.slice(0, index).reduce((sum, calls) => sum + calls.length, 0),
  );
  const answersOf = <Value>(index: number): PromiseSettledResult<Value>[] =>
    sliceOf<Value>(settled, starts[index] ?? 0, parts[index]?.length ?? 0);
  const ownNames = ownNamesOf(context.node(network), nameReads, answersOf(4));
  const logos = await Promise.all(
    tokens.map(async ({ address, logo }) =>
      // A logo that cannot be read is left out, like one not shown.
      reads.logos
        ? tokenLogo(address, logo).then(
            ({ image }) => image,
            () => undefined,
          )
        : undefined,
    ),
  );
  const names = await ownNames;
  const readAccounts = accountViewsOf({
    accounts,
    asked,
    network,
    tokens: reads.balances ? tokens : undefined,
    nonces: answersOf(0),
    balances: answersOf(1),
    names,
    staked: staked.totals(answersOf(6)),
  });
  const valued = withValues(
    readAccounts,
    tokens.map(({ address }) => address),
    prices.bookOf(answersOf(5), Math.floor(Date.now() / 1000)),
  );
  const accountViews = valued.accounts;
  return {
    place,
    network,
    preferences,
    ...(valued.total
      ? { total: { total: valued.total, partial: valued.partial } }
      : {}),
    networks: state.networks.map((each) => {
      const { paymaster, chosen } = paymasterOfNetwork(each);
      return {
        ...each,
        nodes: rpcUrlsFor(each),
        paymaster,
        chosenPaymaster: chosen,
      };
    }),
    paymaster: paymasterViewOf(await paymasterAnswer, tokens, accountViews),
    accounts: accountViews,
    tokens: tokens.map((token, index) => ({
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      logo: logos[index],
      removable: !isFeeToken(token.address),
    })),
    ...(reads.activity
      ? {
          activity: await activityOf(activity, answersOf(3), {
            client: context.node(network),
            accounts: asked,
            tokens,
            shown: activityShown,
            display: displayOf({ preferences }),
          }),
        }
      : {}),
    sites: state.permissions.map(({ origin, accounts: shared }) => ({
      origin,
      accounts: shared,
    })),
    ...(notice ? { notice } : {}),
    ...(nodeError ? { nodeError } : {}),
    ...(reads.received
      ? {
          tokenList: {
            ...discovery.view(answersOf(2)),
            display: displayOf({ preferences }),
          },
        }
      : {}),
    ...(place.view === 'stake'
      ? { staking: await readStakingView(context, network, asked) }
      : {}),
  };
}

/**
 * The page to show, always: the view, or, when even the wallet cannot be
 * read (its stored state, say), a page that says why (as a dapp would be
 * told) instead of no page at all.
 *
 * @param context - The user's context.
 * @param place - The view to show.
 * @param notice - The outcome of the user's last action, to show on top.
 * @returns What to show.
 */
export async function readHomePage(
  context: WalletContext,
  place: HomePlace,
  notice?: HomeNotice,
): Promise<HomeShown> {
  try {
    return await readHomeView(context, place, notice);
  } catch (error) {
    return { failure: toSnapError(error).message };
  }
}
