import { openHome } from './homePage';
import { useHostileMainnet } from './hostile-node';
import { ONE_STRK } from './node';
import { ACCOUNT_0, MAINNET } from '../fixtures';
import {
  installWallet,
  invoke,
  plainResultOf,
  stateSharing,
  textOf,
} from '../installedWallet';

/**
 * The activity's "More" against a node that answers block timestamps of
 * any u64: Mainnet's node (the test build's first) is a hostile node in
 * front of a local Mainnet node, answering every block as made at
 * 2^64 - 1 seconds. The page renders it (as the number it is), never fails.
 */

// A Transfer to account 0: what its history finds.
const { hostile } = useHostileMainnet(ACCOUNT_0.address, 5n * ONE_STRK);

describe('the activity with far-future block timestamps', () => {
  it('shows More with the time as the number the node gave', async () => {
    hostile.script('starknet_getBlockWithTxHashes', (_call, honest) =>
      typeof honest.result === 'object' && honest.result !== null
        ? { result: { ...honest.result, timestamp: 2 ** 64 - 1 } }
        : undefined,
    );
    const wallet = await installWallet({
      state: { ...stateSharing([ACCOUNT_0.address]), currentChainId: MAINNET },
    });
    await plainResultOf(
      invoke(wallet, 'snapnet_createAccount', {
        addressIndex: 0,
        chainId: MAINNET,
      }),
    );
    const home = await openHome(wallet, 'activity');
    const updated = home.waitForUpdate();
    await home.clickElement('home-activity-more:5');
    const text = textOf((await updated).content);
    expect(text).toContain('Account 0: Received 5 STRK from 0x0000…0000');
    expect(text).toContain(`(time ${String(2 ** 64 - 1)})`);
  });
});
