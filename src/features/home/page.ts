import { readHomePage } from './readHome';
import { OVERVIEW } from './views/model';
import { createHomeInterface } from './views/page';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';

/**
 * Opens the home page on its overview: one node round trip for the current
 * network's balances, deployments, received tokens and names.
 *
 * @returns The page's interface id.
 */
export async function openHomePage(): Promise<{ id: string }> {
  return {
    id: await createHomeInterface(
      await readHomePage(walletContext(HOME_ORIGIN), OVERVIEW),
      OVERVIEW,
    ),
  };
}
