import { formatBytes } from './limits';
import { ExchangeFailure, takeTurn, tookTooLong } from './turns';
import type { RequestEnd, RequestScope } from '../requestScope';

/** The limits of one exchange: its whole duration and its answer's size. */
export type ExchangeLimits = {
  timeoutMs: number;
  maxBytes: number;
};

/** What an exchange carries besides its body. */
export type ExchangeOptions = {
  /** Extra request headers (a paymaster's API key). */
  headers?: Record<string, string>;
  /**
   * The request that asks: its requester shares the origin's turns with the
   * others, and when it ends, the exchange is cancelled and its turn given
   * back at once (src/requestScope.ts). Without one, the snap itself asks.
   */
  scope?: RequestScope;
};

/** Who asks when no request scope is given. */
const SNAP_REQUESTER = 'the snap';

/**
 * The origin of a URL, the key of its turns.
 *
 * @param url - The URL.
 * @returns Its origin, or the text itself when it is not a URL (fetch
 * refuses it, in its own turn).
 */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * Runs an exchange in its origin's turn (see turns.ts), within its time
 * limit from the moment it is asked: the wait for a turn included, the
 * exchange gets what is left of it. The turn is given back when the
 * exchange ends, or at once when the asking request ends.
 *
 * @param url - Where it goes.
 * @param timeoutMs - Its whole time limit.
 * @param scope - The asking request, if any.
 * @param exchange - The exchange, given the time left for it.
 * @returns What it answered.
 */
async function inTurn<Result>(
  url: string,
  timeoutMs: number,
  scope: RequestScope | undefined,
  exchange: (timeLeftMs: number) => Promise<Result>,
): Promise<Result> {
  const asked = Date.now();
  const turn = await takeTurn(
    originOf(url),
    scope?.requester ?? SNAP_REQUESTER,
    timeoutMs,
    scope,
  );
  try {
    return await exchange(Math.max(timeoutMs - (Date.now() - asked), 1));
  } finally {
    turn.release();
  }
}

/**
 * Posts a JSON body and parses the JSON answer in its origin's turn (see
 * turns.ts), the whole exchange — the wait for its
 * turn, connection, headers and every byte of the body — within
 * `limits.timeoutMs`, and the body within `limits.maxBytes` (read as a
 * stream and abandoned as soon as it is larger, or as soon as its declared
 * length is).
 *
 * @param url - Where to post.
 * @param body - The JSON value to send.
 * @param limits - Time and size limits.
 * @param options - Extra headers, and the asking request.
 * @returns The parsed answer.
 * @throws {ExchangeFailure} Naming the failure: unreachable, HTTP status,
 * timeout, too large, not JSON, or refused a turn.
 */
export async function postJson(
  url: string,
  body: unknown,
  limits: ExchangeLimits,
  options: ExchangeOptions = {},
): Promise<unknown> {
  return jsonInTurn(url, 'POST', body, limits, options);
}

/**
 * Gets a JSON answer, under the same turns and limits as postJson (a REST
 * API's read: AVNU's quotes).
 *
 * @param url - What to get.
 * @param limits - Time and size limits.
 * @param options - Extra headers, and the asking request.
 * @returns The parsed answer.
 * @throws {ExchangeFailure} As postJson.
 */
export async function getJson(
  url: string,
  limits: ExchangeLimits,
  options: ExchangeOptions = {},
): Promise<unknown> {
  return jsonInTurn(url, 'GET', undefined, limits, options);
}

/** What an exchange sends: its method, headers and body. */
type JsonRequest = {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
};

/**
 * One JSON exchange in its origin's turn (see postJson).
 *
 * @param url - Where it goes.
 * @param method - GET, or POST with a JSON body.
 * @param body - The POST's body.
 * @param limits - Time and size limits.
 * @param options - Extra headers, and the asking request.
 * @returns The parsed answer.
 */
async function jsonInTurn(
  url: string,
  method: 'GET' | 'POST',
  body: unknown,
  limits: ExchangeLimits,
  options: ExchangeOptions,
): Promise<unknown> {
  const { headers = {}, scope } = options;
  const init: JsonRequest =
    method === 'GET'
      ? { method, headers }
      : {
          method,
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        };
  return inTurn(url, limits.timeoutMs, scope, async (timeLeftMs) =>
    exchangeJson(url, init, { ...limits, timeLeftMs }, scope),
  );
}

/**
 * Sends a request and parses the JSON answer (see postJson).
 *
 * @param url - Where to send it.
 * @param init - The method, headers and body.
 * @param limits - Time and size limits, and the time left of the whole
 * limit once the exchange had its turn.
 * @param request - The asking request's end: the fetch is cancelled then.
 * @returns The parsed answer.
 */
async function exchangeJson(
  url: string,
  init: JsonRequest,
  limits: ExchangeLimits & { timeLeftMs: number },
  request: RequestEnd | undefined,
): Promise<unknown> {
  const controller = new AbortController();
  const cancel = (): void => controller.abort();
  const timer = setTimeout(cancel, limits.timeLeftMs);
  const forgetEnd = request?.onEnd(cancel);
  const timedOut = (): ExchangeFailure => tookTooLong(limits.timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: controller.signal });
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
    forgetEnd?.();
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
