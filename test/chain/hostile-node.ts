import { createServer } from 'http';
import type { Server } from 'http';

import { mint, mintStrk } from './node';
import { DAPP_ORIGIN } from '../fixtures';
import { confirmationOf, invoke } from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_MAINNET_PORT, TEST_NODE_PORT } from '../ports';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * A scripted hostile node: a loopback JSON-RPC server in front of a real
 * node (a local node or starknet-devnet) that forwards every request, lets
 * a test rewrite the answer to chosen methods (a lie about a simulation, a
 * transaction hash that is not the signed one, another chain id...), and
 * keeps every request body it received, so a test can also prove what the
 * snap did not send.
 */

/** One JSON-RPC call as the snap sent it. */
export type SeenCall = { method: string; params: unknown };

/** A JSON-RPC answer: its result, or its error. */
export type Answer = { result?: unknown; error?: unknown };

/**
 * Rewrites the honest node's answer to one call; undefined keeps it. A
 * promise holds the answer (of the whole request) until it settles.
 *
 * @param call - The call.
 * @param honest - What the real node answered.
 */
export type Rewrite = (
  call: SeenCall,
  honest: Answer,
) => Answer | undefined | Promise<Answer | undefined>;

export type HostileNode = {
  /** Its JSON-RPC URL. */
  url: string;
  /** Rewrites the answers to `method` from now on (replacing any earlier). */
  script(method: string, rewrite: Rewrite): void;
  /**
   * Answers a lone call of `method` itself, never forwarding it (a paymaster
   * that fails before sending anything; a promise: one that stalls until it
   * settles); undefined: forward again.
   */
  withhold(method: string, answer: Answer | Promise<Answer> | undefined): void;
  /** Back to forwarding every answer as it is (and releases any hold). */
  clearScripts(): void;
  /**
   * Holds every answer (each request is received and forwarded, its answer
   * kept back) until the returned release is called.
   */
  hold(): () => void;
  /** Every call received, in order (a batch adds each of its calls). */
  seen(): SeenCall[];
  /** Whether any request body received so far contains `text` (any case). */
  received(text: string): boolean;
  /** How many requests (round trips) were received since the last forget. */
  roundTrips(): number;
  /** Forgets what was received. */
  forget(): void;
  close(): Promise<void>;
};

type Envelope = { id?: unknown; method?: unknown; params?: unknown };

/**
 * Reads a JSON-RPC request body as a list of calls.
 *
 * @param body - The body.
 * @returns Its calls (a single call is a list of one).
 */
function callsOf(body: string): Envelope[] {
  const parsed: unknown = JSON.parse(body);
  return [parsed]
    .flat()
    .filter(
      (call): call is Envelope => typeof call === 'object' && call !== null,
    );
}

/**
 * Starts a hostile node on a loopback port.
 *
 * @param options - Where to listen and what to forward to.
 * @param options.target - The real node's JSON-RPC URL.
 * @param options.port - The port (0 or absent: any free one).
 * @returns The running node.
 */
export async function startHostileNode(options: {
  target: string;
  port?: number;
}): Promise<HostileNode> {
  const scripts = new Map<string, Rewrite>();
  const withheld = new Map<string, Answer | Promise<Answer>>();
  let seen: SeenCall[] = [];
  let held: Promise<void> = Promise.resolve();
  let release = (): void => undefined;
  let bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body.toLowerCase());
      const calls = callsOf(body);
      seen.push(
        ...calls.map((call) => ({
          method: String(call.method),
          params: call.params,
        })),
      );
      const [lone] = calls;
      const own =
        calls.length === 1 && lone
          ? withheld.get(String(lone.method))
          : undefined;
      if (lone && own) {
        Promise.resolve(own)
          .then((answer) => {
            response.writeHead(200, { 'Content-Type': 'application/json' });
            response.end(
              JSON.stringify({ jsonrpc: '2.0', id: lone.id, ...answer }),
            );
            return undefined;
          })
          .catch(() => response.destroy());
        return;
      }
      // A dapp's sponsorship key goes on to the paymaster, as a proxy would.
      const key = request.headers['x-paymaster-api-key'];
      // Node 20's fetch (stable since 21, unflagged in 20).
      // eslint-disable-next-line n/no-unsupported-features/node-builtins
      fetch(options.target, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(typeof key === 'string' ? { 'x-paymaster-api-key': key } : {}),
        },
        body,
      })
        .then(async (honest) => honest.json())
        .then(async (answer: unknown) => {
          const answers = [answer].flat() as (Answer & { id?: unknown })[];
          const holding = held;
          const rewritten = await Promise.all(
            answers.map(async (each) => {
              const call = calls.find((candidate) => candidate.id === each.id);
              const rewrite =
                call === undefined
                  ? undefined
                  : scripts.get(String(call.method));
              const changed =
                call && rewrite
                  ? await rewrite(
                      { method: String(call.method), params: call.params },
                      each,
                    )
                  : undefined;
              return changed === undefined
                ? each
                : { jsonrpc: '2.0', id: each.id, ...changed };
            }),
          );
          await holding;
          response.writeHead(200, { 'Content-Type': 'application/json' });
          response.end(
            JSON.stringify(Array.isArray(answer) ? rewritten : rewritten[0]),
          );
          return undefined;
        })
        .catch((error: unknown) => {
          response.writeHead(502).end(String(error));
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('The hostile node has no port');
  }
  return {
    url: `http://127.0.0.1:${address.port}/rpc`,
    script: (method, rewrite): void => {
      scripts.set(method, rewrite);
    },
    withhold: (method, answer): void => {
      if (answer === undefined) {
        withheld.delete(method);
      } else {
        withheld.set(method, answer);
      }
    },
    clearScripts: (): void => {
      scripts.clear();
      withheld.clear();
      release();
    },
    hold: (): (() => void) => {
      release();
      held = new Promise<void>((resolve) => {
        release = (): void => {
          held = Promise.resolve();
          resolve();
        };
      });
      return (): void => release();
    },
    seen: (): SeenCall[] => [...seen],
    received: (text): boolean =>
      bodies.some((body) => body.includes(text.toLowerCase())),
    roundTrips: (): number => bodies.length,
    forget: (): void => {
      seen = [];
      bodies = [];
    },
    close: async (): Promise<void> => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The name a test site gives its own network. */
export const SITE_NETWORK_NAME = 'Site devnet';

/**
 * The test site adds its own network whose node is `url` (it must serve
 * `chainId`), and the user approves the dialog.
 *
 * @param wallet - The snap.
 * @param url - The site's node.
 * @param chainId - Its chain id.
 * @param origin - The site.
 */
export async function addSiteNetwork(
  wallet: Wallet,
  url: string,
  chainId: string,
  origin = DAPP_ORIGIN,
): Promise<void> {
  const pending = invoke(
    wallet,
    'snapnet_addNetwork',
    { name: SITE_NETWORK_NAME, chainId, rpcUrl: url },
    origin,
  );
  await (await confirmationOf(pending)).ok();
  expect(await pending).toRespondWith(true);
}

/**
 * Gives a test file a local node (chain SN_DEVNET) behind a hostile node for
 * its whole run, `account` funded there; after each test the scripts and
 * what the hostile node received are cleared.
 *
 * @param account - The account to fund.
 * @param amount - Its STRK (FRI).
 * @returns Getters for the hostile node and the real one behind it.
 */
export function useHostileNode(
  account: string,
  amount: bigint,
): { hostile: () => HostileNode; real: () => LocalNode } {
  const { hostile, real } = useHostileFront({
    start: async () =>
      startLocalNode({ host: '127.0.0.1', chainId: 'SN_DEVNET' }),
    prepare: async (node) => mintStrk(node, account, amount),
  });
  return { hostile: () => hostile, real };
}

/**
 * A hostile node that stands for the one a test file starts in its
 * beforeAll: every call goes to it once it runs (and throws before).
 *
 * @param running - The started node, if any.
 * @returns The stand-in.
 */
function standIn(running: () => HostileNode | undefined): HostileNode {
  const node = (): HostileNode => {
    const started = running();
    if (!started) {
      throw new Error('The hostile node is not running');
    }
    return started;
  };
  return {
    get url(): string {
      return node().url;
    },
    script: (method, rewrite) => node().script(method, rewrite),
    withhold: (method, answer) => node().withhold(method, answer),
    hold: () => node().hold(),
    clearScripts: () => node().clearScripts(),
    seen: () => node().seen(),
    received: (text) => node().received(text),
    roundTrips: () => node().roundTrips(),
    forget: () => node().forget(),
    close: async () => node().close(),
  };
}

/**
 * Gives a test file a real local node behind a hostile node for its whole
 * run; after each test the scripts and what the hostile node received are
 * cleared.
 *
 * @param options - The real node and where the hostile one listens.
 * @param options.start - Starts the real node (stopped after the file).
 * @param options.port - The hostile node's port: one the test build points
 * a network at (absent: any free one).
 * @param options.prepare - Runs on the real node once it is up (funding).
 * @returns The hostile node (usable from the tests on) and a getter for the
 * real one.
 */
export function useHostileFront(options: {
  start: () => Promise<LocalNode>;
  port?: number;
  prepare?: (real: LocalNode) => Promise<unknown>;
}): { hostile: HostileNode; real: () => LocalNode } {
  let real: LocalNode | undefined;
  let hostile: HostileNode | undefined;
  beforeAll(async () => {
    real = await options.start();
    hostile = await startHostileNode({ target: real.url, port: options.port });
    await options.prepare?.(real);
  });
  afterAll(async () => {
    await hostile?.close();
    await real?.stop();
  });
  afterEach(() => {
    hostile?.clearScripts();
    hostile?.forget();
  });
  return {
    hostile: standIn(() => hostile),
    real: (): LocalNode => {
      if (!real) {
        throw new Error('The real node is not running');
      }
      return real;
    },
  };
}

/**
 * Mainnet's node for a test file (the test build's first) as a hostile node
 * in front of a local Mainnet node, `account` holding `strk` there.
 *
 * @param account - The account to fund.
 * @param strk - Its STRK (FRI).
 * @returns The hostile node and a getter for the real one.
 */
export function useHostileMainnet(
  account: string,
  strk: bigint,
): { hostile: HostileNode; real: () => LocalNode } {
  return useHostileFront({
    start: async () =>
      startLocalNode({ host: '127.0.0.1', chainId: 'SN_MAIN' }),
    port: TEST_MAINNET_PORT,
    prepare: async (real) => mintStrk(real, account, strk),
  });
}

/**
 * Testnet's node and paymaster for a test file (the test build's) as a
 * hostile node in front of a local node, `account` holding `wei` there.
 *
 * @param account - The account to fund.
 * @param wei - Its ETH (wei).
 * @returns The hostile node and a getter for the real one.
 */
export function useHostileTestnet(
  account: string,
  wei: bigint,
): { hostile: HostileNode; real: () => LocalNode } {
  return useHostileFront({
    start: async () => startLocalNode({ host: '127.0.0.1', port: 0, seed: 42 }),
    port: TEST_NODE_PORT,
    prepare: async (real) => mint(real, account, wei, 'WEI'),
  });
}

/**
 * Answers `starknet_call` as `answer` says for the contract and entry point
 * called; undefined leaves a call to the real node.
 *
 * @param hostile - The hostile node.
 * @param answer - The answer to a view of a contract (both as numbers).
 */
export function scriptViews(
  hostile: HostileNode,
  answer: (contract: bigint, selector: bigint) => Answer | undefined,
): void {
  hostile.script('starknet_call', (call) => {
    const { request } = call.params as {
      request: { contract_address: string; entry_point_selector: string };
    };
    return answer(
      BigInt(request.contract_address),
      BigInt(request.entry_point_selector),
    );
  });
}
