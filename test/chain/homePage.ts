import { invoke, textOf } from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { installSimulatedSnap, storedState } from '../snapState';
import type { SimulatedSnap } from '../snapState';

/**
 * The home page driven as the user drives it, in a simulated snap whose
 * stored state the tests can read: open it, act and answer the dialog the
 * action opens, and find elements in what it shows.
 */

export type HomeInterface =
  Awaited<ReturnType<SimulatedSnap['onHomePage']>> extends {
    getInterface(): infer Ui;
  }
    ? Ui
    : never;

/** The page's views, as their buttons name them. */
export type ViewName =
  | 'overview'
  | 'send'
  | 'receive'
  | 'activity'
  | 'tokens'
  | 'accounts'
  | 'settings'
  | 'stake'
  | 'swap';

/**
 * Opens a view of the page as the user does: its button on the overview
 * (or Back, for the overview).
 *
 * @param home - The page.
 * @param view - The view.
 * @returns The page showing it.
 */
export async function openView(
  home: HomeInterface,
  view: ViewName,
): Promise<HomeInterface> {
  const updated = home.waitForUpdate();
  await home.clickElement(`home-view:${view}`);
  return updated;
}

/**
 * Opens the page as MetaMask does, then a view of it, if one is named.
 *
 * @param snap - The snap.
 * @param view - The view to open.
 * @returns The page.
 */
export async function openHome(
  snap: Pick<Wallet, 'onHomePage'>,
  view?: ViewName,
): Promise<HomeInterface> {
  const home = (await snap.onHomePage()).getInterface();
  return view === undefined ? home : openView(home, view);
}

export type Dialog = Awaited<
  ReturnType<ReturnType<typeof invoke>['getInterface']>
>;

/**
 * A fresh install and its home page.
 *
 * @param view - The view to open, if not the overview.
 * @returns The snap and the page.
 */
export async function openFreshHome(view?: ViewName): Promise<{
  snap: SimulatedSnap;
  home: HomeInterface;
}> {
  const snap = await installSimulatedSnap();
  return { snap, home: await openHome(snap, view) };
}

/**
 * Does something on the page, answers the dialog it opens (if any), and
 * returns the page it leads to (act on that one next: an interface's
 * elements are those it was read with).
 *
 * @param snap - The snap.
 * @param home - The page.
 * @param action - What the user does.
 * @param answer - What the user does with the dialog, if one opens.
 * @returns The dialog's text ('' without one) and the new page.
 */
export async function act(
  snap: Wallet,
  home: HomeInterface,
  action: () => Promise<void>,
  answer?: (dialog: Dialog) => Promise<void>,
): Promise<{ dialog: string; page: HomeInterface; text: string }> {
  const updated = home.waitForUpdate();
  const acting = action();
  let dialog = '';
  if (answer) {
    // One interface is current for the whole simulated snap: a harmless
    // request's getInterface() answers the page's dialog.
    const shown = await invoke(
      snap,
      'snapnet_getCurrentNetwork',
    ).getInterface();
    dialog = textOf(shown.content);
    await answer(shown);
  }
  await acting;
  const page = await updated;
  return { dialog, page, text: textOf(page.content) };
}

export const approve = async (dialog: Dialog): Promise<void> => {
  if (dialog.type !== 'confirmation') {
    throw new Error(`Expected a confirmation, got ${String(dialog.type)}`);
  }
  await dialog.ok();
};

export const decline = async (dialog: Dialog): Promise<void> => {
  if (dialog.type !== 'confirmation') {
    throw new Error(`Expected a confirmation, got ${String(dialog.type)}`);
  }
  await dialog.cancel();
};

/**
 * The snap's stored state.
 *
 * @param snap - The snap.
 * @returns Its accounts and permissions.
 */
export function stateOf(snap: SimulatedSnap): {
  accounts: Record<string, unknown>[];
  permissions: { origin: string; accounts: string[] }[];
} {
  return JSON.parse(storedState(snap).encrypted ?? 'null');
}

/**
 * Every element of a page's content with a given type, depth first.
 *
 * @param node - The content.
 * @param type - The element type.
 * @returns Their props.
 */
export function elementsOf(
  node: unknown,
  type: string,
): Record<string, unknown>[] {
  if (Array.isArray(node)) {
    return node.flatMap((child) => elementsOf(child, type));
  }
  if (typeof node !== 'object' || node === null) {
    return [];
  }
  const element = new Map(Object.entries(node));
  const props = element.get('props');
  if (typeof props !== 'object' || props === null) {
    return [];
  }
  const own = element.get('type') === type ? [{ ...props }] : [];
  return [...own, ...elementsOf(Object.values(props), type)];
}

/**
 * The page's QR codes (its other images are token logos).
 *
 * @param content - The page's content.
 * @returns The props of each QR code image.
 */
export function qrImagesOf(content: unknown): Record<string, unknown>[] {
  return elementsOf(content, 'Image').filter(({ alt }) =>
    String(alt).startsWith('QR code'),
  );
}

/**
 * The inputs of a page: the fields the user types in or chooses from.
 *
 * @param content - The page's content.
 * @returns How many.
 */
export function inputCount(content: unknown): number {
  return ['Input', 'Dropdown', 'Checkbox', 'RadioGroup', 'Selector'].reduce(
    (sum, type) => sum + elementsOf(content, type).length,
    0,
  );
}

/**
 * The names of a page's buttons.
 *
 * @param page - The page.
 * @returns Their names.
 */
export function buttonsOf(page: HomeInterface): string[] {
  return elementsOf(page.content, 'Button').map(({ name }) => String(name));
}
