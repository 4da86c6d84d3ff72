/**
 * The setup the library test files share: a local node with account 0
 * funded, and the library's test page in Chromium, opened before a file's
 * (or a describe's) tests and closed after them.
 */
import type { LocalNode } from '@snapnet/local-node';
import { resolve } from 'path';

import { startFundedNode } from './checks';
import { openLibraryPage } from './harness';
import type { LibraryPage } from './harness';

export type FundedNode = { readonly node: LocalNode };

export type LibraryUnderTest = FundedNode & { readonly lib: LibraryPage };

/** How long starting a node, bundling a page and launching Chromium may take. */
const SETUP_MS = 60000;

/**
 * A value set by a `beforeAll` hook, read by the tests.
 *
 * @param value - The value, once set.
 * @param name - What it is, for the error when read too early.
 * @returns The value.
 */
function started<Value>(value: Value | undefined, name: string): Value {
  if (value === undefined) {
    throw new Error(`The ${name} is started in beforeAll: read it in a test`);
  }
  return value;
}

/**
 * A funded local node for the enclosing describe block (or file).
 *
 * @returns The node, readable from the tests.
 */
export function useFundedNode(): FundedNode {
  let node: LocalNode | undefined;
  beforeAll(async () => {
    node = await startFundedNode();
  }, SETUP_MS);
  afterAll(async () => {
    await node?.stop();
  });
  return {
    get node(): LocalNode {
      return started(node, 'local node');
    },
  };
}

/**
 * A library's test page for the enclosing describe block (or file), on its
 * own funded node unless `on` names one already started; the page closes
 * before its node stops.
 *
 * @param entry - The page's file under pages/.
 * @param options - Options.
 * @param options.query - The page's query parameters.
 * @param options.on - A node shared with other pages.
 * @returns The node and the page, readable from the tests.
 */
export function useLibraryPage(
  entry: string,
  options: { query?: Record<string, string>; on?: FundedNode } = {},
): LibraryUnderTest {
  let node: LocalNode | undefined;
  let lib: LibraryPage | undefined;
  beforeAll(async () => {
    node = options.on?.node ?? (await startFundedNode());
    lib = await openLibraryPage(
      resolve(__dirname, 'pages', entry),
      node.url,
      options.query,
    );
  }, SETUP_MS);
  afterAll(async () => {
    await lib?.close();
    if (!options.on) {
      await node?.stop();
    }
  });
  return {
    get node(): LocalNode {
      return started(node, 'local node');
    },
    get lib(): LibraryPage {
      return started(lib, 'library page');
    },
  };
}
