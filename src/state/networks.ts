import { isShared } from './permissions';
import { defaultState } from './schema';
import type { WalletState } from './schema';
import { updateState } from './store';
import { DEFAULT_CHAIN_ID, isBuiltInNetwork } from '../config';
import type { Network } from '../config';
import { InvalidInputError } from '../errors';
import { nameKey } from '../text';

/**
 * The networks a site may use: the built-in ones, those the user added, and
 * those the site itself added. A network another site added is that site's
 * node: it is neither listed nor used for anyone else, so no site's node
 * sees the accounts another site uses.
 *
 * @param state - The wallet state.
 * @param origin - The site (undefined: the user, on the home page, sees all).
 * @returns The networks.
 */
export function networksFor(
  state: WalletState,
  origin: string | undefined,
): Network[] {
  return state.networks.filter(
    ({ addedBy }) =>
      origin === undefined || addedBy === undefined || addedBy === origin,
  );
}

/**
 * The accounts a network's node may not see without asking the user first:
 * on a network a site added, those not shared with that site (its node
 * would tell it). Built-in networks and those the user added are the
 * user's own choice of node: none.
 *
 * @param state - The wallet state.
 * @param network - The network whose node would be asked.
 * @param addresses - The accounts the call would carry.
 * @returns Those that need the user's consent first.
 */
export function hiddenFromNode(
  state: WalletState,
  network: Network,
  addresses: string[],
): string[] {
  const site = network.addedBy;
  return site === undefined
    ? []
    : addresses.filter((address) => !isShared(state, site, address));
}

/** Why a network cannot be added: the field at fault, why, and the network in the way. */
export type NetworkConflict = { field: string; reason: string; other: Network };

/**
 * Why a network cannot be added next to some others: its chain id is
 * taken, or its name reads like another network's (compared after
 * normalisation: case, full-width forms and invisible characters do not
 * make a name new).
 *
 * @param others - The networks it would sit beside.
 * @param network - The network to add.
 * @returns The conflict, or undefined when there is none.
 */
export function networkConflict(
  others: Network[],
  network: Network,
): NetworkConflict | undefined {
  const sameChain = others.find(({ chainId }) => chainId === network.chainId);
  if (sameChain) {
    return {
      field: 'chainId',
      reason: `${network.chainId} is already a network of this wallet (${sameChain.name})`,
      other: sameChain,
    };
  }
  const sameName = others.find(
    ({ name }) => nameKey(name) === nameKey(network.name),
  );
  if (sameName) {
    return {
      field: 'name',
      reason: `it reads like the name of a network this wallet already has (${sameName.name})`,
      other: sameName,
    };
  }
  return undefined;
}

/**
 * Why a network cannot be added, as far as whoever adds it may know: a
 * conflict with a network it may use (built-in, the user's, or the site's
 * own), naming that network. Another site's networks are not looked at:
 * answered before the user is involved, a conflict with one would tell the
 * site which chains and names other sites added (see storeNetwork).
 *
 * @param state - The wallet state.
 * @param network - The network to add (`addedBy`: who adds it).
 * @returns The conflict, or undefined.
 */
export function knownNetworkConflict(
  state: WalletState,
  network: Network,
): NetworkConflict | undefined {
  return networkConflict(networksFor(state, network.addedBy), network);
}

/**
 * Stores a network the user approved, with the fee tokens (STRK and ETH sit
 * at the same addresses on every Starknet network). A conflict its adder
 * may know of is refused naming the field; one with another site's network
 * stores nothing and is returned, for the user alone to be told (the site
 * gets the answer a declined dialog gets).
 *
 * @param network - The network, its node already checked.
 * @returns The conflict with another site's network, or undefined once
 * stored.
 */
export async function storeNetwork(
  network: Network,
): Promise<NetworkConflict | undefined> {
  return updateState((draft) => {
    const known = knownNetworkConflict(draft, network);
    if (known) {
      throw new InvalidInputError(known.field, known.reason);
    }
    const hidden = networkConflict(draft.networks, network);
    if (hidden) {
      return hidden;
    }
    draft.networks.push({ ...network });
    const feeTokens = defaultState().tokens.filter(
      ({ chainId }) => chainId === DEFAULT_CHAIN_ID,
    );
    draft.tokens.push(
      ...feeTokens.map((token) => ({ ...token, chainId: network.chainId })),
    );
    return undefined;
  });
}

/**
 * Removes a network added at runtime (built-in ones stay), with its tokens.
 * Its accounts and records stay, so adding it again finds them. When it was
 * the current network, the wallet goes back to the default one.
 *
 * @param chainId - The network.
 */
export async function removeNetwork(chainId: string): Promise<void> {
  if (isBuiltInNetwork(chainId)) {
    throw new InvalidInputError(
      'chainId',
      'a built-in network cannot be removed',
    );
  }
  await updateState((draft) => {
    draft.networks = draft.networks.filter(
      (network) => network.chainId !== chainId,
    );
    draft.tokens = draft.tokens.filter((token) => token.chainId !== chainId);
    if (draft.currentChainId === chainId) {
      draft.currentChainId = DEFAULT_CHAIN_ID;
    }
  });
}

/**
 * Sets the node a network uses, after the user approved it (and the node
 * answered with the network's chain id): `rpcUrl` replaces the network's
 * node(s) — for a built-in network, every default node, so no request of
 * it reaches a node the user did not choose; undefined takes a built-in
 * network back to the build's default nodes.
 *
 * @param chainId - The network.
 * @param rpcUrl - Its node, or undefined for the default ones.
 */
export async function setNetworkNode(
  chainId: string,
  rpcUrl: string | undefined,
): Promise<void> {
  if (rpcUrl === undefined && !isBuiltInNetwork(chainId)) {
    throw new InvalidInputError(
      'chainId',
      'only a built-in network has default nodes',
    );
  }
  await setNetworkUrl(chainId, 'rpcUrl', rpcUrl);
}

/**
 * Sets the paymaster the user chose for a network, or (undefined) takes it
 * back to the build's (a built-in network) or to none (any other).
 *
 * @param chainId - The network.
 * @param paymasterUrl - The paymaster's URL, or undefined.
 */
export async function setNetworkPaymaster(
  chainId: string,
  paymasterUrl: string | undefined,
): Promise<void> {
  await setNetworkUrl(chainId, 'paymasterUrl', paymasterUrl);
}

/**
 * Sets (or, undefined, removes) one URL of a stored network.
 *
 * @param chainId - The network.
 * @param key - Which URL.
 * @param url - Its value, or undefined.
 */
async function setNetworkUrl(
  chainId: string,
  key: 'rpcUrl' | 'paymasterUrl',
  url: string | undefined,
): Promise<void> {
  await updateState((draft) => {
    const network = draft.networks.find(
      (candidate) => candidate.chainId === chainId,
    );
    if (!network) {
      throw new InvalidInputError(
        'chainId',
        `${chainId} is not a network of this wallet`,
      );
    }
    if (url === undefined) {
      delete network[key];
    } else {
      network[key] = url;
    }
  });
}
