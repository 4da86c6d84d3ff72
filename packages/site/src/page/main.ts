/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
// The companion page's entry: finds MetaMask, connects the snap through
// the snap client package, and wires each control to its action.
import {
  discoverMetaMask,
  MethodNotFoundError,
  SnapClient,
} from '@snapnet/client';

import { App } from './app';
import { byId } from './dom';
import { describeError } from './errors';
import { showGuide } from './guide';
import { showConnection, showError } from './view';

/** The snap `npm start` serves, when the page is opened without the server. */
const DEFAULT_SNAP_ID = 'local:http://localhost:8081';

/**
 * The snap this page connects to, as the server wrote it into the page.
 *
 * @returns The snap id.
 */
function snapId(): string {
  const meta = document.querySelector('meta[name="snapnet-snap-id"]');
  const content = meta?.getAttribute('content') ?? '';
  return content.startsWith('__') || content === '' ? DEFAULT_SNAP_ID : content;
}

/**
 * Runs one user action: the control is disabled meanwhile, the previous
 * error cleared, and a failure shown.
 *
 * @param control - The button (or form) that started it.
 * @param task - The action.
 */
async function run(
  control: HTMLButtonElement | HTMLFormElement,
  task: () => Promise<void>,
): Promise<void> {
  const button =
    control instanceof HTMLFormElement
      ? control.querySelector('button[type="submit"]')
      : control;
  const form = control instanceof HTMLFormElement ? control : undefined;
  if (button instanceof HTMLButtonElement) {
    button.disabled = true;
  }
  showError(undefined);
  try {
    await task();
  } catch (error) {
    showError(describeError(error), form);
  } finally {
    if (button instanceof HTMLButtonElement) {
      button.disabled = false;
    }
  }
}

/**
 * Binds a button to an action.
 *
 * @param id - The button's id.
 * @param task - The action.
 */
function onClick(id: string, task: () => Promise<void>): void {
  const button = byId(id, HTMLButtonElement);
  button.addEventListener('click', () => {
    run(button, task).catch(console.error);
  });
}

/**
 * Binds a form's submission to an action.
 *
 * @param id - The form's id.
 * @param task - The action, given the form.
 */
function onSubmit(
  id: string,
  task: (form: HTMLFormElement) => Promise<void>,
): void {
  const form = byId(id, HTMLFormElement);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run(form, async () => task(form)).catch(console.error);
  });
}

/**
 * Wires every control of the connected wallet to the app.
 *
 * @param app - The app.
 */
function wire(app: App): void {
  onSubmit('switch-form', async () =>
    app.switchNetwork(byId('switch-chain', HTMLSelectElement).value),
  );
  onClick('create-account', async () => app.createAccount());
  onClick('recover-accounts', async () => app.recoverAccounts());
  onClick('deploy-account', async () => app.deploy());
  onClick('refresh-balances', async () => app.refreshBalances());
  onClick('refresh-history', async () => app.refreshHistory());
  onSubmit('send-form', async (form) => app.send(form));
  onSubmit('token-form', async (form) => app.addToken(form));
  onSubmit('sign-form', async (form) => app.sign(form));
}

/**
 * Whether the wallet knows the snap methods, and whether this snap is
 * already granted to the page.
 *
 * @param client - The client over the wallet found.
 * @returns `no-snaps`, `installed` or `available`.
 */
async function snapSupport(
  client: SnapClient,
): Promise<'no-snaps' | 'installed' | 'available'> {
  try {
    return (await client.isInstalled()) ? 'installed' : 'available';
  } catch (error) {
    if (error instanceof MethodNotFoundError) {
      return 'no-snaps';
    }
    return 'available';
  }
}

/**
 * Finds MetaMask; guides the visitor when it is missing, is not Flask or
 * cannot run snaps; connects at once if the snap is already granted to this
 * page, else waits for the Connect button.
 */
async function main(): Promise<void> {
  const id = snapId();
  const connectButton = byId('connect', HTMLButtonElement);
  connectButton.disabled = true;
  let client: SnapClient;
  let source: string;
  try {
    const found = await discoverMetaMask();
    client = new SnapClient(found.provider, id);
    source = found.source;
  } catch {
    showConnection('missing', 'MetaMask not found.');
    showGuide('missing', id);
    return;
  }
  const support = await snapSupport(client);
  if (support === 'no-snaps') {
    showConnection('no-snaps', 'This wallet cannot run snaps.');
    showGuide('no-snaps', id);
    return;
  }
  if (source === 'io.metamask' && id.startsWith('local:')) {
    // MetaMask itself runs only reviewed npm snaps: say so, but let the
    // visitor try (a later MetaMask may do more).
    showConnection('not-flask', 'MetaMask found, but not MetaMask Flask.');
    showGuide('not-flask', id);
  } else {
    showConnection(
      'found',
      `${source === 'window.ethereum' ? 'A wallet' : source} found. Connect to install the snap ${id}.`,
    );
  }
  const app = new App(client, (error) => showError(describeError(error)));
  wire(app);
  const start = async (): Promise<void> => {
    const installed = await client.connect();
    showGuide(undefined, id);
    showConnection('connected', `Connected to ${id} ${installed.version}.`);
    await app.load();
  };
  connectButton.addEventListener('click', () => {
    run(connectButton, start).catch(console.error);
  });
  connectButton.disabled = false;
  if (support === 'installed') {
    await run(connectButton, start);
  }
}

main().catch((error: unknown) => showError(describeError(error)));
