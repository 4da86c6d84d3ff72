import type { SnapInterface } from '@metamask/snaps-jest';
import type { Json } from '@metamask/snaps-sdk';

import { recordedResponses } from './installedWallet';
import type { Wallet } from './installedWallet';

/**
 * A site's request whose every dialog is declined, as a site that hopes the
 * user clicks nothing would see it answered.
 */

/** A response of the snap, as snaps-jest hands it out. */
export type SiteResponse = Awaited<ReturnType<Wallet['request']>>['response'];

/**
 * Declines a dialog: cancels a confirmation or prompt, dismisses an alert.
 *
 * @param dialog - The dialog.
 */
export async function decline(dialog: SnapInterface): Promise<void> {
  if ('cancel' in dialog) {
    await dialog.cancel();
  } else if ('ok' in dialog) {
    await dialog.ok();
  }
}

/**
 * Calls a method as a site would, declining any dialog it opens.
 *
 * @param snap - The installed snap (anything with snaps-jest's `request`).
 * @param request - The request.
 * @param request.origin - The site.
 * @param request.method - The method.
 * @param request.params - The params.
 * @returns The response, and whether a dialog opened.
 */
export async function askDeclining(
  snap: Pick<Wallet, 'request'>,
  request: {
    origin: string;
    method: string;
    params: Json[] | Record<string, Json>;
  },
): Promise<{ response: SiteResponse; dialog: boolean }> {
  const pending = snap.request(request);
  let dialog = false;
  // Resolves only if a dialog opens while this request runs (and never
  // otherwise, which is fine: requests run one at a time).
  pending
    .getInterface()
    .then(async (ui) => {
      dialog = true;
      await decline(ui);
      return undefined;
    })
    .catch(() => undefined);
  const { response } = await pending;
  recordedResponses.push(response);
  return { response, dialog };
}
