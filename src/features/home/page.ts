import { readHomePage } from './readHome';
import { OVERVIEW } from './views/model';
import { createHomeInterface } from './views/page';
import type { RequestScope } from '../../requestScope';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';

/**
 * Opens the home page on its overview: one node round trip for the current
 * network's balances, deployments, received tokens and names.
 *
 * @param scope - The request (src/requestScope.ts).
 * @returns The page's interface id.
 */
export async function openHomePage(
  scope: RequestScope,
): Promise<{ id: string }> {
  return {
    id: await createHomeInterface(
      await readHomePage(walletContext(HOME_ORIGIN, scope), OVERVIEW),
      OVERVIEW,
    ),
  };
}
