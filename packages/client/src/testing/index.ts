/**
 * `@snapnet/client/testing`: a simulated MetaMask in front of the real snap,
 * for a dapp's tests without MetaMask. The snap runs in the MetaMask Snaps
 * simulator: install it with `installSnap()` from `@metamask/snaps-jest`
 * (an optional peer dependency; nothing of it is imported here) and hand it
 * to `SimulatedMetaMask`. In Node tests give the client the simulated
 * MetaMask as its provider (or announce it on an EventTarget); in a browser
 * driven by Playwright, `provideMetaMask` announces it to the page.
 */
export { announceProvider, FLASK_INFO } from './announce';
export {
  DEFAULT_DAPP_ORIGIN,
  NPM_SNAP_ID,
  SimulatedMetaMask,
} from './metamask';
export type { SimulatedMetaMaskOptions } from './metamask';
export { provideMetaMask, provideRegularMetaMask } from './page';
export type { PageWithBindings } from './page';
export type {
  ConfirmationDialog,
  PendingSnapRequest,
  SimulatedSnap,
  SnapDialog,
  SnapResponse,
} from './snap';
export { dialogText } from './wire';
