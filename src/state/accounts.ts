import { updateState } from './store';

/**
 * Names an account on a network (the home page's rename).
 *
 * @param chainId - The network.
 * @param address - The account.
 * @param name - Its new name (already checked).
 */
export async function renameAccount(
  chainId: string,
  address: string,
  name: string,
): Promise<void> {
  await updateState((draft) => {
    for (const account of draft.accounts) {
      if (account.chainId === chainId && account.address === address) {
        account.name = name;
      }
    }
  });
}

/**
 * Makes a network the current one (the home page's switch: the user's own
 * choice, so no dialog).
 *
 * @param chainId - A network of the wallet.
 */
export async function selectNetwork(chainId: string): Promise<void> {
  await updateState((draft) => {
    if (draft.networks.some((network) => network.chainId === chainId)) {
      draft.currentChainId = chainId;
    }
  });
}
