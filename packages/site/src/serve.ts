/**
 * Serves the built page on localhost with Node's http module. The snap id
 * the page connects to is written into index.html as it is served.
 */
import { readFile } from 'fs/promises';
import { createServer } from 'http';
import type { IncomingMessage, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { extname, join, normalize, sep } from 'path';

import { buildSite, DIST_DIR } from './build';

export type SiteOptions = {
  /** The port; 0 picks a free one. */
  port: number;
  /** The snap the page connects to, e.g. `local:http://localhost:8081`. */
  snapId: string;
  /** The interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Serve this built folder as is instead of building into dist/. */
  distDir?: string;
};

export type RunningSite = {
  /** The page's address, e.g. `http://127.0.0.1:8080/`. */
  url: string;
  /** Stops the server. */
  stop(): Promise<void>;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The placeholder in index.html the snap id replaces. */
export const SNAP_ID_PLACEHOLDER = '__SNAPNET_SNAP_ID__';

/**
 * Escapes text for an HTML attribute.
 *
 * @param text - The text.
 * @returns The escaped text.
 */
function escapeAttribute(text: string): string {
  return text
    .replace(/&/gu, '&amp;')
    .replace(/"/gu, '&quot;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;');
}

/**
 * The file a request path names inside the served folder, if any.
 *
 * @param root - The served folder.
 * @param urlPath - The request's path.
 * @returns The file's path, or undefined when it would leave the folder.
 */
function fileOf(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  const relative = normalize(path === '/' ? '/index.html' : path);
  const file = join(root, relative);
  return file.startsWith(root + sep) ? file : undefined;
}

/**
 * Answers one request with a file of the served folder (index.html with the
 * snap id written in), or 404.
 *
 * @param root - The served folder.
 * @param snapId - The snap the page connects to.
 * @param request - The request.
 * @param response - The response.
 */
async function respond(
  root: string,
  snapId: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const file = fileOf(root, request.url ?? '/');
  const type = file ? TYPES[extname(file)] : undefined;
  const content =
    file && type && request.method === 'GET'
      ? await readFile(file).catch(() => undefined)
      : undefined;
  if (!file || !type || !content) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  response
    .writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' })
    .end(
      file.endsWith('index.html')
        ? content
            .toString('utf8')
            .replaceAll(SNAP_ID_PLACEHOLDER, escapeAttribute(snapId))
        : content,
    );
}

/**
 * Builds the page (unless `distDir` is given) and serves it.
 *
 * @param options - Port, snap id, host.
 * @returns The page's URL and a way to stop the server.
 */
export async function serveSite(options: SiteOptions): Promise<RunningSite> {
  const root = options.distDir ?? (await buildSite(DIST_DIR));
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => {
    respond(root, options.snapId, request, response).catch(() =>
      response.destroy(),
    );
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port, host, () => resolveListen());
  });
  const address: AddressInfo | string | null = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host}:${port}/`,
    stop: async () =>
      new Promise<void>((resolveClose, rejectClose) => {
        server.closeAllConnections();
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
      }),
  };
}
