import { create, refine, string, StructError } from 'superstruct';
import type { Struct } from 'superstruct';

import { rpcUrlFor } from '../config';
import type { Network } from '../config';
import { ChainRejectedError, NodeError } from '../errors';

/** A felt as the node writes it. */
export const FeltText = refine(string(), 'felt', (value) =>
  /^0x[0-9a-fA-F]+$/u.test(value) ? true : 'Expected a hex felt',
);

/** How long one node round trip may take. */
const TIMEOUT_MS = 30_000;

/**
 * Node URLs whose chain id this snap process has checked. The first request
 * to a URL after the snap starts asks the chain id in the same batch as its
 * own call, so the check costs no extra round trip.
 */
const verifiedUrls = new Set<string>();

/** One JSON-RPC call and how to validate its result. */
export type NodeCall<Result> = {
  method: string;
  params: unknown;
  parse: (value: unknown) => Result;
};

/**
 * A result parser from a struct (coercions applied).
 *
 * @param struct - What the result must satisfy.
 * @returns The parser.
 */
export function parsedBy<Result>(
  struct: Struct<Result, unknown>,
): (value: unknown) => Result {
  return (value) => create(value, struct);
}

type Envelope = { id?: unknown; result?: unknown; error?: unknown };

/** The results of a batch of calls, position by position. */
export type Results<Calls extends NodeCall<unknown>[]> = {
  [K in keyof Calls]: Calls[K] extends NodeCall<infer R> ? R : never;
};

/** The settled outcomes of a batch of calls, position by position. */
export type SettledResults<Calls extends NodeCall<unknown>[]> = {
  [K in keyof Calls]: PromiseSettledResult<
    Calls[K] extends NodeCall<infer R> ? R : never
  >;
};

/**
 * Reads a JSON-RPC error object.
 *
 * @param error - The `error` member of a response.
 * @returns Its code and a message with its data.
 */
function describeError(error: unknown): { code: number; message: string } {
  if (typeof error !== 'object' || error === null) {
    return { code: -1, message: String(error) };
  }
  const { code, message, data } = error as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  };
  const detail =
    data === undefined
      ? ''
      : `: ${typeof data === 'string' ? data : JSON.stringify(data)}`;
  return {
    code: typeof code === 'number' ? code : -1,
    message: `${typeof message === 'string' ? message : 'error'}${detail}`,
  };
}

/**
 * A JSON-RPC client for one network's node. Every failure names the network:
 * unreachable, HTTP errors, malformed answers and timeouts are NodeErrors;
 * errors the node answers (a rejected transaction) are ChainRejectedErrors.
 */
export class NodeClient {
  readonly network: Network;

  readonly #url: string;

  #nextId = 1;

  /**
   * @param network - The network whose build-time URL to use.
   */
  constructor(network: Network) {
    this.network = network;
    this.#url = rpcUrlFor(network.chainId);
  }

  /**
   * One call, one round trip.
   *
   * @param call - The call.
   * @returns Its validated result.
   */
  async call<Result>(call: NodeCall<Result>): Promise<Result> {
    const [result] = await this.batch([call]);
    return result;
  }

  /**
   * Several calls in one round trip (a JSON-RPC batch); the first error the
   * node answers is thrown.
   *
   * @param calls - The calls.
   * @returns Their validated results, in order.
   */
  async batch<Calls extends NodeCall<unknown>[]>(
    calls: [...Calls],
  ): Promise<Results<Calls>> {
    const settled: PromiseSettledResult<unknown>[] =
      await this.batchSettled(calls);
    const results = settled.map((outcome) => {
      if (outcome.status === 'rejected') {
        throw outcome.reason;
      }
      return outcome.value;
    });
    // Each result was parsed by its own call's parser, in order.
    return results as Results<Calls>;
  }

  /**
   * Several calls in one round trip, each answered on its own: a call the
   * node rejects gives a ChainRejectedError in its place. Transport failures
   * and a wrong chain still throw.
   *
   * @param calls - The calls.
   * @returns One settled outcome per call, in order.
   */
  async batchSettled<Calls extends NodeCall<unknown>[]>(
    calls: [...Calls],
  ): Promise<SettledResults<Calls>> {
    const verify = !verifiedUrls.has(this.#url);
    const chainCall: NodeCall<string> = {
      method: 'starknet_chainId',
      params: [],
      parse: parsedBy(FeltText),
    };
    const allCalls: NodeCall<unknown>[] = verify
      ? [...calls, chainCall]
      : calls;
    const ids = allCalls.map(() => {
      const id = this.#nextId;
      this.#nextId += 1;
      return id;
    });
    const body =
      allCalls.length === 1
        ? {
            jsonrpc: '2.0',
            id: ids[0],
            method: allCalls[0]?.method,
            params: allCalls[0]?.params,
          }
        : allCalls.map((call, index) => ({
            jsonrpc: '2.0',
            id: ids[index],
            method: call.method,
            params: call.params,
          }));
    const payload = await this.#post(body);
    const envelopes: Envelope[] = Array.isArray(payload) ? payload : [payload];
    const outcomes = allCalls.map((call, index) =>
      this.#settle(
        call,
        envelopes.find((candidate) => candidate && candidate.id === ids[index]),
      ),
    );
    if (verify) {
      const answer = outcomes.pop();
      if (answer?.status === 'rejected') {
        throw answer.reason;
      }
      const chainId = answer?.value;
      if (
        typeof chainId !== 'string' ||
        BigInt(chainId) !== BigInt(this.network.chainId)
      ) {
        throw new NodeError(
          this.network.name,
          `wrong chain: the node at this network's URL serves chain ${String(chainId)}, not ${this.network.chainId}`,
        );
      }
      verifiedUrls.add(this.#url);
    }
    for (const outcome of outcomes) {
      if (
        outcome.status === 'rejected' &&
        !(outcome.reason instanceof ChainRejectedError)
      ) {
        throw outcome.reason;
      }
    }
    // Each outcome was parsed by its own call's parser, in order.
    return outcomes as SettledResults<Calls>;
  }

  /**
   * One call's outcome from its envelope.
   *
   * @param call - The call.
   * @param envelope - The node's answer to it, if any.
   * @returns The settled outcome.
   */
  #settle(
    call: NodeCall<unknown>,
    envelope: Envelope | undefined,
  ): PromiseSettledResult<unknown> {
    if (!envelope) {
      return {
        status: 'rejected',
        reason: new NodeError(
          this.network.name,
          `malformed answer: no response to ${call.method}`,
        ),
      };
    }
    if (envelope.error !== undefined) {
      const { code, message } = describeError(envelope.error);
      return {
        status: 'rejected',
        reason: new ChainRejectedError(this.network.name, code, message),
      };
    }
    try {
      return { status: 'fulfilled', value: call.parse(envelope.result) };
    } catch (error) {
      return {
        status: 'rejected',
        reason:
          error instanceof StructError
            ? new NodeError(
                this.network.name,
                `malformed answer to ${call.method}: ${error.message}`,
              )
            : error,
      };
    }
  }

  /**
   * Posts a JSON-RPC body and parses the answer.
   *
   * @param body - The request or batch.
   * @returns The parsed JSON answer.
   */
  async #post(body: unknown): Promise<Envelope | Envelope[]> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(this.#url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      const reason = controller.signal.aborted
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : `unreachable (${error instanceof Error ? error.message : String(error)})`;
      throw new NodeError(this.network.name, reason);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) {
      throw new NodeError(
        this.network.name,
        `HTTP ${response.status} ${response.statusText}`.trim(),
      );
    }
    try {
      const parsed: unknown = await response.json();
      if (typeof parsed !== 'object' || parsed === null) {
        throw new Error('not a JSON-RPC response');
      }
      return parsed as Envelope | Envelope[];
    } catch (error) {
      throw new NodeError(
        this.network.name,
        `malformed answer (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
}
