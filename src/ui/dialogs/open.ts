import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { UserRejectedError } from '../../errors';
import { visibleContent } from '../visibleContent';

/**
 * The only module that opens dialogs (`snap_dialog`). The dialog modules
 * beside it build what is shown; those that ask for consent call `ask`
 * (or `askFitting`), which returns only when the user approves and throws
 * UserRejectedError otherwise, so no handler can forget to check. Every
 * text is made visible here (see visibleContent), whoever built the dialog.
 */

/**
 * The most a dialog's content may weigh, in characters of its JSON (what
 * MetaMask measures, after visibleContent). MetaMask refuses a snap UI
 * whose JSON is over 10,000,000 characters: `MAX_UI_CONTENT_SIZE` in
 * snaps-controllers' SnapInterfaceController (`#validateContent`, measured
 * by snaps-utils' `getJsonSizeUnsafe`, which is `JSON.stringify(value)
 * .length`), and the snap's request would then fail with an internal
 * error. A fifth of that keeps clear of it, and of a dialog too slow to
 * render or to read.
 */
export const MAX_DIALOG_CHARS = 2_000_000;

/**
 * How much some content would weigh in a dialog: characters of its JSON as
 * MetaMask measures it, once made visible.
 *
 * @param content - Content, or a part of it.
 * @returns Its size.
 */
export function dialogSize(content: JSXElement): number {
  return JSON.stringify(visibleContent(content)).length;
}

/**
 * Opens a confirmation dialog of content already made visible.
 *
 * @param shown - The visible content.
 * @returns Whether the user approved.
 */
async function confirmVisible(shown: JSXElement): Promise<boolean> {
  const answer = await snap.request({
    method: 'snap_dialog',
    params: { type: 'confirmation', content: shown },
  });
  return answer === true;
}

/**
 * Opens a confirmation dialog.
 *
 * @param content - The dialog's content.
 * @returns Whether the user approved.
 */
export async function confirm(content: JSXElement): Promise<boolean> {
  return confirmVisible(visibleContent(content));
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
 * Opens the first of some confirmation dialogs whose content fits
 * MAX_DIALOG_CHARS (say, calls decoded, then the same calls raw), which
 * must be approved. Contents are built only when the ones before do not fit.
 *
 * @param contents - Builders of the contents, most informative first.
 * @param tooLarge - The error to throw when none fits (nothing was shown),
 * from the size of the last.
 * @throws UserRejectedError when the user declines.
 */
export async function askFitting(
  contents: (() => JSXElement)[],
  tooLarge: (size: number) => Error,
): Promise<void> {
  let size = 0;
  for (const content of contents) {
    const shown = visibleContent(content());
    size = JSON.stringify(shown).length;
    if (size <= MAX_DIALOG_CHARS) {
      if (!(await confirmVisible(shown))) {
        throw new UserRejectedError();
      }
      return;
    }
  }
  throw tooLarge(size);
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
