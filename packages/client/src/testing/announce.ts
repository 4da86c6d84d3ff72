import type {
  DiscoveryTarget,
  Eip1193Provider,
  Eip6963ProviderInfo,
} from '../provider';

/** How the simulated MetaMask announces itself: as MetaMask Flask. */
export const FLASK_INFO: Eip6963ProviderInfo = Object.freeze({
  uuid: '5b3c7f5e-7a5e-4a1e-9f0d-3d1c2b4a5e6f',
  name: 'MetaMask Flask (test)',
  icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  rdns: 'io.metamask.flask',
});

/**
 * Announces a provider over EIP-6963 on a target (a jsdom `window`, or any
 * EventTarget handed to the client as `target`): now, and whenever a dapp
 * asks with `eip6963:requestProvider`.
 *
 * @param target - Where the dapp listens.
 * @param provider - The provider, e.g. a `SimulatedMetaMask`.
 * @param info - What it announces about itself (default: MetaMask Flask).
 * @returns Stops answering requests.
 */
export function announceProvider(
  target: DiscoveryTarget,
  provider: Eip1193Provider,
  info: Eip6963ProviderInfo = FLASK_INFO,
): () => void {
  const detail = Object.freeze({ info, provider });
  const announce = (): void => {
    // An Event with a `detail`, as CustomEvent carries it (CustomEvent is
    // experimental in Node 20).
    target.dispatchEvent(
      Object.assign(new Event('eip6963:announceProvider'), { detail }),
    );
  };
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => target.removeEventListener('eip6963:requestProvider', announce);
}
