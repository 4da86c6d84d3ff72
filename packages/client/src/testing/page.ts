/**
 * The simulated MetaMask in a browser page driven by Playwright: the page
 * sees an EIP-6963 announcement whose provider forwards every request to
 * the test process (a Playwright binding), where the `SimulatedMetaMask`
 * serves it with the snap that snaps-jest installed.
 */
import { FLASK_INFO } from './announce';
import type { SimulatedMetaMask } from './metamask';
import { overTheWire, property } from './wire';
import type { Eip6963ProviderInfo } from '../provider';

/**
 * The part of a Playwright `Page` (or `BrowserContext`) used here; the
 * package does not depend on Playwright.
 */
export type PageWithBindings = {
  exposeFunction(
    name: string,
    callback: (args: unknown) => Promise<unknown>,
  ): Promise<unknown>;
  addInitScript(script: string): Promise<unknown>;
};

/** The binding the page's provider calls. */
const BINDING = '__snapnetMetaMaskRequest';

/** What crosses the binding back to the page: a result or an error. */
type Answer =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } };

/**
 * The script that runs in the page before its own: announces the provider
 * (now, and whenever a dapp asks) and rethrows errors with their `code` and
 * `data`, as MetaMask's provider does.
 *
 * @param info - What the provider announces about itself.
 * @param binding - The binding it forwards requests to, or none for a
 * wallet that knows no snap methods.
 * @param snaps - Whether a wallet without the binding answers
 * `wallet_getSnaps` (with none installed).
 * @returns The script.
 */
function announceScript(
  info: Eip6963ProviderInfo,
  binding: string | undefined,
  snaps: boolean,
): string {
  return `(() => {
  const binding = ${JSON.stringify(binding ?? null)};
  const snaps = ${JSON.stringify(snaps)};
  const provider = {
    async request(args) {
      if (binding === null) {
        if (snaps && args.method === 'wallet_getSnaps') {
          return {};
        }
        throw Object.assign(new Error('The method "' + args.method + '" does not exist / is not available.'), { code: -32601 });
      }
      const answer = await window[binding]({ method: args.method, params: args.params });
      if ('error' in answer) {
        throw Object.assign(new Error(answer.error.message), answer.error);
      }
      return answer.result;
    },
  };
  const detail = Object.freeze({ info: Object.freeze(${JSON.stringify(info)}), provider });
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;
}

/**
 * A thrown provider error as JSON for the page.
 *
 * @param error - What MetaMask threw.
 * @returns Its code, message and data.
 */
function errorAnswer(error: unknown): Answer {
  const code = property(error, 'code');
  const message = property(error, 'message');
  const data = property(error, 'data');
  return {
    error: {
      code: typeof code === 'number' ? code : -32603,
      message: typeof message === 'string' ? message : String(error),
      ...(data === undefined ? {} : { data: overTheWire(data) }),
    },
  };
}

/**
 * Gives a page the simulated MetaMask, announced as MetaMask Flask: call it
 * before the page loads.
 *
 * @param page - The Playwright page (or browser context).
 * @param metamask - The simulated MetaMask serving the requests.
 * @param info - What the page's provider announces (default: Flask).
 */
export async function provideMetaMask(
  page: PageWithBindings,
  metamask: SimulatedMetaMask,
  info: Eip6963ProviderInfo = FLASK_INFO,
): Promise<void> {
  await page.exposeFunction(BINDING, async (args): Promise<Answer> => {
    const method = property(args, 'method');
    if (typeof method !== 'string') {
      return errorAnswer({ code: -32600, message: 'Invalid request' });
    }
    try {
      const result = await metamask.request({
        method,
        params: property(args, 'params'),
      });
      return { result: overTheWire(result) ?? null };
    } catch (error) {
      return errorAnswer(error);
    }
  });
  await page.addInitScript(announceScript(info, BINDING, false));
}

/**
 * Gives a page a regular MetaMask (`io.metamask`, not Flask) with no snap
 * installed: with `snaps` it knows `wallet_getSnaps` (and lists none),
 * without it every method is unknown to it (-32601), as in a wallet with no
 * snap support. For testing what a dapp shows when the snap cannot run.
 *
 * @param page - The page, before it loads.
 * @param options - What the wallet can do.
 * @param options.snaps - Whether it knows the snap methods.
 */
export async function provideRegularMetaMask(
  page: PageWithBindings,
  { snaps }: { snaps: boolean },
): Promise<void> {
  await page.addInitScript(
    announceScript(
      {
        uuid: '0f6a3c2e-1b4d-4e5f-8a9b-7c6d5e4f3a2b',
        name: 'MetaMask (test)',
        icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
        rdns: 'io.metamask',
      },
      undefined,
      snaps,
    ),
  );
}
