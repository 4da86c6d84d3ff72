/**
 * Runs a library test page in headless Chromium against the real snap: the
 * page (bundled by ./bundle) is served on loopback, MetaMask is the
 * simulated MetaMask of ../metamask announced to the page over EIP-6963
 * (the site's test wallet), and every request the page makes elsewhere than
 * its own server and the local node is refused and recorded: nothing is
 * loaded from a URL at run time.
 */
import { createServer } from 'http';
import type { AddressInfo } from 'net';
import type { Page } from 'playwright-core';

import { bundlePage } from './bundle';
import type { Dapp } from './pages/dapp';
import { launchChromium, screenshot } from '../../../../test/chromium';
import { simulatedMetaMask, SNAP_ID } from '../metamask';
import { provideMetaMask } from '@snapnet/client/testing';
import type { SimulatedMetaMask } from '@snapnet/client/testing';

const PAGE_HTML = `<!doctype html>
<html>
  <head><meta charset="utf-8"><title>Library test page</title></head>
  <body>
    <div id="app"></div>
    <ul id="events"></ul>
    <script src="/page.js"></script>
  </body>
</html>`;

export type LibraryPage = {
  page: Page;
  metamask: SimulatedMetaMask;
  /** Requests the page tried to make elsewhere (all refused). */
  remoteRequests: string[];
  /** Saves a screenshot as a test artifact (test-artifacts/chromium/). */
  screenshot: (name: string) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Serves a page and its script on loopback.
 *
 * @param script - The bundled page.
 * @returns Its origin and how to stop the server.
 */
async function servePage(
  script: string,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE_HTML);
    } else if (path === '/page.js') {
      response
        .writeHead(200, { 'Content-Type': 'text/javascript' })
        .end(script);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolveListen) =>
    server.listen(0, '127.0.0.1', resolveListen),
  );
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

/**
 * Opens a library page: bundles it, installs a fresh snap behind a
 * simulated MetaMask for the page's origin, and loads the page in Chromium
 * once it has set up its library.
 *
 * @param entry - The page's entry file.
 * @param nodeUrl - The local node the page's library reads (the snap's
 * Testnet).
 * @param query - More settings for the page's URL.
 * @returns The page, its MetaMask, and how to close everything.
 */
export async function openLibraryPage(
  entry: string,
  nodeUrl: string,
  query: Record<string, string> = {},
): Promise<LibraryPage> {
  const site = await servePage(await bundlePage(entry));
  const metamask = await simulatedMetaMask(undefined, site.origin);
  const browser = await launchChromium();
  const close = async (): Promise<void> => {
    await browser.close();
    await site.stop();
  };
  const { page } = browser;
  const remoteRequests: string[] = [];
  try {
    await loadPage(page, site.origin, nodeUrl, query, remoteRequests, metamask);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    page,
    metamask,
    remoteRequests,
    screenshot: async (name) => screenshot(page, `libraries-${name}`),
    close,
  };
}

/**
 * Loads the page with its wallet, refusing requests elsewhere, and waits
 * until its library is set up.
 *
 * @param page - The Chromium page.
 * @param origin - The page's origin.
 * @param nodeUrl - The local node.
 * @param query - More settings for the page's URL.
 * @param remoteRequests - Where refused requests are recorded.
 * @param metamask - The MetaMask serving the page.
 */
async function loadPage(
  page: Page,
  origin: string,
  nodeUrl: string,
  query: Record<string, string>,
  remoteRequests: string[],
  metamask: SimulatedMetaMask,
): Promise<void> {
  const node = new URL(nodeUrl).origin;
  await page.route('**/*', async (route) => {
    const requested = new URL(route.request().url()).origin;
    if (requested === origin || requested === node) {
      await route.continue();
    } else {
      remoteRequests.push(route.request().url());
      await route.abort();
    }
  });
  await provideMetaMask(page, metamask);
  const url = new URL(origin);
  url.search = new URLSearchParams({
    snap: SNAP_ID,
    node: nodeUrl,
    ...query,
  }).toString();
  await page.goto(url.toString());
  await page
    .locator('body[data-ready="true"], body[data-error]')
    .waitFor({ state: 'attached' });
  const error = await page.locator('body').getAttribute('data-error');
  if (error) {
    throw new Error(`The page failed to set up: ${error}`);
  }
}

/**
 * Calls one of the page's operations (see Dapp) in the page.
 *
 * @param page - The page.
 * @param method - The operation.
 * @param args - Its arguments (JSON).
 * @returns Its answer.
 */
export async function callDapp<Method extends keyof Dapp>(
  page: Page,
  method: Method,
  ...args: Parameters<Dapp[Method]>
): Promise<Awaited<ReturnType<Dapp[Method]>>> {
  const answer: unknown = await page.evaluate(
    // Runs in the page, where `window` is the page's.
    async ([name, values]) => {
      // eslint-disable-next-line no-restricted-globals
      const { dapp } = window;
      if (!dapp) {
        throw new Error('The page is not ready');
      }
      const answered: unknown = await Reflect.apply(dapp[name], dapp, values);
      return answered;
    },
    [method, args] as const,
  );
  // The page's Dapp answers this operation's type (as JSON).
  return answer as Awaited<ReturnType<Dapp[Method]>>;
}
