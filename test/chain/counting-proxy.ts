import { createServer, request as httpRequest } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';

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

/**
 * Starts a proxy on `port` that forwards every request to `target` and counts
 * the JSON-RPC calls it carries, so the chain tests can count the snap's
 * calls to a node that does not count them itself (starknet-devnet), the
 * way the local node's `requestCount` does.
 *
 * @param port - The loopback port to listen on.
 * @param target - Where to forward (`http://127.0.0.1:PORT`).
 * @returns The running proxy.
 */
export async function startCountingProxy(
  port: number,
  target: string,
): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  let roundTrips = 0;
  const forward = (
    incoming: IncomingMessage,
    outgoing: ServerResponse,
  ): void => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      roundTrips += 1;
      for (const method of methodsOf(body.toString('utf8'))) {
        counts.set(method, (counts.get(method) ?? 0) + 1);
      }
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
