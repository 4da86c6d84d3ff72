import { ACTIVITY_PAGE, activityOf, activityReads } from './activity';
import { ownNameReads, ownNamesOf } from './ownNames';
import {
  askPaymaster,
  paymasterOfNetwork,
  paymasterViewOf,
} from './readPaymaster';
import { discoveryReads } from './tokenDiscovery';
import type { HomeShown, HomeView } from './views/page';
import { rpcUrlsFor } from '../../config';
import { tokenLogo } from '../../content/logo';
import { ChainRejectedError, NodeError, toSnapError } from '../../errors';
import { normaliseAddress } from '../../keys/address';
import { readFelt, readingCall } from '../../node/answers';
import type { Reading } from '../../node/answers';
import { isContractNotFound, nonceCall } from '../../node/calls';
import { balanceReadingCall } from '../../node/erc20';
import { discoveredOn } from '../../state/discovered';
import { isHiddenToken } from '../../state/hiddenTokens';
import { hiddenFromNode } from '../../state/networks';
import { isFeeToken } from '../../state/tokens';
import type { WalletContext } from '../../wallet/context';

/**
 * Every value the page shows from a node is read by a total reader (see
 * readingCall): a value that cannot be read is shown as unreadable, with
 * the reason, beside every other value, and the page always opens.
 */

/** One settled read of the page's round trip, if it was made. */
type Answer = PromiseSettledResult<Reading<bigint>> | undefined;

/**
 * Why a call the node refused has no value, in the wallet's words (the
 * node's own text is not repeated on the page).
 *
 * @param reason - What the call failed with.
 * @returns The reason.
 */
function refusal(reason: unknown): string {
  if (isContractNotFound(reason)) {
    return 'no contract at this address';
  }
  return reason instanceof ChainRejectedError
    ? `the node refused the call (error ${reason.code})`
    : 'the node did not answer it';
}

/**
 * Whether an account is deployed, from its nonce answer: a nonce means yes,
 * "Contract not found" means no; a refusal or an answer that is no nonce
 * is unreadable, with the reason. Never throws.
 *
 * @param answer - The settled nonce read, if it was made.
 * @returns Whether it is deployed, or why that is not known (neither when
 * the node was not asked or did not answer).
 */
export function deploymentOf(answer: Answer): {
  deployed?: boolean;
  unreadable?: string;
} {
  if (answer === undefined) {
    return {};
  }
  if (answer.status === 'rejected') {
    return isContractNotFound(answer.reason)
      ? { deployed: false }
      : { unreadable: refusal(answer.reason) };
  }
  return 'problem' in answer.value
    ? { unreadable: `the nonce: ${answer.value.problem}` }
    : { deployed: true };
}

/**
 * A balance from its balanceOf answer, or why it is unreadable. Never
 * throws.
 *
 * @param answer - The settled balance read, if it was made.
 * @returns The amount, or why it is not known (neither when the node was
 * not asked or did not answer).
 */
export function balanceOf(answer: Answer): {
  amount?: bigint;
  unreadable?: string;
} {
  if (answer === undefined) {
    return {};
  }
  if (answer.status === 'rejected') {
    return { unreadable: refusal(answer.reason) };
  }
  return 'problem' in answer.value
    ? { unreadable: `balanceOf: ${answer.value.problem}` }
    : { amount: answer.value.value };
}

/** What happened after the user's last action on the page, if anything. */
export type HomeNotice = HomeView['notice'];

/**
 * An account's Starknet ID name, as a view field, when it has one.
 *
 * @param names - Names by canonical address.
 * @param address - The account.
 * @returns `{ starkName }`, or nothing.
 */
function starkNameOf(
  names: Map<string, string>,
  address: string,
): { starkName?: string } {
  const starkName = names.get(normaliseAddress(address));
  return starkName === undefined ? {} : { starkName };
}

/**
 * Everything the home page shows: the current network (and the others to
 * switch to), each of its accounts with its name, whether it is deployed
 * and the balance of every tracked token, the sites and the accounts they
 * were given. The node is asked in one round trip (one batch: each
 * account's nonce, and each balance); a node that fails leaves the page
 * without balances and says why. On a network a site added, its node is
 * asked only about the accounts shared with that site.
 *
 * @param context - The user's context (state read anew for each showing).
 * @param notice - The outcome of the user's last action, to show on top.
 * @param activityShown - How many activity lines to show (see activity.ts).
 * @returns The view.
 */
export async function readHomeView(
  context: WalletContext,
  notice?: HomeNotice,
  activityShown = ACTIVITY_PAGE,
): Promise<HomeView> {
  const state = await context.state();
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
  const activity = activityReads(state, network, asked, activityShown, tokens);
  const discovery = discoveryReads({
    network,
    state,
    tracked: state.tokens.filter(({ chainId }) => chainId === network.chainId),
    asked: asked.map((account) => ({
      address: account.address,
      name: account.name ?? `Account ${account.addressIndex}`,
    })),
    found: discoveredOn(state, network.chainId),
  });
  let discoveryAnswers: PromiseSettledResult<Reading<bigint>>[] = [];
  let nodeError: string | undefined;
  let answers: Answer[] = [];
  let activityAnswers: PromiseSettledResult<unknown>[] = [];
  let nameAnswers: PromiseSettledResult<unknown>[] = [];
  const nameReads = ownNameReads(
    network,
    asked.map(({ address }) => address),
  );
  // The send form's fee tokens: asked only when there is a form.
  const paymasterAnswer =
    accounts.length > 0 ? askPaymaster(context, network) : undefined;
  if (asked.length > 0) {
    try {
      const settled = await context
        .node(network)
        .batchSettled([
          ...asked.map(({ address }) =>
            readingCall(nonceCall(address), readFelt),
          ),
          ...asked.flatMap(({ address }) =>
            tokens.map((token) =>
              balanceReadingCall(token.address, address, 'latest'),
            ),
          ),
          ...discovery.calls,
          ...activity.calls,
          ...nameReads.calls,
        ]);
      // The page's own reads come first, then the discovered tokens'
      // balances, then the activity's: each parsed by its own reader.
      const reads = asked.length * (1 + tokens.length);
      const found = reads + discovery.calls.length;
      answers = settled.slice(0, reads) as Answer[];
      discoveryAnswers = settled.slice(reads, found) as typeof discoveryAnswers;
      activityAnswers = settled.slice(found, found + activity.calls.length);
      nameAnswers = settled.slice(found + activity.calls.length);
    } catch (error) {
      if (!(error instanceof NodeError)) {
        throw error;
      }
      nodeError = error.message;
    }
  }
  const ownNames = ownNamesOf(context.node(network), nameReads, nameAnswers);
  const logos = await Promise.all(
    tokens.map(async ({ address, logo }) =>
      // A logo that cannot be read is left out, like one not shown.
      tokenLogo(address, logo).then(
        ({ image }) => image,
        () => undefined,
      ),
    ),
  );
  const tokenList = discovery.view(discoveryAnswers);
  const names = await ownNames;
  const accountViews = accounts.map((account) => {
    const index = asked.indexOf(account);
    const { deployed, unreadable } = deploymentOf(
      index < 0 ? undefined : answers[index],
    );
    return {
      address: account.address,
      name: account.name ?? `Account ${account.addressIndex}`,
      ...starkNameOf(names, account.address),
      ...(deployed === undefined ? {} : { deployed }),
      ...(unreadable === undefined ? {} : { deploymentUnreadable: unreadable }),
      ...(index < 0
        ? {
            notAskedBecause: `Balances not read: this network's node was added by ${network.addedBy ?? 'a site'}, which was not given this account and would learn it.`,
          }
        : {}),
      balances: tokens.map((token, tokenIndex) => {
        const answer =
          index < 0
            ? undefined
            : answers[asked.length + index * tokens.length + tokenIndex];
        return {
          symbol: token.symbol,
          decimals: token.decimals,
          ...balanceOf(answer),
        };
      }),
    };
  });
  return {
    network,
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
    activity: await activityOf(activity, activityAnswers, {
      client: context.node(network),
      accounts: asked,
      tokens,
      shown: activityShown,
    }),
    sites: state.permissions.map(({ origin, accounts: shared }) => ({
      origin,
      accounts: shared,
    })),
    ...(notice ? { notice } : {}),
    ...(nodeError ? { nodeError } : {}),
    tokenList,
  };
}

/**
 * The page to show, always: the view, or, when even the wallet cannot be
 * read (its stored state, say), a page that says why (as a dapp would be
 * told) instead of no page at all.
 *
 * @param context - The user's context.
 * @param notice - The outcome of the user's last action, to show on top.
 * @param activityShown - How many activity lines to show.
 * @returns What to show.
 */
export async function readHomePage(
  context: WalletContext,
  notice?: HomeNotice,
  activityShown?: number,
): Promise<HomeShown> {
  try {
    return await readHomeView(context, notice, activityShown);
  } catch (error) {
    return { failure: toSnapError(error).message };
  }
}
