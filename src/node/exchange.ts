import { formatBytes } from './limits';

/** The limits of one exchange: its whole duration and its answer's size. */
export type ExchangeLimits = {
  timeoutMs: number;
  maxBytes: number;
};

/**
 * Why an exchange failed, in words for the dapp (the caller names the
 * network).
 */
export class ExchangeFailure extends Error {}

/**
 * Exchanges in flight to one origin at most (a browser's HTTP/1.1
 * connections per host): a burst of requests (dapps calling at once, a
 * page's reads) never opens hundreds of connections to a node or a
 * paymaster; the others wait their turn, first come first served.
 */
export const EXCHANGES_PER_ORIGIN = 6;

const origins = new Map<string, { running: number; waiting: (() => void)[] }>();

/**
 * Runs an exchange in its origin's turn (see EXCHANGES_PER_ORIGIN).
 *
 * @param url - Where it goes.
 * @param exchange - The exchange.
 * @returns What it answered.
 */
async function inTurn<Result>(
  url: string,
  exchange: () => Promise<Result>,
): Promise<Result> {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // Not a URL: fetch refuses it, in its own turn.
  }
  const queue = origins.get(origin) ?? { running: 0, waiting: [] };
  origins.set(origin, queue);
  if (queue.running >= EXCHANGES_PER_ORIGIN) {
    await new Promise<void>((resolve) => queue.waiting.push(resolve));
  } else {
    queue.running += 1;
  }
  try {
    return await exchange();
  } finally {
    // The turn passes to the next waiting exchange, or is given back.
    const next = queue.waiting.shift();
    if (next) {
      next();
    } else {
      queue.running -= 1;
      if (queue.running === 0) {
        origins.delete(origin);
      }
    }
  }
}

/**
 * Posts a JSON body and parses the JSON answer in its origin's turn (at most
 * EXCHANGES_PER_ORIGIN at once; the time limit runs from the turn on), the
 * whole exchange —
 * connection, headers and every byte of the body — within
 * `limits.timeoutMs`, and the body within `limits.maxBytes` (read as a
 * stream and abandoned as soon as it is larger, or as soon as its declared
 * length is).
 *
 * @param url - Where to post.
 * @param body - The JSON value to send.
 * @param limits - Time and size limits.
 * @param headers - Extra request headers (a paymaster's API key).
 * @returns The parsed answer.
 * @throws {ExchangeFailure} Naming the failure: unreachable, HTTP status,
 * timeout, too large, or not JSON.
 */
export async function postJson(
  url: string,
  body: unknown,
  limits: ExchangeLimits,
  headers: Record<string, string> = {},
): Promise<unknown> {
  return inTurn(url, async () => exchangeJson(url, body, limits, headers));
}

/**
 * Posts a JSON body and parses the JSON answer (see postJson).
 *
 * @param url - Where to post.
 * @param body - The JSON value to send.
 * @param limits - Time and size limits.
 * @param headers - Extra request headers.
 * @returns The parsed answer.
 */
async function exchangeJson(
  url: string,
  body: unknown,
  limits: ExchangeLimits,
  headers: Record<string, string>,
): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const timedOut = (): ExchangeFailure =>
    new ExchangeFailure(
      `no complete answer within ${limits.timeoutMs / 1000} s`,
    );
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) {
        throw timedOut();
      }
      throw new ExchangeFailure(`unreachable (${messageOf(error)})`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      // The status text is the server's own words: not passed on.
      throw new ExchangeFailure(`HTTP ${response.status}`);
    }
    const text = await readText(response, limits.maxBytes, controller.signal);
    if (controller.signal.aborted) {
      throw timedOut();
    }
    return parseJson(text);
  } catch (error) {
    if (error instanceof ExchangeFailure) {
      throw error;
    }
    if (controller.signal.aborted) {
      throw timedOut();
    }
    throw new ExchangeFailure(`unreadable answer (${messageOf(error)})`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a body as UTF-8 text, at most `maxBytes` of it. When `signal`
 * aborts, the read is cancelled (whether or not the fetch implementation
 * ties the body to the signal).
 *
 * @param response - The response.
 * @param maxBytes - The most bytes accepted.
 * @param signal - Aborts the read.
 * @returns The text.
 */
async function readText(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string> {
  const tooLarge = (): ExchangeFailure =>
    new ExchangeFailure(`answer larger than ${formatBytes(maxBytes)}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) {
    return '';
  }
  const reader = response.body.getReader();
  const cancel = (): void => {
    reader.cancel().catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let text = '';
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) {
        return text + decoder.decode();
      }
      size += value.byteLength;
      if (size > maxBytes) {
        cancel();
        throw tooLarge();
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * Parses a JSON-RPC answer: JSON, an object or an array.
 *
 * @param text - The body.
 * @returns The parsed value.
 */
function parseJson(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's message quotes the text: the node's words, not passed on.
    throw new ExchangeFailure('malformed answer (not JSON)');
  }
  if (typeof parsed !== 'object' || parsed === null) {
    throw new ExchangeFailure(
      'malformed answer (not a JSON-RPC response or batch)',
    );
  }
  return parsed;
}

/**
 * The message of anything thrown.
 *
 * @param error - What was thrown.
 * @returns Its message.
 */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
