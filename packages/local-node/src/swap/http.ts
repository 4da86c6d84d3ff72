import type { IncomingMessage, ServerResponse } from 'node:http';

import { answerBuild } from './build';
import { errorBody, SwapApiError } from './errors';
import { QuoteBook } from './quote-book';
import { answerQuotes } from './quotes';
import { MAX_BODY_BYTES } from '../base/constants';
import type { LocalChain } from '../chain/local-chain';

/**
 * AVNU's swap API on the node's own port, beside JSON-RPC and the
 * paymaster: `GET /swap/v3/quotes` and `POST /swap/v3/build`, so a wallet
 * whose swap API base is the node's origin swaps as it does through
 * `https://sepolia.api.avnu.fi`. The server sets CORS and answers
 * preflights before it hands a request here. Answers are JSON; refusals
 * are AVNU's `{messages, revertError: null}` with 400 (a wrong request),
 * 405 (wrong method), 413 (body over the node's limit) or 500.
 */

export const SWAP_QUOTES_PATH = '/swap/v3/quotes';
export const SWAP_BUILD_PATH = '/swap/v3/build';

export type SwapOptions = {
  /** The current chain (devnet_load replaces it, and its quotes with it). */
  chain: () => LocalChain;
};

export type SwapHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Whether a path is one of the swap API's.
 *
 * @param path - The URL path (no query).
 * @returns True for `/swap/v3/quotes` and `/swap/v3/build`.
 */
export function isSwapPath(path: string): boolean {
  return path === SWAP_QUOTES_PATH || path === SWAP_BUILD_PATH;
}

const send = (res: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
};

/**
 * Reads a request body, refusing one over the node's limit.
 *
 * @param req - The request.
 * @returns The body's text.
 */
async function readBody(req: IncomingMessage): Promise<string> {
  const tooLarge = new SwapApiError(413, 'request body exceeds the node limit');
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    req.resume();
    throw tooLarge;
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        // Read on (and drop) the rest, so the answer reaches the client.
        chunks.length = 0;
        reject(tooLarge);
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * The swap API's handler.
 *
 * @param options - Where the chain is.
 * @returns The handler.
 */
export function createSwapHandler(options: SwapOptions): SwapHandler {
  const books = new WeakMap<LocalChain, QuoteBook>();
  const bookOf = (chain: LocalChain): QuoteBook => {
    let book = books.get(chain);
    if (!book) {
      book = new QuoteBook();
      books.set(chain, book);
    }
    return book;
  };
  const answer = async (req: IncomingMessage, url: URL): Promise<unknown> => {
    const chain = options.chain();
    if (url.pathname === SWAP_QUOTES_PATH) {
      return answerQuotes(chain, bookOf(chain), url.searchParams);
    }
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SwapApiError(400, 'the body is not JSON');
    }
    return answerBuild(chain, bookOf(chain), body);
  };
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://node');
    const method = url.pathname === SWAP_QUOTES_PATH ? 'GET' : 'POST';
    if (req.method !== method) {
      req.resume();
      res.setHeader('Allow', `${method}, OPTIONS`);
      send(res, 405, errorBody(`use ${method}`));
      return;
    }
    answer(req, url)
      .then((body) => send(res, 200, body))
      .catch((error: unknown) => {
        if (error instanceof SwapApiError) {
          send(res, error.status, errorBody(error.message));
        } else {
          send(res, 500, errorBody(String(error)));
        }
      })
      .catch(() => res.destroy());
  };
}
