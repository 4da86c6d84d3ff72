import type { Wallet } from '@wallet-standard/base';

import { registerStarknetWallet } from './register';

const WALLET: Wallet = {
  version: '1.0.0',
  name: 'Test wallet',
  icon: 'data:image/svg+xml;base64,',
  chains: ['starknet:0x534e5f5345504f4c4941'],
  features: {},
  accounts: [],
};

/**
 * A wallet-standard app on a page: it asks registered wallets' callbacks
 * to register, and can announce itself ready.
 *
 * @param target - The page.
 * @returns The wallets it got and a way to announce readiness.
 */
function app(target: EventTarget): {
  registered: Wallet[];
  announceReady: () => void;
} {
  const registered: Wallet[] = [];
  const api = {
    register: (wallet: Wallet): (() => void) => {
      registered.push(wallet);
      return () => undefined;
    },
  };
  target.addEventListener('wallet-standard:register-wallet', (event) => {
    const registerWith = 'detail' in event ? event.detail : undefined;
    if (typeof registerWith === 'function') {
      registerWith(api);
    }
  });
  return {
    registered,
    announceReady: (): void => {
      target.dispatchEvent(
        Object.assign(new Event('wallet-standard:app-ready'), { detail: api }),
      );
    },
  };
}

describe('registerStarknetWallet', () => {
  it('registers with an app that is already listening', () => {
    const page = new EventTarget();
    const { registered } = app(page);
    registerStarknetWallet(WALLET, page);
    expect(registered).toStrictEqual([WALLET]);
  });

  it('registers with an app that loads later, until stopped', () => {
    const page = new EventTarget();
    const stop = registerStarknetWallet(WALLET, page);
    const late = app(page);
    expect(late.registered).toStrictEqual([]);
    late.announceReady();
    expect(late.registered).toStrictEqual([WALLET]);
    stop();
    late.announceReady();
    expect(late.registered).toStrictEqual([WALLET]);
  });

  it('needs a target outside a browser', () => {
    expect(() => registerStarknetWallet(WALLET)).toThrow(/pass a target/u);
  });
});
