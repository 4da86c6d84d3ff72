import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { UserRejectedError } from '../../errors';
import { visibleContent } from '../visibleContent';

/**
 * The only module that opens dialogs (`snap_dialog`). The dialog modules
 * beside it build what is shown; those that ask for consent call `ask`
 * (or `askFitting`, `askReading`: a dialog that opens at once and is
 * completed in place by what is read while it is open, such as Starknet ID
 * names), which returns only when the user approves and throws
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
 * What a dialog shows at once, and what it may read while it is open: the
 * state its content is first built from, and the read of the state that
 * replaces it in place (same interface, `snap_updateInterface`). The read
 * starts only once the dialog is asked for, so nothing it costs is on the
 * dialog's path; it must end on its own (bounded in time, never failing),
 * and should ask nothing more once the dialog is closed (`isOpen`).
 */
export type Later<State> = {
  now: State;
  read: (isOpen: () => boolean) => Promise<State>;
};

/**
 * Shows, in the open dialog `id`, the content the later read builds: once
 * read, and only while the dialog is open and the content fits. The user
 * may answer first: the interface is then gone, and nothing is shown.
 *
 * @param id - The dialog's interface.
 * @param later - Reads the content to show instead.
 * @param closed - Settles when the user answers.
 * @param isOpen - Whether the dialog is still open.
 */
async function updateWhileOpen(
  id: string,
  later: (isOpen: () => boolean) => Promise<JSXElement>,
  closed: Promise<void>,
  isOpen: () => boolean,
): Promise<void> {
  try {
    const content = await Promise.race([
      later(isOpen),
      closed.then(() => null),
    ]);
    if (content === null || !isOpen()) {
      return;
    }
    const shown = visibleContent(content);
    if (JSON.stringify(shown).length > MAX_DIALOG_CHARS) {
      return;
    }
    await snap.request({
      method: 'snap_updateInterface',
      params: { id, ui: shown },
    });
  } catch {
    // Answered meanwhile (the interface is gone), or the read failed: the
    // dialog stays as it opened.
  }
}

/**
 * Work a dialog's request does while MetaMask checks the dialog's content:
 * MetaMask validates every element of it, on its own thread, before it can
 * be shown, so work that the answer needs but the content does not (a
 * message's hash) costs no time there. It runs once the content has left
 * the snap and ends before the dialog opens: if it throws, no dialog opens
 * and its error is the request's.
 */
export type Meanwhile = () => void;

/**
 * Lets a request just made leave the snap: snap.request hands it over after
 * some turns of its JSON-RPC engine's promises. A timer would be surer, but
 * a snap's timers wait at least 10 ms (snaps-execution-environments'
 * MINIMUM_TIMEOUT), longer than the work saved; these turns cost
 * microseconds. Should the request leave later, the work runs before
 * MetaMask's check instead of beside it, in the same order.
 *
 * @returns When it has most likely been handed over.
 */
async function handedOver(): Promise<void> {
  for (let turn = 0; turn < 50; turn++) {
    await Promise.resolve();
  }
}

/**
 * Opens a confirmation dialog of content already made visible; with a later
 * read, as an interface of its own, updated in place once that is read.
 *
 * @param shown - The visible content.
 * @param later - What to show instead once read, if anything.
 * @param meanwhile - Work to do while MetaMask checks the content, if any.
 * @returns Whether the user approved.
 */
async function confirmVisible(
  shown: JSXElement,
  later?: (isOpen: () => boolean) => Promise<JSXElement>,
  meanwhile?: Meanwhile,
): Promise<boolean> {
  if (!later && !meanwhile) {
    const answer = await snap.request({
      method: 'snap_dialog',
      params: { type: 'confirmation', content: shown },
    });
    return answer === true;
  }
  const created = snap.request({
    method: 'snap_createInterface',
    params: { ui: shown },
  });
  if (meanwhile) {
    // Its failure is read below, once the work is done.
    created.catch(() => undefined);
    await handedOver();
    meanwhile();
  }
  const id = await created;
  let open = true;
  const answering = snap.request({
    method: 'snap_dialog',
    params: { type: 'confirmation', id },
  });
  const closed = answering.then(
    () => undefined,
    () => undefined,
  );
  if (later) {
    // Not awaited: the dialog is the user's at once; the read fills it in.
    updateWhileOpen(id, later, closed, () => open).catch(() => undefined);
  }
  try {
    return (await answering) === true;
  } finally {
    open = false;
  }
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
 * @param meanwhile - Work to do while MetaMask checks it, if any.
 * @throws UserRejectedError when the user declines.
 */
export async function ask(
  content: JSXElement,
  meanwhile?: Meanwhile,
): Promise<void> {
  if (!(await confirmVisible(visibleContent(content), undefined, meanwhile))) {
    throw new UserRejectedError();
  }
}

/**
 * Opens a confirmation dialog that must be approved, built from a state
 * read while it is open (see Later): it opens at once with `later.now`, and
 * is updated in place with what `later.read` answers. Nothing else of the
 * content may depend on the state.
 *
 * @param content - Builds the content from the state.
 * @param later - The state now, and its read.
 * @param meanwhile - Work to do while MetaMask checks the content, if any.
 * @throws UserRejectedError when the user declines.
 */
export async function askReading<State>(
  content: (state: State) => JSXElement,
  later: Later<State>,
  meanwhile?: Meanwhile,
): Promise<void> {
  const approved = await confirmVisible(
    visibleContent(content(later.now)),
    async (isOpen) => content(await later.read(isOpen)),
    meanwhile,
  );
  if (!approved) {
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
 * @param later - A state the contents are built from, read while the
 * dialog is open (see Later): the one that fits is updated with it.
 * @throws UserRejectedError when the user declines.
 */
export async function askFitting<State>(
  contents: ((state: State | undefined) => JSXElement)[],
  tooLarge: (size: number) => Error,
  later?: Later<State>,
): Promise<void> {
  let size = 0;
  for (const content of contents) {
    const shown = visibleContent(content(later?.now));
    size = JSON.stringify(shown).length;
    if (size <= MAX_DIALOG_CHARS) {
      const read = later?.read;
      if (
        !(await confirmVisible(
          shown,
          read &&
            (async (isOpen: () => boolean): Promise<JSXElement> =>
              content(await read(isOpen))),
        ))
      ) {
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
