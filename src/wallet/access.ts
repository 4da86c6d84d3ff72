import type { WalletContext } from './context';
import type { Network } from '../config';
import { AccountNotSharedError, InvalidInputError } from '../errors';
import { findOwnAccount } from '../keys/ownership';
import type { OwnAccount } from '../keys/ownership';
import { networksFor } from '../state/networks';
import { isShared } from '../state/permissions';
import type { TokenRecord } from '../state/schema';
import type { RequestView } from '../ui/dialogInputs';

/**
 * The network a request acts on, among those the site may use (a network
 * another site added is answered as unknown: see networksFor).
 *
 * @param context - The request context.
 * @param chainId - The chain id from the params (already defaulted).
 * @param field - The param name to blame.
 * @returns The network.
 */
export async function resolveNetwork(
  context: WalletContext,
  chainId: string,
  field = 'chainId',
): Promise<Network> {
  const networks = networksFor(await context.state(), context.origin);
  const network = networks.find((candidate) => candidate.chainId === chainId);
  if (!network) {
    throw new InvalidInputError(
      field,
      `${chainId} is not a supported network (${networks
        .map((known) => `${known.name} ${known.chainId}`)
        .join(', ')})`,
    );
  }
  return network;
}

/**
 * Refuses an account the user has not shared with the calling site, before
 * anything is derived: a foreign address gets the same answer, so a site
 * cannot probe which addresses the wallet holds.
 *
 * @param context - The request context.
 * @param address - The address (canonical).
 */
export async function requireShared(
  context: WalletContext,
  address: string,
): Promise<void> {
  if (!isShared(await context.state(), context.origin, address)) {
    throw new AccountNotSharedError(address, context.origin);
  }
}

/**
 * The keys of an account of this seed that the user shared with the calling
 * site (see requireShared and findOwnAccount).
 *
 * @param context - The request context.
 * @param address - The address (canonical).
 * @param field - The param name to blame.
 * @returns The account.
 */
export async function ownAccount(
  context: WalletContext,
  address: string,
  field: string,
): Promise<OwnAccount> {
  await requireShared(context, address);
  const { accounts } = await context.state();
  return findOwnAccount(context.keys, address, accounts, field);
}

/**
 * The public key of an account shared with the calling site. A recorded
 * account needs no derivation at all; others are found as ownAccount finds
 * them.
 *
 * @param context - The request context.
 * @param address - The address (canonical).
 * @param field - The param name to blame.
 * @returns The public key.
 */
export async function ownPublicKey(
  context: WalletContext,
  address: string,
  field: string,
): Promise<string> {
  await requireShared(context, address);
  const { accounts } = await context.state();
  const recorded = accounts.find((account) => account.address === address);
  if (recorded) {
    return recorded.publicKey;
  }
  return (await findOwnAccount(context.keys, address, accounts, field))
    .publicKey;
}

/**
 * The header every confirmation shows, and the user's locale its dates are
 * written in.
 *
 * @param context - The request context.
 * @param network - The network.
 * @param address - The account.
 * @returns The view.
 */
export async function requestView(
  context: WalletContext,
  network: Network,
  address: string,
): Promise<RequestView> {
  const { accounts } = await context.state();
  return {
    origin: context.origin,
    networkName: network.name,
    chainId: network.chainId,
    networkAddedBy: network.addedBy,
    address,
    locale: (await context.preferences()).locale,
    ownAccounts: accounts.map((account) => ({
      address: account.address,
      name: account.name ?? `Account ${account.addressIndex}`,
    })),
  };
}

/**
 * The tokens the wallet tracks on a network.
 *
 * @param context - The request context.
 * @param chainId - The network.
 * @returns Its tokens.
 */
export async function networkTokens(
  context: WalletContext,
  chainId: string,
): Promise<TokenRecord[]> {
  const { tokens } = await context.state();
  return tokens.filter((token) => token.chainId === chainId);
}
