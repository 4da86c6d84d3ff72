/**
 * The steps every library test takes through its page, as a user of the
 * dapp would, each approving the snap's dialog in the simulated MetaMask.
 */
import type { LocalNode } from '@snapnet/local-node';

import {
  AMOUNT,
  sameFelt,
  signedByAccount0,
  strkBalance,
  succeeded,
  TYPED_DATA,
} from './checks';
import { callDapp } from './harness';
import type { LibraryPage } from './harness';
import { ACCOUNT_0, STRK, TESTNET } from '../../../../test/fixtures';

/**
 * Connects through the page's library: the user picks the wallet where the
 * library asks, then shares account 0 in the snap's dialog; the library
 * answers account 0 on Testnet.
 *
 * @param lib - The page.
 * @param pickWallet - Picks the wallet in the library's own UI, if it has
 * one.
 */
export async function connectsSharingAccount0(
  lib: LibraryPage,
  pickWallet?: () => Promise<void>,
): Promise<void> {
  const connecting = callDapp(lib.page, 'connect');
  await pickWallet?.();
  expect(await lib.metamask.approveNext('snapnet_createAccount')).toContain(
    ACCOUNT_0.address,
  );
  const { address, chainId } = await connecting;
  expect(sameFelt(address, ACCOUNT_0.address)).toBe(true);
  expect(chainId).toBe(TESTNET);
}

/**
 * Signs the typed data through the page's library; the signature verifies
 * against account 0's key.
 *
 * @param lib - The page.
 */
export async function signsTypedData(lib: LibraryPage): Promise<void> {
  const signing = callDapp(lib.page, 'signTypedData', TYPED_DATA);
  await lib.metamask.approveNext('snapnet_signMessage');
  expect(signedByAccount0(await signing)).toBe(true);
}

/**
 * Sends 1.5 STRK through the page's library to a predeployed account; the
 * transaction succeeds on the local node and the recipient gets the amount.
 *
 * @param lib - The page.
 * @param node - The local node.
 */
export async function sendsTransfer(
  lib: LibraryPage,
  node: LocalNode,
): Promise<void> {
  const recipient = node.accounts[0]?.address ?? '';
  const before = await strkBalance(node, recipient);
  const sending = callDapp(lib.page, 'transfer', {
    token: STRK,
    recipient,
    amount: AMOUNT.toString(),
  });
  await lib.metamask.approveNext('snapnet_executeTxn');
  expect(await succeeded(node, await sending)).toBe(true);
  expect((await strkBalance(node, recipient)) - before).toBe(AMOUNT);
}

/**
 * Switches network through the page's library once the user approves, and
 * waits for the library's change event to reach the page.
 *
 * @param lib - The page.
 * @param chainId - The chain to switch to.
 * @param event - The event the library reports (`change`, `networkChanged`).
 */
export async function hearsNetworkChange(
  lib: LibraryPage,
  chainId: string,
  event: string,
): Promise<void> {
  const switching = callDapp(lib.page, 'switchChain', chainId);
  await lib.metamask.approveNext('snapnet_switchNetwork');
  await switching;
  await lib.page
    .locator(`li.event[data-kind="${event}"][data-chain="${chainId}"]`)
    .waitFor();
}
