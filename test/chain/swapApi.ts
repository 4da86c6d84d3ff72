import { createServer, request as httpRequest } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';

import { ensureArgentDeclared } from './classes';
import { mintStrk } from './node';
import { TEST_NODE_PORT } from '../ports';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The swap tests' fixture: a local node on a free port (AVNU's exchange and
 * swap API on it), and in front of it, on the test build's Testnet port, a
 * proxy that forwards everything (JSON-RPC, the paymaster, the swap API)
 * and counts it, and that a test can make hostile per swap API path: its
 * JSON answer rewritten, the request held unanswered, or an answer of a
 * chosen size. The node's own API (`node.swap.apiUrl`) stays honest for the
 * test's direct reads.
 */

export const QUOTES_PATH = '/swap/v3/quotes';
export const BUILD_PATH = '/swap/v3/build';
export type SwapPath = typeof QUOTES_PATH | typeof BUILD_PATH;

/** What the proxy does with a request to a swap API path. */
export type Behaviour =
  /** Forwards it and answers the honest JSON rewritten. */
  | { rewrite: (honest: unknown) => unknown }
  /** Never answers (until the test clears it or the proxy closes). */
  | { stall: true }
  /** Answers 200 with a JSON body this many bytes long, not forwarded. */
  | { bytes: number };

export type SwapProxy = {
  /** JSON-RPC calls (by method) or swap API requests (by path) received. */
  count(what: string): number;
  /** Forgets the counts. */
  reset(): void;
  /** Acts so on `path` from now on (undefined: honest again). */
  script(path: SwapPath, behaviour: Behaviour | undefined): void;
  close(): Promise<void>;
};

/**
 * The JSON-RPC methods of a request body (a call or a batch).
 *
 * @param body - The body.
 * @returns Its methods (none when it does not parse).
 */
function methodsOf(body: string): string[] {
  try {
    return [JSON.parse(body) as unknown]
      .flat()
      .map((call) =>
        typeof call === 'object' && call !== null && 'method' in call
          ? String(call.method)
          : '',
      )
      .filter((method) => method !== '');
  } catch {
    return [];
  }
}

/**
 * A JSON body of exactly `bytes` bytes: one quote-shaped object whose id
 * fills it.
 *
 * @param bytes - Its length.
 * @returns The body.
 */
function bodyOf(bytes: number): string {
  const frame = '[{"quoteId":""}]';
  return `[{"quoteId":"${'q'.repeat(Math.max(0, bytes - frame.length))}"}]`;
}

/**
 * Starts the proxy on a loopback port in front of a node's origin.
 *
 * @param port - Where it listens.
 * @param target - The node's origin (`http://127.0.0.1:PORT`).
 * @returns The running proxy.
 */
export async function startSwapProxy(
  port: number,
  target: string,
): Promise<SwapProxy> {
  const counts = new Map<string, number>();
  const scripts = new Map<string, Behaviour>();
  const held = new Set<ServerResponse>();
  const add = (what: string): void => {
    counts.set(what, (counts.get(what) ?? 0) + 1);
  };

  const serve = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const { pathname } = new URL(incoming.url ?? '/', target);
      const behaviour = scripts.get(pathname);
      if (pathname === QUOTES_PATH || pathname === BUILD_PATH) {
        add(pathname);
      } else {
        methodsOf(body.toString('utf8')).forEach(add);
      }
      if (behaviour && 'stall' in behaviour) {
        held.add(outgoing);
        return;
      }
      if (behaviour && 'bytes' in behaviour) {
        // No Content-Length: the client must stop reading by itself.
        outgoing.writeHead(200, { 'Content-Type': 'application/json' });
        outgoing.end(bodyOf(behaviour.bytes));
        return;
      }
      const upstream = httpRequest(
        new URL(incoming.url ?? '/', target),
        {
          method: incoming.method,
          headers: { ...incoming.headers, host: new URL(target).host },
        },
        (answer) => {
          if (!behaviour) {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
            return;
          }
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const honest: unknown = JSON.parse(
              Buffer.concat(parts).toString('utf8'),
            );
            const text = JSON.stringify(behaviour.rewrite(honest));
            outgoing
              .writeHead(answer.statusCode ?? 502, {
                'Content-Type': 'application/json',
                'Content-Length': Buffer.byteLength(text),
              })
              .end(text);
          });
        },
      );
      upstream.on('error', (error) => {
        outgoing.writeHead(502).end(`proxy: ${error.message}`);
      });
      upstream.end(body);
    });
  };

  const release = (): void => {
    for (const outgoing of held) {
      outgoing.destroy();
    }
    held.clear();
  };
  const server: Server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    count: (what) => counts.get(what) ?? 0,
    reset: (): void => counts.clear(),
    script: (path, behaviour): void => {
      if (behaviour) {
        scripts.set(path, behaviour);
      } else {
        scripts.delete(path);
        release();
      }
    },
    close: async (): Promise<void> => {
      release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Gives the test file a local node (the wallet's account class declared,
 * `address` given `strk`) behind a swap proxy on the test build's Testnet
 * port, for its whole run.
 *
 * @param address - The account to fund.
 * @param strk - Its STRK (FRI).
 * @returns Getters for the node and the proxy.
 */
export function useSwapNode(
  address: string,
  strk: bigint,
): { node: () => LocalNode; api: () => SwapProxy } {
  let node: LocalNode | undefined;
  let proxy: SwapProxy | undefined;
  beforeAll(async () => {
    node = await startLocalNode({ host: '127.0.0.1', seed: 42 });
    await ensureArgentDeclared(node);
    await mintStrk(node, address, strk);
    proxy = await startSwapProxy(TEST_NODE_PORT, node.swap.apiUrl);
  });
  afterAll(async () => {
    await proxy?.close();
    await node?.stop();
  });
  return {
    node: (): LocalNode => {
      if (!node) {
        throw new Error('The swap node is not running');
      }
      return node;
    },
    api: (): SwapProxy => {
      if (!proxy) {
        throw new Error('The swap proxy is not running');
      }
      return proxy;
    },
  };
}

/** A quote as the node's API answers it (the fields the tests read). */
export type QuoteJson = {
  quoteId: string;
  buyAmount: string;
  expiry: number;
  fee: Record<string, string>;
} & Record<string, unknown>;

/** The calls the node's API builds. */
export type BuiltJson = {
  chainId: string;
  calls: { contractAddress: string; entrypoint: string; calldata: string[] }[];
};

/**
 * The best quote of the node's own API (not through the proxy).
 *
 * @param node - The node.
 * @param ask - What to sell, for what, how much, and who sells.
 * @param ask.sell - The token sold.
 * @param ask.buy - The token bought.
 * @param ask.amount - How much is sold.
 * @param ask.taker - Who sells.
 * @returns The quote.
 */
export async function apiQuote(
  node: LocalNode,
  ask: { sell: string; buy: string; amount: bigint; taker: string },
): Promise<QuoteJson> {
  const query = new URLSearchParams({
    sellTokenAddress: ask.sell,
    buyTokenAddress: ask.buy,
    sellAmount: `0x${ask.amount.toString(16)}`,
    takerAddress: ask.taker,
    size: '1',
  });
  // eslint-disable-next-line n/no-unsupported-features/node-builtins -- Node 20's fetch
  const response = await fetch(
    `${node.swap.apiUrl}${QUOTES_PATH}?${query.toString()}`,
  );
  const body: unknown = await response.json();
  if (!response.ok || !Array.isArray(body) || body.length === 0) {
    throw new Error(`No quote: ${response.status} ${JSON.stringify(body)}`);
  }
  return body[0];
}

/**
 * The calls the node's own API builds for a quote (with the approve).
 *
 * @param node - The node.
 * @param quoteId - The quote.
 * @param taker - Who swaps.
 * @param slippage - As a fraction (0.005 is 0.5 %).
 * @returns The chain id and calls.
 */
export async function apiBuild(
  node: LocalNode,
  quoteId: string,
  taker: string,
  slippage: number,
): Promise<BuiltJson> {
  // eslint-disable-next-line n/no-unsupported-features/node-builtins -- Node 20's fetch
  const response = await fetch(`${node.swap.apiUrl}${BUILD_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      quoteId,
      takerAddress: taker,
      slippage,
      includeApprove: true,
    }),
  });
  const body: unknown = await response.json();
  if (!response.ok) {
    throw new Error(`No build: ${response.status} ${JSON.stringify(body)}`);
  }
  return body as BuiltJson;
}

/**
 * An amount in whole units, every fraction digit kept, as the page writes
 * it in English (`1,234.5`).
 *
 * @param amount - In the smallest unit.
 * @param decimals - The token's decimals.
 * @returns The text.
 */
export function unitsOf(amount: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const whole = (amount / scale).toLocaleString('en');
  let fraction = (amount % scale).toString().padStart(decimals, '0');
  while (fraction.endsWith('0')) {
    fraction = fraction.slice(0, -1);
  }
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** The calldata index of multi_route_swap's inputs (exchange.cairo). */
export const SWAP_ARG = {
  /** buy_token_min_amount's low half. */
  minLow: 6,
  beneficiary: 8,
} as const;
