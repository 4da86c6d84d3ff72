/**
 * What the client's tests share: the simulated MetaMask of the package's
 * testing entry in front of the test build, the ids and vectors the tests
 * use, and steps several tests take.
 */
import { installSnap } from '@metamask/snaps-jest';
import type { Json } from '@metamask/snaps-sdk';

import manifest from '../../../snap.manifest.json';
import { ACCOUNT_0, DAPP_ORIGIN, TESTNET } from '../../../test/fixtures';
import { AccountNotSharedError, SnapClient } from '../src';
import type { StarknetSnapWallet } from '../src';
import { SimulatedMetaMask } from '@snapnet/client/testing';

/** The id dapps use for the snap served by `npm start`. */
export const SNAP_ID = 'local:http://localhost:8081';

/** The version in the built snap's manifest. */
export const SNAP_VERSION: string = manifest.version;

/** How long a request that shows no dialog may take to answer. */
const NO_DIALOG_MS = 10000;

/**
 * Awaits a request that must answer without any dialog: one that opened a
 * dialog would wait for the user, so it fails here when it has not answered
 * in time.
 *
 * @param pending - The request.
 * @returns Its result.
 */
export async function withoutDialog<Result>(
  pending: Promise<Result>,
): Promise<Result> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `No answer within ${NO_DIALOG_MS} ms: is a dialog waiting for the user?`,
          ),
        ),
      NO_DIALOG_MS,
    );
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The simulated MetaMask of `@snapnet/client/testing` in front of the built
 * snap (the test build snaps-jest serves), under the id and version the
 * tests use.
 *
 * @param state - The snap's state to start from (default: a fresh install).
 * @param origin - The dapp's origin.
 * @returns The simulated MetaMask.
 */
export async function simulatedMetaMask(
  state?: Record<string, Json>,
  origin = DAPP_ORIGIN,
): Promise<SimulatedMetaMask> {
  const snap = await (state
    ? installSnap({ options: { state } })
    : installSnap());
  return new SimulatedMetaMask(snap, {
    origin,
    snapId: SNAP_ID,
    snapVersion: SNAP_VERSION,
  });
}

/**
 * Whether the snap lets the site read account 0 (no dialog either way).
 *
 * @param metamask - The site's MetaMask.
 * @returns True when shared; false when the snap refuses it as not shared.
 */
export async function account0Shared(
  metamask: SimulatedMetaMask,
): Promise<boolean> {
  try {
    await withoutDialog(
      new SnapClient(metamask, SNAP_ID).invoke('snapnet_extractPublicKey', {
        userAddress: ACCOUNT_0.address,
        chainId: TESTNET,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof AccountNotSharedError) {
      return false;
    }
    throw error;
  }
}

/**
 * Connects a wallet as a user would: MetaMask installs the snap and the user
 * approves the dialog that shares the account with the site.
 *
 * @param wallet - The wallet.
 * @param metamask - Its MetaMask.
 * @returns The accounts connect answered, and the share dialog's text.
 */
export async function connectSharing(
  wallet: StarknetSnapWallet,
  metamask: SimulatedMetaMask,
): Promise<{ accounts: readonly { address: string }[]; dialog: string }> {
  const connecting = wallet.features['standard:connect'].connect();
  const dialog = await metamask.approveNext('snapnet_createAccount');
  const { accounts } = await connecting;
  return { accounts, dialog };
}
