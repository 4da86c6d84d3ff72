/**
 * Serves the built snap to MetaMask Flask on 127.0.0.1. `mm-snap serve`
 * cannot do this: it listens on every interface and takes no host (snaps-cli
 * 8.4's server calls `app.listen(port)`). This serves what it serves — the
 * manifest and the files the manifest names, nothing else — with its
 * headers (no caching, any origin).
 */
import { readFile } from 'fs/promises';
import { createServer } from 'http';
import type { ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { extname, posix, resolve } from 'path';
import { array, create, optional, string, type } from 'superstruct';

const MANIFEST = 'snap.manifest.json';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

export type RunningSnapServer = {
  /** E.g. `http://127.0.0.1:8081`. */
  url: string;
  port: number;
  stop: () => Promise<void>;
};

/** The parts of a manifest that name the files a snap is made of. */
const ManifestFilesStruct = type({
  source: type({
    location: type({
      npm: type({ filePath: string(), iconPath: optional(string()) }),
    }),
    files: optional(array(string())),
    locales: optional(array(string())),
  }),
});

/**
 * The paths a snap's manifest lets the server hand out: the manifest, the
 * bundle, the icon, locales and auxiliary files.
 *
 * @param manifest - The manifest's JSON text.
 * @returns The paths, relative, `/`-separated.
 */
function servedPaths(manifest: string): Set<string> {
  const { source } = create(JSON.parse(manifest), ManifestFilesStruct);
  const named = [
    MANIFEST,
    source.location.npm.filePath,
    source.location.npm.iconPath ?? MANIFEST,
    ...(source.files ?? []),
    ...(source.locales ?? []),
  ];
  return new Set(named.map((path) => posix.normalize(path)));
}

/**
 * Answers one request: a file the manifest names, read now (so a rebuild is
 * served at once), or 404.
 *
 * @param root - The build's folder.
 * @param urlPath - The request's path.
 * @param response - The response.
 */
async function respond(
  root: string,
  urlPath: string,
  response: ServerResponse,
): Promise<void> {
  const manifest = await readFile(resolve(root, MANIFEST), 'utf8');
  let path: string;
  try {
    path = posix.normalize(decodeURIComponent(urlPath.split('?')[0] ?? '/'));
  } catch {
    path = '';
  }
  const relative = path.replace(/^\/+/u, '');
  const contentType = TYPES[extname(relative)];
  if (!contentType || !servedPaths(manifest).has(relative)) {
    response.writeHead(404).end();
    return;
  }
  const content =
    relative === MANIFEST ? manifest : await readFile(resolve(root, relative));
  response
    .writeHead(200, {
      'Content-Type': contentType,
      'Cache-Control': 'no-cache',
      'Access-Control-Allow-Origin': '*',
    })
    .end(content);
}

/**
 * Serves the built snap in `root` on 127.0.0.1.
 *
 * @param root - The build's folder (snap.manifest.json and what it names).
 * @param port - The port; 0 picks a free one.
 * @returns The server.
 */
export async function serveSnap(
  root: string,
  port: number,
): Promise<RunningSnapServer> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    respond(root, request.url ?? '/', response).catch(() => {
      if (!response.headersSent) {
        response.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, '127.0.0.1', () => resolveListen());
  });
  const address: AddressInfo | string | null = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    stop: async () =>
      new Promise<void>((resolveClose, rejectClose) => {
        server.closeAllConnections();
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
      }),
  };
}
