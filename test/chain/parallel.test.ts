import { mintStrk, ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0 } from '../fixtures';
import {
  confirmationOf,
  createAccount,
  installWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';

const testNode = useFundedNode(ACCOUNT_0.address, 10n * ONE_STRK);

describe('parallel creations with deployment', () => {
  it('never pick the same index: each deploys its own account', async () => {
    // Learn (and fund) the account at index 1 with another install.
    const scout = await installWallet();
    await createAccount(scout, { addressIndex: 0 });
    const second = await createAccount(scout, { addressIndex: 1 });
    await mintStrk(testNode(), second.address, 10n * ONE_STRK);

    const wallet = await installWallet();
    const first = invoke(wallet, 'snapnet_createAccount', { deploy: true });
    const other = invoke(wallet, 'snapnet_createAccount', { deploy: true });
    const shown: string[] = [];
    for (const pending of [first, other]) {
      const dialog = await confirmationOf(pending);
      shown.push(textOf(dialog.content));
      await dialog.ok();
    }
    const results = [await plainResultOf(first), await plainResultOf(other)];
    const addresses = results.map(({ address }) => address).sort();
    expect(addresses).toStrictEqual([ACCOUNT_0.address, second.address].sort());
    for (const { transaction_hash: hash } of results) {
      expect(hash).toMatch(/^0x[0-9a-f]+$/u);
    }
    // Each dialog showed one of the two accounts, not the same one twice.
    expect(
      addresses.map(
        (address) => shown.filter((text) => text.includes(address)).length,
      ),
    ).toStrictEqual([1, 1]);
  });
});
