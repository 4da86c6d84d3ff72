import {
  discoverMetaMask,
  METAMASK_FLASK_RDNS,
  METAMASK_RDNS,
  MetaMaskNotFoundError,
} from './discovery';
import type {
  DiscoveryTarget,
  Eip1193Provider,
  Eip6963ProviderDetail,
} from './provider';

/** An `eip6963:announceProvider` event, as a wallet dispatches it. */
class AnnounceEvent extends Event {
  readonly detail: Eip6963ProviderDetail;

  /**
   * @param detail - The wallet's info and provider.
   */
  constructor(detail: Eip6963ProviderDetail) {
    super('eip6963:announceProvider');
    this.detail = detail;
  }
}

/**
 * A provider that answers with its own name, to tell providers apart.
 *
 * @param name - Its name.
 * @returns The provider.
 */
function namedProvider(name: string): Eip1193Provider {
  return { request: async () => name };
}

/**
 * A page (an EventTarget standing in for `window`).
 *
 * @param ethereum - The injected `window.ethereum`, if any.
 * @returns The page.
 */
function page(ethereum?: Eip1193Provider): EventTarget & DiscoveryTarget {
  return Object.assign(new EventTarget(), { ethereum });
}

/**
 * Makes a wallet answer `eip6963:requestProvider` on a page, at once or
 * after `delayMs`.
 *
 * @param target - The page.
 * @param rdns - The wallet's rdns.
 * @param provider - Its provider.
 * @param delayMs - Delay before announcing (undefined: synchronously).
 */
function installWallet(
  target: EventTarget,
  rdns: string,
  provider: Eip1193Provider,
  delayMs?: number,
): void {
  target.addEventListener('eip6963:requestProvider', () => {
    const announce = (): boolean =>
      target.dispatchEvent(
        new AnnounceEvent({
          info: { uuid: rdns, name: rdns, icon: 'data:,', rdns },
          provider,
        }),
      );
    if (delayMs === undefined) {
      announce();
    } else {
      setTimeout(announce, delayMs);
    }
  });
}

/**
 * Which named provider discovery returned.
 *
 * @param provider - The provider.
 * @returns Its name.
 */
async function nameOf(provider: Eip1193Provider): Promise<unknown> {
  return provider.request({ method: 'name' });
}

describe('discoverMetaMask', () => {
  it('finds MetaMask through an EIP-6963 announcement', async () => {
    const target = page(namedProvider('injected'));
    installWallet(target, METAMASK_RDNS, namedProvider('metamask'));
    const found = await discoverMetaMask({ target });
    expect(found.source).toBe(METAMASK_RDNS);
    expect(await nameOf(found.provider)).toBe('metamask');
  });

  it.each([
    ['Flask announces first', [METAMASK_FLASK_RDNS, METAMASK_RDNS]],
    ['MetaMask announces first', [METAMASK_RDNS, METAMASK_FLASK_RDNS]],
  ])('prefers Flask when both announce (%s)', async (_case, order) => {
    const target = page();
    for (const rdns of order) {
      installWallet(target, rdns, namedProvider(rdns));
    }
    const found = await discoverMetaMask({ target });
    expect(found.source).toBe(METAMASK_FLASK_RDNS);
    expect(await nameOf(found.provider)).toBe(METAMASK_FLASK_RDNS);
  });

  it('prefers Flask when both announce late, in the same turn', async () => {
    const target = page();
    installWallet(target, METAMASK_RDNS, namedProvider('metamask'), 1);
    installWallet(target, METAMASK_FLASK_RDNS, namedProvider('flask'), 1);
    const found = await discoverMetaMask({ target, timeoutMs: 1000 });
    expect(found.source).toBe(METAMASK_FLASK_RDNS);
  });

  it('takes a late announcement over window.ethereum', async () => {
    const target = page(namedProvider('injected'));
    installWallet(target, METAMASK_RDNS, namedProvider('metamask'), 5);
    const found = await discoverMetaMask({ target, timeoutMs: 1000 });
    expect(found.source).toBe(METAMASK_RDNS);
  });

  it('ignores other wallets and falls back to window.ethereum after the timeout', async () => {
    const target = page(namedProvider('injected'));
    installWallet(target, 'com.example.wallet', namedProvider('other'));
    const found = await discoverMetaMask({ target, timeoutMs: 10 });
    expect(found.source).toBe('window.ethereum');
    expect(await nameOf(found.provider)).toBe('injected');
  });

  it('ignores malformed announcements', async () => {
    const target = page(namedProvider('injected'));
    target.addEventListener('eip6963:requestProvider', () => {
      target.dispatchEvent(new Event('eip6963:announceProvider'));
    });
    const found = await discoverMetaMask({ target, timeoutMs: 10 });
    expect(found.source).toBe('window.ethereum');
  });

  it('fails clearly when nothing is found', async () => {
    await expect(
      discoverMetaMask({ target: page(), timeoutMs: 10 }),
    ).rejects.toThrow(MetaMaskNotFoundError);
    await expect(
      discoverMetaMask({ target: page(), timeoutMs: 10 }),
    ).rejects.toThrow(/io\.metamask.*window\.ethereum/u);
  });

  it('fails clearly outside a browser when no target is given', async () => {
    await expect(discoverMetaMask()).rejects.toThrow(MetaMaskNotFoundError);
  });
});
