import type {
  DiscoveryTarget,
  Eip1193Provider,
  Eip6963ProviderDetail,
} from './provider';

export const METAMASK_RDNS = 'io.metamask';
export const METAMASK_FLASK_RDNS = 'io.metamask.flask';

/** How long to wait for an EIP-6963 announcement before falling back. */
export const DEFAULT_DISCOVERY_TIMEOUT_MS = 500;

/** Neither an EIP-6963 announcement nor `window.ethereum` was found. */
export class MetaMaskNotFoundError extends Error {
  /** Explains what was looked for. */
  constructor() {
    super(
      'MetaMask was not found: no EIP-6963 provider announced io.metamask or io.metamask.flask, and there is no window.ethereum. Install MetaMask (Flask for unreleased snaps).',
    );
    this.name = 'MetaMaskNotFoundError';
  }
}

/** The provider found, and how. */
export type DiscoveredProvider = {
  provider: Eip1193Provider;
  /** The announcing wallet's rdns, or `window.ethereum` for the fallback. */
  source: typeof METAMASK_RDNS | typeof METAMASK_FLASK_RDNS | 'window.ethereum';
};

export type DiscoveryOptions = {
  /** Where to listen (default: the global `window`). */
  target?: DiscoveryTarget | undefined;
  /** How long to wait for an announcement (default 500 ms). */
  timeoutMs?: number | undefined;
};

/**
 * Whether an event is an EIP-6963 announcement with a usable provider.
 *
 * @param event - The event received.
 * @returns Whether it carries `{info: {rdns}, provider: {request}}`.
 */
function isAnnouncement(
  event: Event,
): event is Event & { detail: Eip6963ProviderDetail } {
  if (!('detail' in event)) {
    return false;
  }
  const { detail } = event;
  if (typeof detail !== 'object' || detail === null) {
    return false;
  }
  if (!('info' in detail) || !('provider' in detail)) {
    return false;
  }
  const { info, provider } = detail;
  return (
    typeof info === 'object' &&
    info !== null &&
    'rdns' in info &&
    typeof info.rdns === 'string' &&
    typeof provider === 'object' &&
    provider !== null &&
    'request' in provider &&
    typeof provider.request === 'function'
  );
}

/**
 * The preferred MetaMask among the announcements: Flask (which runs
 * unreleased snaps) over the regular build.
 *
 * @param announced - The MetaMask providers announced so far, by rdns.
 * @returns The choice, if any was announced.
 */
export function chooseMetaMask(
  announced: Map<string, Eip1193Provider>,
): DiscoveredProvider | undefined {
  for (const rdns of [METAMASK_FLASK_RDNS, METAMASK_RDNS] as const) {
    const provider = announced.get(rdns);
    if (provider) {
      return { provider, source: rdns };
    }
  }
  return undefined;
}

/**
 * The global `window`, when there is one.
 *
 * @returns It, as a discovery target.
 */
function defaultTarget(): DiscoveryTarget | undefined {
  // Read through globalThis: in Node (tests, SSR) there is no window.
  const { window: browserWindow } = globalThis;
  return typeof browserWindow === 'undefined' ? undefined : browserWindow;
}

/**
 * Finds MetaMask with EIP-6963: asks wallets to announce themselves, takes
 * `io.metamask.flask` over `io.metamask`, and only when neither announces
 * within the timeout falls back to `window.ethereum`. Announcements made while
 * the request is dispatched (the usual case) are answered at once; a later
 * first announcement is answered after one more turn, so a Flask announcing
 * alongside it still wins.
 *
 * @param options - Where to look and how long to wait.
 * @returns The provider and where it came from.
 * @throws {MetaMaskNotFoundError} When nothing is found.
 */
export async function discoverMetaMask(
  options: DiscoveryOptions = {},
): Promise<DiscoveredProvider> {
  const target = options.target ?? defaultTarget();
  if (!target) {
    throw new MetaMaskNotFoundError();
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_DISCOVERY_TIMEOUT_MS;
  const announced = new Map<string, Eip1193Provider>();

  return new Promise<DiscoveredProvider>((resolve, reject) => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const listening = new AbortController();
    let dispatched = false;
    let settled = false;
    const finish = (): void => {
      if (settled) {
        return;
      }
      settled = true;
      listening.abort();
      timers.forEach(clearTimeout);
      const chosen = chooseMetaMask(announced);
      if (chosen) {
        resolve(chosen);
      } else if (target.ethereum) {
        resolve({ provider: target.ethereum, source: 'window.ethereum' });
      } else {
        reject(new MetaMaskNotFoundError());
      }
    };
    const onAnnounce = (event: Event): void => {
      if (!isAnnouncement(event)) {
        return;
      }
      const { info, provider } = event.detail;
      if (
        (info.rdns === METAMASK_RDNS || info.rdns === METAMASK_FLASK_RDNS) &&
        !announced.has(info.rdns)
      ) {
        announced.set(info.rdns, provider);
        if (dispatched) {
          timers.push(setTimeout(finish, 0));
        }
      }
    };
    target.addEventListener('eip6963:announceProvider', onAnnounce, {
      signal: listening.signal,
    });
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    dispatched = true;
    if (announced.size > 0) {
      finish();
      return;
    }
    timers.push(setTimeout(finish, timeoutMs));
  });
}
