import { openHome } from './homePage';
import { startHostileNode } from './hostile-node';
import type { HostileNode } from './hostile-node';
import { mintStrk, ONE_STRK } from './node';
import { ACCOUNT_0, MAINNET } from '../fixtures';
import {
  installWallet,
  invoke,
  plainResultOf,
  stateSharing,
  textOf,
} from '../installedWallet';
import { TEST_MAINNET_PORT } from '../ports';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The activity's "More" against a node that answers block timestamps of
 * any u64: Mainnet's node (the test build's first) is a hostile node in
 * front of a local Mainnet node, answering every block as made at
 * 2^64 - 1 seconds. The page renders it (as the number it is), never fails.
 */

let mainnet: LocalNode;
let hostile: HostileNode;

beforeAll(async () => {
  mainnet = await startLocalNode({ host: '127.0.0.1', chainId: 'SN_MAIN' });
  // A Transfer to account 0: what its history finds.
  await mintStrk(mainnet, ACCOUNT_0.address, 5n * ONE_STRK);
  hostile = await startHostileNode({
    target: mainnet.url,
    port: TEST_MAINNET_PORT,
  });
});

afterAll(async () => {
  await hostile.close();
  await mainnet.stop();
});

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
    expect(text).toContain(`block time ${String(2 ** 64 - 1)}`);
  });
});
