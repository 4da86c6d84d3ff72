import { hash } from 'starknet';

import { rpcUrlsFor } from '../config';
import { tokenLogo } from '../content/logo';
import { NodeError } from '../errors';
import { isContractNotFound, nonceCall, viewCall } from '../node/calls';
import { u256FromResult } from '../node/erc20';
import { hiddenFromNode } from '../state/networks';
import type { HomeView } from '../ui/home';
import type { WalletContext } from '../wallet/context';

const BALANCE_OF = hash.getSelectorFromName('balanceOf');

/**
 * Whether an account is deployed, from its nonce answer: a nonce means yes,
 * "Contract not found" means no, anything else is unknown.
 *
 * @param answer - The settled nonce call, if it was made.
 * @returns Whether it is deployed, or undefined when unknown.
 */
function deployedFrom(
  answer: PromiseSettledResult<unknown> | undefined,
): boolean | undefined {
  if (answer?.status === 'fulfilled') {
    return true;
  }
  return answer && isContractNotFound(answer.reason) ? false : undefined;
}

/** What happened after the user's last action on the page, if anything. */
export type HomeNotice = HomeView['notice'];

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
 * @returns The view.
 */
export async function readHomeView(
  context: WalletContext,
  notice?: HomeNotice,
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
    ({ chainId }) => chainId === network.chainId,
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
  let nodeError: string | undefined;
  let answers: PromiseSettledResult<unknown>[] = [];
  if (asked.length > 0) {
    try {
      answers = await context
        .node(network)
        .batchSettled([
          ...asked.map(({ address }) => nonceCall(address)),
          ...asked.flatMap(({ address }) =>
            tokens.map((token) =>
              viewCall(token.address, BALANCE_OF, [address], 'latest'),
            ),
          ),
        ]);
    } catch (error) {
      if (!(error instanceof NodeError)) {
        throw error;
      }
      nodeError = error.message;
    }
  }
  const logos = await Promise.all(
    tokens.map(async ({ address, logo }) =>
      tokenLogo(address, logo).then(({ image }) => image),
    ),
  );
  return {
    network,
    networks: state.networks.map((each) => ({
      ...each,
      nodes: rpcUrlsFor(each),
    })),
    accounts: accounts.map((account) => {
      const index = asked.indexOf(account);
      const deployed = index < 0 ? undefined : deployedFrom(answers[index]);
      return {
        address: account.address,
        name: account.name ?? `Account ${account.addressIndex}`,
        ...(deployed === undefined ? {} : { deployed }),
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
            amount:
              answer?.status === 'fulfilled' && Array.isArray(answer.value)
                ? u256FromResult(answer.value.map(String))
                : undefined,
          };
        }),
      };
    }),
    tokens: tokens.map((token, index) => ({
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      logo: logos[index],
    })),
    sites: state.permissions.map(({ origin, accounts: shared }) => ({
      origin,
      accounts: shared,
    })),
    ...(notice ? { notice } : {}),
    ...(nodeError ? { nodeError } : {}),
  };
}
