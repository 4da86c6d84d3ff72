import { createServer } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';

import type { BroadcastTransaction } from '../src/node/calls';

/**
 * Loopback HTTP servers that play a node as a unit test scripts them, for
 * the node client's tests (src/node/*.test.ts): every POST's requests are
 * parsed, kept, and answered as the script says.
 */

/** A JSON-RPC request as the client sends it. */
export type RpcRequest = { id: number; method: string; params: unknown };

/** How a scripted node answers one POST (its requests already parsed). */
export type Script = (requests: RpcRequest[], response: ServerResponse) => void;

/** A node started for one test: its URL and the POSTs it received. */
export type ScriptedNode = {
  url: string;
  posts: RpcRequest[][];
  /** Stops it, so its URL is unreachable. */
  close(): Promise<void>;
};

const servers = new Set<Server>();

/**
 * Reads a request's body.
 *
 * @param request - The request.
 * @returns Its body as text.
 */
async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Stops a server and its connections.
 *
 * @param server - The server.
 */
async function stop(server: Server): Promise<void> {
  servers.delete(server);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * Starts a loopback HTTP server that plays a node as `script` says. Each
 * node has a path of its own: the client remembers checked endpoints by URL.
 *
 * @param script - How to answer each POST.
 * @returns The node.
 */
export async function scriptedNode(script: Script): Promise<ScriptedNode> {
  const posts: RpcRequest[][] = [];
  const server = createServer((request, response) => {
    bodyOf(request)
      .then((text) => {
        const parsed: RpcRequest | RpcRequest[] = JSON.parse(text);
        const requests = Array.isArray(parsed) ? parsed : [parsed];
        posts.push(requests);
        return script(requests, response);
      })
      .catch(() => response.destroy());
  });
  servers.add(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rpc/${servers.size}`,
    posts,
    close: async () => stop(server),
  };
}

/**
 * Stops every scripted node still running (a test file's afterAll).
 */
export async function closeScriptedNodes(): Promise<void> {
  await Promise.all([...servers].map(stop));
}

/**
 * Answers with a JSON value.
 *
 * @param response - The response.
 * @param value - The body.
 */
export function sendJson(response: ServerResponse, value: unknown): void {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(value));
}

/**
 * Answers every request of a POST with a result, always as a batch.
 *
 * @param resultOf - The result of each request.
 * @returns The script.
 */
export function answering(resultOf: (request: RpcRequest) => unknown): Script {
  return (requests, response) =>
    sendJson(
      response,
      requests.map((request) => ({
        jsonrpc: '2.0',
        id: request.id,
        result: resultOf(request),
      })),
    );
}

/** A v3 invoke to hand a node (its fields need not make sense to one). */
export const BROADCAST_INVOKE: BroadcastTransaction = {
  type: 'INVOKE',
  version: '0x3',
  sender_address: '0x1',
  calldata: [],
  signature: ['0x1', '0x2'],
  nonce: '0x0',
  resource_bounds: {
    l1_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
    l2_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
    l1_data_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
  },
  tip: '0x0',
  paymaster_data: [],
  account_deployment_data: [],
  nonce_data_availability_mode: 'L1',
  fee_data_availability_mode: 'L1',
};

/**
 * The error a call fails with.
 *
 * @param pending - The call.
 * @returns What it threw.
 */
export async function failureOf(pending: Promise<unknown>): Promise<unknown> {
  try {
    await pending;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail');
}
