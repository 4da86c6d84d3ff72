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

type Turns = { running: number; waiting: (() => void)[] };

const origins = new Map<string, Turns>();

/**
 * Waits for a turn among an origin's exchanges, `timeoutMs` at most: an
 * exchange whose turn does not come in time leaves the line, and fails as
 * one that took too long (the origin's exchanges in flight are not
 * answering), so no request waits on a stalled node or paymaster longer
 * than the limit it was given.
 *
 * @param queue - The origin's turns.
 * @param timeoutMs - The most it waits.
 * @returns When its turn has come.
 */
async function turnWithin(queue: Turns, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      queue.waiting.push(resolve);
      timer = setTimeout(() => {
        const place = queue.waiting.indexOf(resolve);
        if (place !== -1) {
          queue.waiting.splice(place, 1);
          reject(tookTooLong(timeoutMs));
        }
      }, timeoutMs);
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs an exchange in its origin's turn (see EXCHANGES_PER_ORIGIN), within
 * its time limit from the moment it is asked: the wait for a turn included,
 * the exchange gets what is left of it.
 *
 * @param url - Where it goes.
 * @param timeoutMs - Its whole time limit.
 * @param exchange - The exchange, given the time left for it.
 * @returns What it answered.
 */
async function inTurn<Result>(
  url: string,
  timeoutMs: number,
  exchange: (timeLeftMs: number) => Promise<Result>,
): Promise<Result> {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // Not a URL: fetch refuses it, in its own turn.
  }
  const queue = origins.get(origin) ?? { running: 0, waiting: [] };
  origins.set(origin, queue);
  const asked = Date.now();
  if (queue.running >= EXCHANGES_PER_ORIGIN) {
    await turnWithin(queue, timeoutMs);
  } else {
    queue.running += 1;
  }
  try {
    return await exchange(Math.max(timeoutMs - (Date.now() - asked), 1));
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
 * The failure of an exchange that took longer than its limit.
 *
 * @param timeoutMs - The limit.
 * @returns The failure.
 */
function tookTooLong(timeoutMs: number): ExchangeFailure {
  return new ExchangeFailure(`no complete answer within ${timeoutMs / 1000} s`);
}

/**
 * Posts a JSON body and parses the JSON answer in its origin's turn (at most
 * EXCHANGES_PER_ORIGIN at once), the whole exchange — the wait for its
 * turn, connection, headers and every byte of the body — within
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
  return inTurn(url, limits.timeoutMs, async (timeLeftMs) =>
    exchangeJson(url, body, { ...limits, timeLeftMs }, headers),
  );
}

/**
 * Posts a JSON body and parses the JSON answer (see postJson).
 *
 * @param url - Where to post.
 * @param body - The JSON value to send.
 * @param limits - Time and size limits, and the time left of the whole
 * limit once the exchange had its turn.
 * @param headers - Extra request headers.
 * @returns The parsed answer.
 */
async function exchangeJson(
  url: string,
  body: unknown,
  limits: ExchangeLimits & { timeLeftMs: number },
  headers: Record<string, string>,
): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeLeftMs);
  const timedOut = (): ExchangeFailure => tookTooLong(limits.timeoutMs);
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
