import {
  checkEndpoint,
  ENDPOINT_CHECKS,
  endpointLabel,
  isChecked,
  markAnswered,
  markChecked,
  tryOrder,
} from './endpoints';
import { outcomesOf } from './envelopes';
import { postJson } from './exchange';
import {
  answerLimit,
  inBatches,
  MAX_BATCH_CALLS,
  NODE_TIMEOUT_MS,
} from './limits';
import type { NodeCall, Results, SettledResults } from './nodeCall';
import { ExchangeFailure } from './turns';
import { rpcUrlsFor } from '../config';
import type { Network } from '../config';
import {
  ChainRejectedError,
  NodeError,
  SubmissionUnknownError,
} from '../errors';
import type { RequestScope } from '../requestScope';

/** Where and how patiently a NodeClient talks to its network. */
export type NodeClientOptions = {
  /** The network's endpoints, in order; by default its own (config.ts). */
  urls?: readonly string[];
  /** The limit of one exchange, body included; by default NODE_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * The request the client serves: its exchanges share the node's turns as
   * its requester's, and end with it (src/requestScope.ts).
   */
  scope?: RequestScope;
};

/** The methods that hand a transaction to the network. */
const SENDING_METHODS: ReadonlySet<string> = new Set([
  'starknet_addInvokeTransaction',
  'starknet_addDeployAccountTransaction',
  'starknet_addDeclareTransaction',
]);

/**
 * A JSON-RPC client for one network. Every failure names the network:
 * unreachable, HTTP errors, malformed answers, oversized answers, timeouts
 * and JSON-RPC errors that are not the Starknet spec's (a rate limit, a
 * provider's internal error: rpcErrors.ts) are NodeErrors; the spec's
 * errors (a rejected transaction, a reverted call) are ChainRejectedErrors.
 * Every exchange is bounded (see nodeLimits.ts): the whole of it, body
 * included, in time, and the answer in size.
 *
 * A network may have several endpoints (config.ts): a request goes to the
 * one that answered last, and to the next when it fails — down, stalled,
 * garbage, rate-limited or otherwise failing by its own error (in any call
 * of the batch), another chain, another spec version — so the request
 * fails only when every endpoint did. An endpoint's chain id and spec
 * version are checked on its first use, in the same batch as the request's
 * own calls.
 * A transaction is sent to one endpoint only, already checked: once it may
 * have left, a failure is a SubmissionUnknownError, never a retry elsewhere.
 */
export class NodeClient {
  readonly network: Network;

  readonly #urls: readonly string[];

  readonly #timeoutMs: number;

  readonly #scope: RequestScope | undefined;

  #nextId = 1;

  /**
   * @param network - The network.
   * @param options - Where and how patiently to ask (tests use these; the
   * snap uses the network's URLs and the build-time timeout).
   */
  constructor(network: Network, options: NodeClientOptions = {}) {
    this.network = network;
    this.#urls = options.urls ?? rpcUrlsFor(network);
    this.#timeoutMs = options.timeoutMs ?? NODE_TIMEOUT_MS;
    this.#scope = options.scope;
    if (this.#urls.length === 0) {
      throw new Error(`${network.name} has no node URL`);
    }
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
   * Several calls in one round trip (a JSON-RPC batch, or several sent at
   * once past MAX_BATCH_CALLS); the first error the node answers is thrown.
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
   * chain rejects gives a ChainRejectedError in its place. When an endpoint
   * fails as a whole (transport, malformed answer, a provider's own error
   * to any call, wrong chain or spec version), the batch goes to the next;
   * the error of the last is thrown when none is left (all of them, named
   * by host, when there were several).
   *
   * @param calls - The calls (none: nothing is asked).
   * @returns One settled outcome per call, in order.
   */
  async batchSettled<Calls extends NodeCall<unknown>[]>(
    calls: [...Calls],
  ): Promise<SettledResults<Calls>> {
    if (calls.length === 0) {
      // Nothing to read: no round trip (a protocol row with no reads).
      return [] as SettledResults<Calls>;
    }
    const { chainId } = this.network;
    const sends = calls.some((call) => SENDING_METHODS.has(call.method));
    const failures: { url: string; error: NodeError }[] = [];
    for (const url of tryOrder(chainId, this.#urls)) {
      try {
        const outcomes = sends
          ? await this.#send(url, calls)
          : await this.#exchange(url, calls);
        markAnswered(chainId, url);
        // Each outcome was parsed by its own call's parser, in order.
        return outcomes as SettledResults<Calls>;
      } catch (error) {
        if (
          !(error instanceof NodeError) ||
          error instanceof SubmissionUnknownError
        ) {
          throw error;
        }
        failures.push({ url, error });
      }
    }
    throw this.#noneAnswered(failures);
  }

  /**
   * Sends a batch that hands a transaction to the network, to one endpoint:
   * an endpoint not yet checked is checked first, alone, so a transaction
   * never travels to a node that turns out to serve another chain or spec
   * (and a node that fails that check never saw it, so the next may be
   * tried). Once the transaction may have left, any failure is a
   * SubmissionUnknownError: sending it elsewhere could answer "duplicate"
   * or "invalid nonce" for a transaction that went through. A provider's
   * own error to the send (a rate limit, `-32603`) counts as such a
   * failure too: nothing tells whether its gateway forwarded the
   * transaction before failing, so it is not sent elsewhere either.
   *
   * @param url - The endpoint.
   * @param calls - The calls (a transaction among them).
   * @returns One settled outcome per call, in order.
   */
  async #send(
    url: string,
    calls: NodeCall<unknown>[],
  ): Promise<PromiseSettledResult<unknown>[]> {
    if (calls.length > MAX_BATCH_CALLS) {
      // A transaction travels in one batch, never split across several.
      throw new Error(
        `A sending batch holds at most ${MAX_BATCH_CALLS} calls, not ${calls.length}`,
      );
    }
    if (!isChecked(this.network.chainId, url)) {
      await this.#exchange(url, []);
    }
    try {
      return await this.#exchange(url, calls);
    } catch (error) {
      if (error instanceof NodeError) {
        throw new SubmissionUnknownError(this.network.name, error.detail);
      }
      throw error;
    }
  }

  /**
   * One exchange with one endpoint: the calls, plus the endpoint's checks
   * (chain id, spec version) when it was not checked yet. More calls than a
   * node takes in one batch (MAX_BATCH_CALLS) go as several batches to the
   * same endpoint at once, the checks with the first, each batch bounded by
   * its own calls' answer limit; their answers are joined in order, and a
   * batch failing as a whole fails the exchange.
   *
   * @param url - The endpoint.
   * @param calls - The calls.
   * @returns One settled outcome per call, in order.
   * @throws {NodeError} When the endpoint fails as a whole.
   */
  async #exchange(
    url: string,
    calls: NodeCall<unknown>[],
  ): Promise<PromiseSettledResult<unknown>[]> {
    const { chainId } = this.network;
    const checks = isChecked(chainId, url) ? [] : ENDPOINT_CHECKS;
    const batches = inBatches<NodeCall<unknown>>(calls, checks);
    const answered = await Promise.all(
      batches.map(async (batch) => this.#exchangeBatch(url, batch)),
    );
    const outcomes = answered.flat();
    if (checks.length > 0) {
      const [chainAnswer, specAnswer] = outcomes.splice(
        (batches[0]?.length ?? 0) - checks.length,
        checks.length,
      );
      checkEndpoint(this.network, chainAnswer, specAnswer);
      markChecked(chainId, url);
    }
    outcomes.forEach((outcome, index) => {
      if (
        outcome.status === 'rejected' &&
        !(outcome.reason instanceof ChainRejectedError) &&
        calls[index]?.ownFailure !== true
      ) {
        throw outcome.reason;
      }
    });
    return outcomes;
  }

  /**
   * One HTTP request: a batch of calls (a lone call as itself), its answer
   * bounded by their limits.
   *
   * @param url - The endpoint.
   * @param calls - The calls, at most MAX_BATCH_CALLS.
   * @returns One settled outcome per call, in order.
   * @throws {NodeError} When the answer fails as a whole.
   */
  async #exchangeBatch(
    url: string,
    calls: NodeCall<unknown>[],
  ): Promise<PromiseSettledResult<unknown>[]> {
    const ids = calls.map(() => {
      const id = this.#nextId;
      this.#nextId += 1;
      return id;
    });
    const requests = calls.map((call, index) => ({
      jsonrpc: '2.0',
      id: ids[index],
      method: call.method,
      params: call.params,
    }));
    const payload = await this.#post(
      url,
      requests.length === 1 ? requests[0] : requests,
      answerLimit(calls),
    );
    return outcomesOf(this.network.name, calls, ids, payload);
  }

  /**
   * The error when no endpoint answered: the only one's own error, or one
   * naming every endpoint by host (never its path, which may hold a key).
   *
   * @param failures - Each endpoint's failure, in the order tried.
   * @returns The error to throw.
   */
  #noneAnswered(failures: { url: string; error: NodeError }[]): NodeError {
    const [only] = failures;
    if (only && failures.length === 1) {
      return only.error;
    }
    const each = failures
      .map(({ url, error }) => `${endpointLabel(url)}: ${error.detail}`)
      .join('; ');
    return new NodeError(this.network.name, `no node answered (${each})`, {
      cause: new AggregateError(failures.map(({ error }) => error)),
    });
  }

  /**
   * Posts a JSON-RPC body and parses the answer, within the time limit and
   * the answer's size limit.
   *
   * @param url - The endpoint.
   * @param body - The request or batch.
   * @param maxBytes - The most bytes the answer may have.
   * @returns The parsed JSON answer (an object or an array).
   */
  async #post(url: string, body: unknown, maxBytes: number): Promise<unknown> {
    try {
      return await postJson(
        url,
        body,
        { timeoutMs: this.#timeoutMs, maxBytes },
        { scope: this.#scope },
      );
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
