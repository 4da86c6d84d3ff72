import { readHomePage } from './readHome';
import { createHomeInterface } from './views/page';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';

/**
 * Opens the home page: one node round trip for the current network's
 * balances and deployments.
 *
 * @returns The page's interface id.
 */
export async function openHomePage(): Promise<{ id: string }> {
  return {
    id: await createHomeInterface(
      await readHomePage(walletContext(HOME_ORIGIN)),
    ),
  };
}
