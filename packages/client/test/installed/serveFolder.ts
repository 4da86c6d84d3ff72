/**
 * A folder served over HTTP on loopback (a free port): the installed snap
 * package for the simulator to install as a `local:` snap, and the test
 * page for Chromium.
 */
import { readFile } from 'fs/promises';
import { createServer } from 'http';
import type { AddressInfo } from 'net';
import { extname, join, normalize } from 'path';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export type ServedFolder = { url: string; close: () => Promise<void> };

/**
 * Serves a folder's files.
 *
 * @param dir - The folder.
 * @returns Its URL (no trailing slash), and how to stop serving.
 */
export async function serveFolder(dir: string): Promise<ServedFolder> {
  const server = createServer((request, response) => {
    const path = normalize(
      decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname),
    );
    const file = join(dir, path === '/' ? 'index.html' : path);
    readFile(file)
      .then(
        (body) =>
          response
            .writeHead(200, {
              'content-type':
                TYPES[extname(file)] ?? 'application/octet-stream',
            })
            .end(body),
        () => response.writeHead(404).end(),
      )
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolveListening) =>
    server.listen(0, '127.0.0.1', resolveListening),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () =>
      new Promise<void>((resolveClosed) => {
        server.closeAllConnections();
        server.close(() => resolveClosed());
      }),
  };
}
