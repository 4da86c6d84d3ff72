import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { UserRejectedError } from '../../errors';
import { visibleContent } from '../visibleContent';

/**
 * The only module that opens dialogs (`snap_dialog`). The dialog modules
 * beside it build what is shown; those that ask for consent call `ask`,
 * which returns only when the user approves and throws UserRejectedError
 * otherwise, so no handler can forget to check. Every text is made visible
 * here (see visibleContent), whoever built the dialog.
 */

/**
 * Opens a confirmation dialog.
 *
 * @param content - The dialog's content.
 * @returns Whether the user approved.
 */
export async function confirm(content: JSXElement): Promise<boolean> {
  const answer = await snap.request({
    method: 'snap_dialog',
    params: { type: 'confirmation', content: visibleContent(content) },
  });
  return answer === true;
}

/**
 * Opens a confirmation dialog that must be approved.
 *
 * @param content - The dialog's content.
 * @throws UserRejectedError when the user declines.
 */
export async function ask(content: JSXElement): Promise<void> {
  if (!(await confirm(content))) {
    throw new UserRejectedError();
  }
}

/**
 * Opens an alert dialog (one button).
 *
 * @param content - The dialog's content.
 */
export async function alert(content: JSXElement): Promise<void> {
  await snap.request({
    method: 'snap_dialog',
    params: { type: 'alert', content: visibleContent(content) },
  });
}
