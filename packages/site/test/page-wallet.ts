/**
 * The wallet the page sees in the browser: an EIP-6963 announcement of
 * "MetaMask Flask" whose provider forwards every request to the test process
 * (`window.snapRequest`, a Playwright binding), where the simulated MetaMask
 * of the client's tests serves it with the snap installed by snaps-jest.
 */
import type { Page } from 'playwright-core';

import type { SimulatedMetaMask } from '../../client/test/metamask';

/** What crosses the binding back to the page: a result or an error. */
type Answer =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } };

/**
 * Runs in the page before its own scripts: announces the provider (now, and
 * whenever a dapp asks) and rethrows errors with their `code` and `data`, as
 * MetaMask's provider does.
 */
const ANNOUNCE_PROVIDER = `(() => {
  const provider = {
    async request(args) {
      const answer = await window.snapRequest({
        method: args.method,
        params: args.params,
      });
      if ('error' in answer) {
        throw Object.assign(new Error(answer.error.message), answer.error);
      }
      return answer.result;
    },
  };
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: '5b3c7f5e-7a5e-4a1e-9f0d-3d1c2b4a5e6f',
      name: 'MetaMask Flask (test)',
      icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
      rdns: 'io.metamask.flask',
    }),
    provider,
  });
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;

/**
 * Reads a field of an object.
 *
 * @param value - The object.
 * @param key - The field.
 * @returns Its value.
 */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? Object.getOwnPropertyDescriptor(value, key)?.value
    : undefined;
}

/**
 * A thrown provider error as JSON for the page.
 *
 * @param error - What MetaMask threw.
 * @returns Its code, message and data.
 */
function errorAnswer(error: unknown): Answer {
  const code = field(error, 'code');
  const message = field(error, 'message');
  const data = field(error, 'data');
  return {
    error: {
      code: typeof code === 'number' ? code : -32603,
      message: typeof message === 'string' ? message : String(error),
      // Only what JSON holds crosses MetaMask's channel.
      ...(data === undefined ? {} : { data: overTheWire(data) }),
    },
  };
}

/**
 * A value as it crosses MetaMask's message channel: JSON only.
 *
 * @param value - The value.
 * @returns Its JSON copy (null for undefined).
 */
function overTheWire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}

/**
 * Gives a page the test wallet: must be called before the page loads.
 *
 * @param page - The page.
 * @param metamask - The simulated MetaMask serving the requests.
 */
export async function provideWallet(
  page: Page,
  metamask: SimulatedMetaMask,
): Promise<void> {
  await page.exposeFunction(
    'snapRequest',
    async (args: unknown): Promise<Answer> => {
      const method = field(args, 'method');
      if (typeof method !== 'string') {
        return errorAnswer({ code: -32600, message: 'Invalid request' });
      }
      try {
        const result = await metamask.request({
          method,
          params: field(args, 'params'),
        });
        return { result: overTheWire(result) };
      } catch (error) {
        return errorAnswer(error);
      }
    },
  );
  await page.addInitScript(ANNOUNCE_PROVIDER);
}

/**
 * Gives a page a regular MetaMask (`io.metamask`, not Flask): with `snaps`
 * it knows `wallet_getSnaps` (and has none installed), without it every
 * method is unknown to it (-32601), as in a wallet with no snap support.
 *
 * @param page - The page, before it loads.
 * @param options - What the wallet can do.
 * @param options.snaps - Whether it knows the snap methods.
 */
export async function provideRegularMetaMask(
  page: Page,
  { snaps }: { snaps: boolean },
): Promise<void> {
  await page.addInitScript(`(() => {
    const snaps = ${JSON.stringify(snaps)};
    const provider = {
      async request({ method }) {
        if (snaps && method === 'wallet_getSnaps') {
          return {};
        }
        throw Object.assign(new Error('The method "' + method + '" does not exist / is not available.'), { code: -32601 });
      },
    };
    const detail = Object.freeze({
      info: Object.freeze({
        uuid: '0f6a3c2e-1b4d-4e5f-8a9b-7c6d5e4f3a2b',
        name: 'MetaMask (test)',
        icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
        rdns: 'io.metamask',
      }),
      provider,
    });
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  })();`);
}
