import type { ServerResponse } from 'http';

/**
 * Answers of a hostile node, shared by the node client's unit tests and the
 * snap's chain tests: each sends a 200 with JSON headers, then misbehaves.
 */

/**
 * Sends headers and the start of a body, then nothing more.
 *
 * @param response - The response.
 */
export function sendHeadersThenStall(response: ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.write('[{"jsonrpc":"2.0",');
}

/**
 * Sends a body that never ends, one byte at a time.
 *
 * @param response - The response.
 */
export function sendTrickle(response: ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.write('[');
  const trickle = setInterval(() => {
    if (!response.destroyed) {
      response.write(' ');
    }
  }, 20);
  response.on('close', () => clearInterval(trickle));
}

/**
 * Sends body bytes as fast as the client reads them, without end (and
 * without a Content-Length).
 *
 * @param response - The response.
 */
export function sendEndlessBody(response: ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  const chunk = ' '.repeat(64 * 1024);
  const writeMore = (): void => {
    while (!response.destroyed && response.write(chunk)) {
      // Until the socket pushes back; 'drain' resumes.
    }
  };
  response.on('drain', writeMore);
  writeMore();
}
