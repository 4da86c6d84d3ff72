import { createServer, request as httpRequest } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';

import type { PaymasterEndpoint } from '@snapnet/local-node';

/** A loopback HTTP proxy that counts the JSON-RPC methods passing through. */
export type CountingProxy = {
  requestCount(method?: string): number;
  roundTripCount(): number;
  resetRequestCount(): void;
  close(): Promise<void>;
};

/**
 * The JSON-RPC methods of one request body (a call or a batch).
 *
 * @param body - The request body.
 * @returns Its method names (none when it does not parse).
 */
function methodsOf(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body);
    return [parsed]
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

const isCall = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Posts a JSON-RPC body to the node and reads its answer.
 *
 * @param url - The node's JSON-RPC URL.
 * @param body - The body.
 * @returns The parsed answer (undefined when it answers nothing).
 */
async function post(url: string, body: unknown): Promise<unknown> {
  // eslint-disable-next-line n/no-unsupported-features/node-builtins -- Node 20's fetch
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

/**
 * The answer to a body that carries SNIP-29 calls: the paymaster answers
 * those, the node the rest of a batch (the answers of a batch in any order,
 * as JSON-RPC allows).
 *
 * @param paymaster - The paymaster.
 * @param nodeUrl - The node's JSON-RPC URL.
 * @param text - The body.
 * @param apiKey - The request's `x-paymaster-api-key` header, if any.
 * @returns The answer, undefined for notifications only, or `forward` when
 * the body carries no paymaster call.
 */
async function paymasterAnswer(
  paymaster: PaymasterEndpoint,
  nodeUrl: string,
  text: string,
  apiKey: string | undefined,
): Promise<unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'forward';
  }
  const ours: Record<string, unknown>[] = [];
  const rest: unknown[] = [];
  for (const call of [parsed].flat()) {
    if (isCall(call) && paymaster.serves(call.method)) {
      ours.push(call);
    } else {
      rest.push(call);
    }
  }
  if (ours.length === 0) {
    return 'forward';
  }
  if (isCall(parsed)) {
    return paymaster.answer(parsed, { apiKey });
  }
  const answers: unknown[] = [];
  for (const call of ours) {
    answers.push(await paymaster.answer(call, { apiKey }));
  }
  const forwarded = rest.length === 0 ? [] : await post(nodeUrl, rest);
  const all = [...[forwarded].flat(), ...answers].filter(
    (answer) => answer !== undefined,
  );
  return all.length === 0 ? undefined : all;
}

/**
 * Starts a proxy on `port` that forwards every request to `target` and counts
 * the JSON-RPC calls it carries, so the chain tests can count the snap's
 * calls to a node that does not count them itself (starknet-devnet), the
 * way the local node's `requestCount` does. With a paymaster, SNIP-29's
 * `paymaster_*` calls are answered by it instead, as the local node
 * answers them on its own endpoint.
 *
 * @param port - The loopback port to listen on.
 * @param target - Where to forward (`http://127.0.0.1:PORT`).
 * @param paymaster - SNIP-29's methods in front of the node, if any.
 * @returns The running proxy.
 */
export async function startCountingProxy(
  port: number,
  target: string,
  paymaster?: PaymasterEndpoint,
): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  let roundTrips = 0;
  const forward = (
    incoming: IncomingMessage,
    outgoing: ServerResponse,
  ): void => {
    const relay = (body: Buffer): void => {
      const upstream = httpRequest(
        new URL(incoming.url ?? '/', target),
        {
          method: incoming.method,
          headers: { ...incoming.headers, host: new URL(target).host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', (error) => {
        outgoing.writeHead(502).end(`proxy: ${error.message}`);
      });
      upstream.end(body);
    };
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      roundTrips += 1;
      for (const method of methodsOf(body.toString('utf8'))) {
        counts.set(method, (counts.get(method) ?? 0) + 1);
      }
      if (paymaster) {
        paymasterAnswer(
          paymaster,
          new URL(incoming.url ?? '/', target).href,
          body.toString('utf8'),
          [incoming.headers['x-paymaster-api-key']].flat()[0],
        )
          .then((answer) => {
            if (answer === 'forward') {
              relay(body);
            } else if (answer === undefined) {
              outgoing.writeHead(204).end();
            } else {
              outgoing
                .writeHead(200, { 'Content-Type': 'application/json' })
                .end(JSON.stringify(answer));
            }
            return undefined;
          })
          .catch((error: unknown) => {
            outgoing.writeHead(502).end(`proxy: ${String(error)}`);
          });
        return;
      }
      relay(body);
    });
  };
  const server: Server = createServer(forward);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    requestCount: (method) =>
      method === undefined
        ? [...counts.values()].reduce((sum, count) => sum + count, 0)
        : (counts.get(method) ?? 0),
    roundTripCount: () => roundTrips,
    resetRequestCount: (): void => {
      counts.clear();
      roundTrips = 0;
    },
    close: async (): Promise<void> => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
