import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { MAX_UPLOAD_BYTES, addSettings, addUploads, parseUploads } from './add';
import { prepareCat } from './cat';
import { StorageError } from './errors';
import { Flags } from './flags';
import { ipfsLibraries } from './ipfs-libraries';
import { keepBlocks } from './journal';
import { objectGet } from './object-get';
import type { LocalChain } from '../chain/local-chain';

/**
 * The content-storage HTTP API of the provider contract (the IPFS HTTP API
 * subset `add`, `cat`, `object/get`) on the node's own port.
 */

export const STORAGE_PATH = '/api/v0';

/** The reference implementation's error body (its field names). */
// eslint-disable-next-line @typescript-eslint/naming-convention
type ErrorBody = { Message: string; Code: number; Type: 'error' };

/** The API key and secret of the provider contract. */
export type Credentials = { key: string; secret: string };

export type StorageOptions = {
  /** Basic-auth `key:secret` every request must carry; none: open. */
  credentials: Credentials | undefined;
  /** The current chain: content belongs to it (devnet_load replaces both). */
  chain: () => LocalChain;
};

export type StorageHandler = (
  req: IncomingMessage,
  res: ServerResponse,
) => void;

type CommandContext = {
  flags: Flags;
  req: IncomingMessage;
  res: ServerResponse;
  chain: LocalChain;
};

/** Calls of the reference API a hosted provider refuses (HTTP 403). */
const FORBIDDEN = [
  /^config(\/|$)/u,
  /^key(\/|$)/u,
  /^shutdown$/u,
  /^repo\/gc$/u,
  /^(pin|block)\/rm$/u,
  /^bootstrap\/(add|rm)(\/|$)/u,
  /^swarm\/(connect|disconnect)$/u,
];

/** Browser origins allowed: sandboxed frames (snaps send `null`) and loopback pages. */
const ALLOWED_ORIGIN =
  /^(null|https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?)$/u;

const EXPOSED_HEADERS =
  'X-Stream-Output, X-Chunked-Output, X-Content-Length, X-Stream-Error';

type Command = (context: CommandContext) => Promise<void>;

/**
 * `add`: multipart upload in, NDJSON out.
 *
 * @param context - The request, its flags and the current chain.
 */
const addCommand: Command = async (context) => {
  const { flags, req, res, chain } = context;
  const settings = addSettings(flags);
  const uploads = await parseUploads(
    await readBody(req, MAX_UPLOAD_BYTES),
    req.headers['content-type'],
  );
  const libraries = await ipfsLibraries();
  const entries = addUploads(uploads, settings, libraries, (blocks) =>
    keepBlocks(chain, blocks),
  );
  await stream(
    res,
    { 'Content-Type': 'application/json', 'X-Chunked-Output': '1' },
    lines(entries),
    (message) => `${JSON.stringify(errorBody(500, message))}\n`,
  );
};

/**
 * `cat`: the bytes of one or more files.
 *
 * @param context - The request, its flags and the current chain.
 */
const catCommand: Command = async (context) => {
  const { flags, req, res, chain } = context;
  req.resume();
  const output = await prepareCat(flags, chain.content, await ipfsLibraries());
  await stream(
    res,
    {
      'Content-Type': 'text/plain',
      'X-Stream-Output': '1',
      'X-Content-Length': String(output.size),
    },
    output.chunks,
  );
};

/**
 * `object/get`: the link object of a dag-pb node.
 *
 * @param context - The request, its flags and the current chain.
 */
const objectGetCommand: Command = async (context) => {
  const { flags, req, res, chain } = context;
  req.resume();
  const object = await objectGet(flags, chain.content, await ipfsLibraries());
  const body = JSON.stringify(object);
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
};

const COMMANDS = new Map<string, Command>([
  ['add', addCommand],
  ['cat', catCommand],
  ['object/get', objectGetCommand],
]);

/**
 * Whether a request path belongs to the content-storage API.
 *
 * @param path - The URL path, without the query.
 * @returns True for `/api/v0` and below.
 */
export function isStoragePath(path: string): boolean {
  return path === STORAGE_PATH || path.startsWith(`${STORAGE_PATH}/`);
}

/**
 * Builds the request handler of the content-storage API.
 *
 * @param options - Credentials and the chain.
 * @returns The handler.
 */
export function createStorageHandler(options: StorageOptions): StorageHandler {
  return (req, res) => {
    serve(options, req, res).catch((error: unknown) => {
      req.resume();
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const status = error instanceof StorageError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (status === 413) {
        res.setHeader('Connection', 'close');
      }
      const body = JSON.stringify(errorBody(status, message));
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
    });
  };
}

/**
 * Checks, in order: origin (405), method (405; a browser's preflight is
 * answered), credentials (401), command (403 forbidden, 404 unknown), then
 * runs the command.
 *
 * @param options - Credentials and the chain.
 * @param req - The request.
 * @param res - The response.
 */
async function serve(
  options: StorageOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { origin } = req.headers;
  if (origin !== undefined) {
    if (!ALLOWED_ORIGIN.test(origin)) {
      throw new StorageError(
        405,
        `cross-origin calls from ${origin} are not allowed`,
      );
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS') {
      res.writeHead(200, {
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type',
        'Access-Control-Max-Age': '86400',
        'Content-Length': 0,
      });
      res.end();
      return;
    }
  }
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    throw new StorageError(
      405,
      `method ${String(req.method)} not allowed: use POST`,
    );
  }
  if (options.credentials && !authorised(options.credentials, req)) {
    res.setHeader('WWW-Authenticate', 'Basic realm="content storage"');
    throw new StorageError(401, 'missing or invalid API key and secret');
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const command = url.pathname
    .slice(STORAGE_PATH.length + 1)
    .replace(/\/$/u, '');
  const run = COMMANDS.get(command);
  if (!run) {
    throw FORBIDDEN.some((pattern) => pattern.test(command))
      ? new StorageError(403, `${command} is not allowed on this node`)
      : new StorageError(404, `command not found: ${command}`);
  }
  const flags = new Flags(url.searchParams);
  flags.only('encoding', ['json']);
  await run({ flags, req, res, chain: options.chain() });
}

/**
 * Whether the request carries the node's key and secret as basic auth.
 *
 * @param credentials - The expected key and secret.
 * @param req - The request.
 * @returns True when they match.
 */
function authorised(credentials: Credentials, req: IncomingMessage): boolean {
  const encoded = /^Basic ([A-Za-z0-9+/]+=*)$/iu.exec(
    req.headers.authorization ?? '',
  )?.[1];
  if (encoded === undefined) {
    return false;
  }
  const digest = (text: string): Buffer =>
    createHash('sha256').update(text).digest();
  return timingSafeEqual(
    digest(Buffer.from(encoded, 'base64').toString('utf8')),
    digest(`${credentials.key}:${credentials.secret}`),
  );
}

/**
 * Reads a request body, refusing more than `limit` bytes (413).
 *
 * @param req - The request.
 * @param limit - Most bytes accepted.
 * @returns The body.
 */
async function readBody(
  req: IncomingMessage,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = new StorageError(
    413,
    `request body exceeds the ${limit / 1024 / 1024} MiB limit`,
  );
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    throw tooLarge;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const piece = Buffer.from(chunk);
    size += piece.length;
    if (size > limit) {
      throw tooLarge;
    }
    chunks.push(piece);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const piece of chunks) {
    body.set(piece, offset);
    offset += piece.length;
  }
  return body;
}

/**
 * The reference implementation's error body; `Code` 1 is its client error.
 *
 * @param status - The HTTP status.
 * @param message - The reason.
 * @returns The body.
 */
function errorBody(status: number, message: string): ErrorBody {
  return { Message: message, Code: status < 500 ? 1 : 0, Type: 'error' };
}

/**
 * Objects as NDJSON lines.
 *
 * @param objects - The objects.
 * @yields One line each.
 */
async function* lines(
  objects: AsyncIterable<Record<string, unknown>>,
): AsyncGenerator<string> {
  for await (const object of objects) {
    yield `${JSON.stringify(object)}\n`;
  }
}

/**
 * Streams a response. Until the first piece is ready an error is still an
 * HTTP status (the caller's); after it, status 200 is sent, so an error is
 * reported in the `X-Stream-Error` trailer (and, for NDJSON, as a last line).
 *
 * @param res - The response.
 * @param headers - Headers of a successful answer.
 * @param pieces - The body.
 * @param lastLine - The body's last piece after an error, if any.
 */
async function stream(
  res: ServerResponse,
  headers: Record<string, string>,
  pieces: AsyncIterable<string | Uint8Array>,
  lastLine?: (message: string) => string,
): Promise<void> {
  const iterator = pieces[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.writeHead(200, { ...headers, Trailer: 'X-Stream-Error' });
  try {
    while (next.done !== true && !res.destroyed) {
      if (!res.write(next.value)) {
        await new Promise((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
      next = await iterator.next();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (lastLine) {
      res.write(lastLine(message));
    }
    res.addTrailers({
      'X-Stream-Error': message.replace(/[^\x20-\x7e]/gu, ' '),
    });
  }
  res.end();
}
