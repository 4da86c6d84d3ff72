import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';

import type { Dispatcher } from './jsonrpc';
import { MAX_BODY_BYTES } from '../base/constants';
import type { RequestInfo } from '../methods/types';
import type { StorageHandler } from '../storage/http';
import { isStoragePath } from '../storage/http';
import type { SwapHandler } from '../swap/http';
import { isSwapPath } from '../swap/http';

export type ServerOptions = {
  host: string;
  port: number;
  apiKey: string | undefined;
  dispatcher: Dispatcher;
  /** The content-storage API, served under /api/v0. */
  storage: StorageHandler;
  /** AVNU's swap API, `/swap/v3/quotes` and `/swap/v3/build`. */
  swap: SwapHandler;
};

export type RunningServer = { port: number; close(): Promise<void> };

const LIMIT_TEXT = `request body exceeds the ${MAX_BODY_BYTES / 1024 / 1024} MB limit`;

/**
 * Whether a path may be served, and whether its key is accepted.
 *
 * @param path - The URL path (no query).
 * @param prefix - '' for HTTP, '/ws' for WebSocket.
 * @param apiKey - The required key, if any.
 * @returns 'ok', 'unauthorized' or 'not-found'.
 */
function checkPath(
  path: string,
  prefix: '' | '/ws',
  apiKey: string | undefined,
): 'ok' | 'unauthorized' | 'not-found' {
  const match = new RegExp(`^${prefix}/v3/([^/]+)/?$`, 'u').exec(path);
  if (match) {
    return apiKey === undefined || match[1] === apiKey ? 'ok' : 'unauthorized';
  }
  const plain =
    prefix === ''
      ? ['/', '/rpc', '/rpc/', '/rpc/v0_10', '/rpc/v0_10_2']
      : ['/ws', '/ws/', '/rpc/ws'];
  return plain.includes(path) ? 'ok' : 'not-found';
}

const setCors = (req: IncomingMessage, res: ServerResponse): void => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    req.headers['access-control-request-headers'] ??
      'Content-Type, Authorization',
  );
  res.setHeader('Access-Control-Max-Age', '86400');
};

/**
 * What the methods read of a request's headers: the paymaster's sponsorship
 * key (`x-paymaster-api-key`, AVNU's header, which starknet.js sends).
 *
 * @param req - The request (or the WebSocket handshake).
 * @returns The request's info.
 */
function requestInfo(req: IncomingMessage): RequestInfo {
  const key = req.headers['x-paymaster-api-key'];
  return { paymasterApiKey: Array.isArray(key) ? key[0] : key };
}

const sendJson = (res: ServerResponse, status: number, body: string): void => {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
};

const tooLarge = (res: ServerResponse): void => {
  res.setHeader('Connection', 'close');
  sendJson(
    res,
    413,
    JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request', data: LIMIT_TEXT },
    }),
  );
};

/**
 * Handles one HTTP request.
 *
 * @param options - Server options.
 * @param req - The request.
 * @param res - The response.
 */
function handleHttp(
  options: ServerOptions,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (isStoragePath(path)) {
    options.storage(req, res);
    return;
  }
  setCors(req, res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204);
    res.end();
    return;
  }
  if (req.method === 'GET' && path === '/is_alive') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('Alive!!!');
    return;
  }
  if (isSwapPath(path)) {
    options.swap(req, res);
    return;
  }
  const access = checkPath(path, '', options.apiKey);
  if (access !== 'ok') {
    sendJson(
      res,
      access === 'unauthorized' ? 401 : 404,
      JSON.stringify({
        error: access === 'unauthorized' ? 'invalid API key' : 'not found',
      }),
    );
    return;
  }
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST, OPTIONS');
    sendJson(res, 405, JSON.stringify({ error: 'use POST' }));
    return;
  }
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    tooLarge(res);
    req.resume();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let aborted = false;
  req.on('data', (chunk: Buffer) => {
    if (aborted) {
      return;
    }
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      aborted = true;
      chunks.length = 0;
      tooLarge(res);
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (aborted) {
      return;
    }
    options.dispatcher
      .handleText(
        Buffer.concat(chunks).toString('utf8'),
        req.headers.origin,
        requestInfo(req),
      )
      .catch((error: unknown) => internalError(error))
      .then((body) =>
        body === undefined
          ? res.writeHead(204).end()
          : sendJson(res, 200, body),
      )
      .catch(() => res.destroy());
  });
  req.on('error', () => {
    aborted = true;
  });
}

/**
 * The answer to a request whose handling threw outside any method.
 *
 * @param error - What it threw.
 * @returns A JSON-RPC internal error.
 */
function internalError(error: unknown): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32603, message: 'Internal error', data: String(error) },
  });
}

/** How long the node keeps an idle keep-alive socket open. */
const IDLE_SOCKET_MS = 60_000;

/**
 * Starts the HTTP + WebSocket server.
 *
 * @param options - Server options.
 * @returns The bound port and a close function.
 */
export async function startServer(
  options: ServerOptions,
): Promise<RunningServer> {
  const server = createServer((req, res) => handleHttp(options, req, res));
  // Idle keep-alive sockets are closed by the client, never by the node
  // first: a client (undici keeps idle sockets 4 s) that reuses a socket
  // just as the server closes it gets a reset — "fetch failed". With the
  // server's default 5 s that race was hit whenever the event loop stalled
  // for seconds (a test hashing a class in the node's own process, a loaded
  // machine).
  server.keepAliveTimeout = IDLE_SOCKET_MS;
  server.headersTimeout = IDLE_SOCKET_MS + 5_000;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_BODY_BYTES,
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const access = checkPath(path, '/ws', options.apiKey);
    if (access !== 'ok') {
      socket.write(
        `HTTP/1.1 ${access === 'unauthorized' ? '401 Unauthorized' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      socket.destroy();
      return;
    }
    // Browsers send the page's origin in the handshake, not in messages.
    const { origin } = req.headers;
    const info = requestInfo(req);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      // Each message is handled as it arrives; the replies leave in the
      // order the messages came, however long each one's answer takes.
      let replies: Promise<unknown> = Promise.resolve();
      ws.on('message', (data, isBinary) => {
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(
              data instanceof ArrayBuffer ? new Uint8Array(data) : data,
            ).toString('utf8');
        const reply = options.dispatcher
          .handleText(text, origin, info)
          .catch((error: unknown) => internalError(error));
        replies = replies
          .then(async () => reply)
          .then((answer) =>
            answer === undefined
              ? undefined
              : ws.send(answer, { binary: isBinary && false }),
          )
          .catch(() => ws.terminate());
      });
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: async (): Promise<void> => {
      for (const client of wss.clients) {
        client.terminate();
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
