import {
  createStarknetWindowObject,
  injectStarknetWindowObject,
} from './injected';
import {
  createStarknetWallet,
  DEFAULT_ICON,
  DEFAULT_WALLET_ID,
  DEFAULT_WALLET_NAME,
} from './wallet';
import type { StarknetSnapWallet } from './wallet';
import { SnapClient } from '../client';

/** A MetaMask without the snap installed: it knows only wallet_getSnaps. */
const NO_SNAP = {
  request: async ({ method }: { method: string }): Promise<unknown> => {
    if (method === 'wallet_getSnaps') {
      return {};
    }
    throw Object.assign(new Error('The method does not exist'), {
      code: -32601,
    });
  },
};

/**
 * A wallet over a MetaMask without the snap (nothing here reaches a snap).
 *
 * @param id - The id option.
 * @returns The wallet.
 */
function wallet(id?: string): StarknetSnapWallet {
  return createStarknetWallet({
    client: new SnapClient(NO_SNAP, 'npm:starknet-snap-wallet'),
    ...(id === undefined ? {} : { id }),
  });
}

/**
 * What a call throws.
 *
 * @param call - The call.
 * @returns The thrown value.
 */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to throw');
}

describe('the wallet identity', () => {
  it('is snapnet, not metamask, with its own name and a data URI icon', () => {
    const snapnet = wallet();
    expect(DEFAULT_WALLET_ID).toBe('snapnet');
    expect(snapnet.features['starknet:walletApi'].id).toBe('snapnet');
    expect(snapnet.name).toBe(DEFAULT_WALLET_NAME);
    expect(snapnet.name).not.toMatch(/^metamask$/iu);
    expect(snapnet.icon).toBe(DEFAULT_ICON);
    expect(DEFAULT_ICON).toMatch(/^data:image\/svg\+xml;base64,/u);
  });

  it('refuses metamask, and ids that cannot name a window key, naming id', () => {
    expect(() => wallet('metamask')).toThrow(/id must not be "metamask"/u);
    expect(() => wallet('MetaMask')).toThrow(/id must not be "metamask"/u);
    expect(() => wallet('my wallet')).toThrow(/^id must be letters/u);
    expect(() => wallet('')).toThrow(/^id must be letters/u);
    expect(wallet('my_wallet2').features['starknet:walletApi'].id).toBe(
      'my_wallet2',
    );
  });
});

describe('the injected get-starknet 4 object', () => {
  it("has every field get-starknet 4 and starknet-react 5 look for, and the wallet's request", () => {
    const snapnet = wallet();
    const { injected } = createStarknetWindowObject(snapnet);
    for (const key of [
      'id',
      'name',
      'version',
      'icon',
      'request',
      'on',
      'off',
      'isConnected',
      'provider',
      'enable',
      'isPreauthorized',
      'selectedAddress',
      'chainId',
      'account',
    ]) {
      expect(key in injected).toBe(true);
    }
    expect(injected.id).toBe('snapnet');
    expect(injected.name).toBe(snapnet.name);
    expect(injected.icon).toBe(snapnet.icon);
    expect(injected.request).toBe(
      snapnet.features['starknet:walletApi'].request,
    );
    expect(injected.isConnected).toBe(false);
    expect(injected.selectedAddress).toBeUndefined();
  });

  it('answers through the wallet API: its errors, its codes', async () => {
    const { injected } = createStarknetWindowObject(wallet());
    await expect(
      injected.request({ type: 'wallet_supportedSpecs' }),
    ).resolves.toStrictEqual(['0.10']);
    // No snap: a silent connect answers no account, so not preauthorized.
    expect(await injected.isPreauthorized()).toBe(false);
  });

  it('refuses unknown events and listeners that are not functions (114, the reason in data)', () => {
    const { injected } = createStarknetWindowObject(wallet());
    // As a dapp in plain JavaScript may call it.
    const on = (event: unknown, handler: unknown): unknown =>
      Reflect.apply(injected.on, injected, [event, handler]);
    expect(thrownBy(() => on('connect', () => undefined))).toMatchObject({
      code: 114,
      data: 'the wallet\'s events are "accountsChanged" and "networkChanged", not "connect"',
    });
    expect(thrownBy(() => on('accountsChanged', 'nope'))).toMatchObject({
      code: 114,
      data: 'an accountsChanged listener must be a function',
    });
  });

  it('is injected as starknet_<id> only when asked, and removed again', () => {
    const page = {};
    const snapnet = wallet();
    expect(Object.keys(page)).toStrictEqual([]);
    const { injected, remove } = injectStarknetWindowObject(snapnet, page);
    expect(Reflect.get(page, 'starknet_snapnet')).toBe(injected);
    expect(injected.id).toBe('snapnet');
    expect(() => injectStarknetWindowObject(snapnet, page)).toThrow(
      'starknet_snapnet is already taken on this window',
    );
    remove();
    expect('starknet_snapnet' in page).toBe(false);
  });

  it('needs a target outside a browser', () => {
    expect(() => injectStarknetWindowObject(wallet())).toThrow(
      /pass a target/u,
    );
  });
});
