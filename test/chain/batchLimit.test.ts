import { makeBusy } from './busyChain';
import { openHome, openView } from './homePage';
import { BACKEND, ONE_STRK, useFundedNode } from './node';
import { benchAccounts, pageBenchState } from '../../bench/pageBench';
import { MAX_BATCH_CALLS } from '../../src/node/limits';
import { ACCOUNT_0, TESTNET } from '../fixtures';
import {
  installWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * A node that refuses batches longer than real nodes take (Pathfinder's
 * default, MAX_BATCH_CALLS: one `-32700` for the whole body) still serves
 * the page of 5 accounts × 10 tokens: the overview and the Activity's More,
 * which asks for every account's and token's events at once (in three
 * filters). (The local node alone refuses long batches.)
 */

const testNode = useFundedNode(ACCOUNT_0.address, 10n * ONE_STRK, {
  batchSizeLimit: MAX_BATCH_CALLS,
});

(BACKEND === 'local' ? describe : describe.skip)(
  'the page against a node that caps its batches',
  () => {
    let wallet: Wallet;

    beforeAll(async () => {
      const [first] = await benchAccounts();
      expect(first).toBe(ACCOUNT_0.address);
      // The bench's page, without its pending transactions: the history
      // More finds comes first.
      wallet = await installWallet({
        state: { ...(await pageBenchState()), transactions: [] },
      });
      // Strangers' transfers, and three to account 0, for More to find.
      await makeBusy(testNode(), { local: 300, devnet: 0 });
      await makeBusy(testNode(), {
        local: 3,
        devnet: 0,
        to: ACCOUNT_0.address,
        blocks: 1,
      });
    }, 300_000);

    it('still answers a dapp on that network', async () => {
      const network = await plainResultOf(
        invoke(wallet, 'snapnet_getCurrentNetwork'),
      );
      expect(network).toHaveProperty('chainId', TESTNET);
    });

    it('shows the overview and the Activity’s More, in batches the node takes', async () => {
      const node = testNode();
      node.resetRequestCount();
      const home = await openHome(wallet);
      const overview = textOf(home.content);
      expect(overview).toContain('Account 0');
      expect(overview).toContain('Account 4');
      // Its 10 STRK and the 3 wei of the transfers to it.
      expect(overview).toContain('STRK Text 10.000000000000000003 STRK');
      expect(overview).not.toContain('-32700');

      const activity = await openView(home, 'activity');
      const updated = activity.waitForUpdate();
      await activity.clickElement('home-activity-more:5');
      const more = textOf((await updated).content);
      expect(more).toContain('Account 0: Received');
      expect(more).not.toContain('-32700');
      expect(more).not.toContain('Not all of the node');
      // More's events of 5 accounts × 10 tokens: three filters (address and
      // key lists), where one filter per account and token (105) did not fit
      // one batch. Longer batches are cut as the node takes them
      // (src/node/clientBatches.test.ts).
      expect(node.requestCount('starknet_getEvents')).toBe(3);
    });
  },
);
