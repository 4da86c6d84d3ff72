import type { Methods } from '@starknet-io/starknet-types-0104';
import { create, refine, string, StructError } from 'superstruct';
import type { Struct } from 'superstruct';

import { ExchangeFailure, postJson } from './httpExchange';
import { answerLimit, NODE_TIMEOUT_MS } from './nodeLimits';
import { rpcUrlFor } from '../config';
import type { Network } from '../config';
import { ChainRejectedError, NodeError, WrongChainError } from '../errors';
import { fitsType, TYPE_NAMES } from '../protocol/values';
import type { ValueType } from '../protocol/values';

/** A felt as the node writes it. */
export const FeltText = refine(string(), 'felt', (value) =>
  /^0x[0-9a-fA-F]+$/u.test(value) ? true : 'Expected a hex felt',
);

/**
 * A node's hex value of a given Starknet type (a fee amount is a u64, a
 * price a u128): a value outside it is a malformed answer.
 *
 * @param valueType - The type.
 * @returns The struct.
 */
export function typedFelt(valueType: ValueType): Struct<string, null> {
  return refine(FeltText, valueType, (value) =>
    fitsType(BigInt(value), valueType)
      ? true
      : `Expected ${TYPE_NAMES[valueType]}`,
  );
}

/**
 * Node URLs whose chain id this snap process has checked (with the chain
 * each was checked for). The first request
 * to a URL after the snap starts asks the chain id in the same batch as its
 * own call, so the check costs no extra round trip.
 */
const verifiedUrls = new Set<string>();

/** A Starknet JSON-RPC 0.10 method. */
export type NodeMethod = keyof Methods;

/** A method with its params as the spec has them (types-js). */
type SpecRequest = {
  [Method in NodeMethod]: {
    method: Method;
    params: Methods[Method]['params'];
  };
}[NodeMethod];

/**
 * One JSON-RPC call and how to validate its result: the method and params
 * are typed by the spec; the result, from a node the snap does not trust, is
 * checked at run time by `parse`.
 */
export type NodeCall<Result> = SpecRequest & {
  parse: (value: unknown) => Result;
  /**
   * Bytes of answer this call may add to its batch's answer, when it needs
   * more than ANSWER_BYTES_PER_CALL (see nodeLimits.ts).
   */
  maxAnswerBytes?: number;
};

/** Where and how patiently a NodeClient talks to its node. */
export type NodeClientOptions = {
  /** The node's URL; by default the network's build-time URL. */
  url?: string;
  /** The limit of one exchange, body included; by default NODE_TIMEOUT_MS. */
  timeoutMs?: number;
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

/**
 * Whether a value is a JSON object (not an array): a response of a batch,
 * or an error object.
 *
 * @param value - The value.
 * @returns Whether its members can be read.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
 * Reads a JSON-RPC error object: an integer `code`, a string `message`, any
 * `data`.
 *
 * @param error - The `error` member of a response.
 * @returns Its code and a message with its data, or undefined when it is
 * not an error object.
 */
function describeError(
  error: unknown,
): { code: number; message: string } | undefined {
  if (!isRecord(error)) {
    return undefined;
  }
  const { code, message, data } = error;
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    return undefined;
  }
  if (typeof message !== 'string') {
    return undefined;
  }
  const detail =
    data === undefined
      ? ''
      : `: ${typeof data === 'string' ? data : JSON.stringify(data)}`;
  return { code, message: `${message}${detail}` };
}

/**
 * A JSON-RPC client for one network's node. Every failure names the network:
 * unreachable, HTTP errors, malformed answers, oversized answers and
 * timeouts are NodeErrors; errors the node answers (a rejected transaction)
 * are ChainRejectedErrors. Every exchange is bounded (see nodeLimits.ts):
 * the whole of it, body included, in time, and the answer in size.
 */
export class NodeClient {
  readonly network: Network;

  readonly #url: string;

  readonly #timeoutMs: number;

  #nextId = 1;

  /**
   * A URL is checked once per chain it is expected to serve.
   *
   * @returns The key of this client's check.
   */
  get #verifiedKey(): string {
    return `${this.network.chainId} ${this.#url}`;
  }

  /**
   * @param network - The network.
   * @param options - Where and how patiently to ask (tests use these; the
   * snap uses the build-time URL and timeout).
   */
  constructor(network: Network, options: NodeClientOptions = {}) {
    this.network = network;
    this.#url = options.url ?? rpcUrlFor(network);
    this.#timeoutMs = options.timeoutMs ?? NODE_TIMEOUT_MS;
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
    const verify = !verifiedUrls.has(this.#verifiedKey);
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
    const requests = allCalls.map((call, index) => ({
      jsonrpc: '2.0',
      id: ids[index],
      method: call.method,
      params: call.params,
    }));
    const payload = await this.#post(
      requests.length === 1 ? requests[0] : requests,
      answerLimit(allCalls),
    );
    const envelopes = (Array.isArray(payload) ? payload : [payload]).filter(
      isRecord,
    );
    const outcomes = allCalls.map((call, index) =>
      this.#settle(
        call,
        envelopes.find((candidate) => candidate.id === ids[index]),
      ),
    );
    if (verify) {
      this.#checkChain(outcomes.pop());
      verifiedUrls.add(this.#verifiedKey);
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
   * Checks the node's answer to `starknet_chainId` against the network.
   *
   * @param answer - The settled answer.
   * @throws {NodeError} When the node serves another chain or cannot say.
   */
  #checkChain(answer: PromiseSettledResult<unknown> | undefined): void {
    if (answer?.status === 'rejected') {
      if (answer.reason instanceof ChainRejectedError) {
        throw new NodeError(
          this.network.name,
          `cannot tell which chain the node serves: ${answer.reason.message}`,
          { cause: answer.reason },
        );
      }
      throw answer.reason;
    }
    const chainId = answer?.value;
    if (
      typeof chainId !== 'string' ||
      BigInt(chainId) !== BigInt(this.network.chainId)
    ) {
      throw new WrongChainError(
        this.network.name,
        String(chainId),
        this.network.chainId,
      );
    }
  }

  /**
   * One call's outcome from its response.
   *
   * @param call - The call.
   * @param envelope - The node's response to it, if any.
   * @returns The settled outcome.
   */
  #settle(
    call: NodeCall<unknown>,
    envelope: Record<string, unknown> | undefined,
  ): PromiseSettledResult<unknown> {
    const malformed = (detail: string): PromiseRejectedResult => ({
      status: 'rejected',
      reason: new NodeError(this.network.name, `malformed answer${detail}`),
    });
    if (!envelope) {
      return malformed(`: no response to ${call.method}`);
    }
    if (envelope.error !== undefined && envelope.error !== null) {
      const error = describeError(envelope.error);
      if (!error) {
        return malformed(` to ${call.method}: not a JSON-RPC error object`);
      }
      return {
        status: 'rejected',
        reason: new ChainRejectedError(
          this.network.name,
          error.code,
          error.message,
        ),
      };
    }
    try {
      return { status: 'fulfilled', value: call.parse(envelope.result) };
    } catch (error) {
      if (error instanceof StructError) {
        return malformed(` to ${call.method}: ${error.message}`);
      }
      return { status: 'rejected', reason: error };
    }
  }

  /**
   * Posts a JSON-RPC body and parses the answer, within the time limit and
   * the answer's size limit.
   *
   * @param body - The request or batch.
   * @param maxBytes - The most bytes the answer may have.
   * @returns The parsed JSON answer (an object or an array).
   */
  async #post(body: unknown, maxBytes: number): Promise<unknown> {
    try {
      return await postJson(this.#url, body, {
        timeoutMs: this.#timeoutMs,
        maxBytes,
      });
    } catch (error) {
      if (error instanceof ExchangeFailure) {
        throw new NodeError(this.network.name, error.message, {
          cause: error,
        });
      }
      throw error;
    }
  }
}
