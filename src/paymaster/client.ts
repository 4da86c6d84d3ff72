import { PaymasterRpc, RpcError } from 'starknet';
import type {
  ExecutableUserTransaction,
  ExecutionParameters,
  PreparedTransaction,
  UserTransaction,
} from 'starknet';

import { paymasterErrorMeaning } from '../errorMeanings';
import { PaymasterError } from '../errors';
import { readFelt } from '../node/answers';
import { endpointLabel } from '../node/endpoints';
import { postJson } from '../node/exchange';
import type { ExchangeOptions } from '../node/exchange';
import { ANSWER_BYTES_PER_CALL, NODE_TIMEOUT_MS } from '../node/limits';
import { ExchangeFailure } from '../node/turns';
import type { RequestScope } from '../requestScope';

/**
 * How long the wallet waits for the paymaster's answer to the hand-over
 * (`paymaster_executeTransaction`), separate from the node timeout (30 s).
 * A relayer answers it in a second or two: AVNU's paymaster checks the
 * execution, takes a relayer's lock, simulates and sends one transaction,
 * each step a call to its own node bounded by its configured timeout (10 s
 * in its configuration; crates/paymaster-relayer, read at commit 450c65e4).
 * Past 15 s something is stuck, and the user is told at once that the
 * signed execution may still run until its window's end (./handOver.ts),
 * rather than kept waiting for twice as long to be told the same.
 */
export const HAND_OVER_TIMEOUT_MS = 15_000;

/** The SNIP-29 method that hands a signed execution over. */
const HAND_OVER_METHOD = 'paymaster_executeTransaction';

/**
 * A network's SNIP-29 paymaster, spoken to through starknet.js's
 * `PaymasterRpc` over the wallet's own bounded exchange (the node timeout,
 * HAND_OVER_TIMEOUT_MS for the hand-over, at most ANSWER_BYTES_PER_CALL of
 * answer, no status text passed on).
 * Whatever goes wrong leaves as a PaymasterError naming the paymaster's
 * host: its SNIP-29 code in words when it refused, the exchange's failure
 * when it could not be read. Its answers are still unchecked: the caller
 * checks them (src/paymaster/checkBuilt.ts) before anything is shown.
 */
export class PaymasterClient {
  /** The paymaster's host, as dialogs and errors name it. */
  readonly host: string;

  readonly url: string;

  readonly #rpc: PaymasterRpc;

  readonly #keyed: boolean;

  /** The last exchange failure, which PaymasterRpc rethrows as a bare Error. */
  #failure: ExchangeFailure | undefined;

  /**
   * @param url - The paymaster's JSON-RPC URL.
   * @param apiKey - A dapp's sponsorship key, sent as `x-paymaster-api-key`.
   * @param scope - The request it serves (see ExchangeOptions).
   */
  constructor(url: string, apiKey?: string, scope?: RequestScope) {
    this.url = url;
    this.host = endpointLabel(url);
    this.#keyed = apiKey !== undefined;
    const headers: Record<string, string> =
      apiKey === undefined ? {} : { 'x-paymaster-api-key': apiKey };
    this.#rpc = new PaymasterRpc({
      nodeUrl: url,
      headers,
      baseFetch: async (input, init): Promise<Response> =>
        this.#exchange(input, init, { headers, scope }),
    });
  }

  /**
   * One bounded exchange, answered as the Response PaymasterRpc reads.
   *
   * @param _input - The URL (this client's own).
   * @param init - The request (its body is PaymasterRpc's JSON text).
   * @param options - The extra headers and the request it serves.
   * @returns The answer.
   */
  async #exchange(
    _input: unknown,
    init: RequestInit | undefined,
    options: ExchangeOptions,
  ): Promise<Response> {
    this.#failure = undefined;
    try {
      const body: unknown = JSON.parse(
        typeof init?.body === 'string' ? init.body : 'null',
      );
      const handOver =
        typeof body === 'object' &&
        body !== null &&
        'method' in body &&
        body.method === HAND_OVER_METHOD;
      const answer = await postJson(
        this.url,
        body,
        {
          timeoutMs: handOver ? HAND_OVER_TIMEOUT_MS : NODE_TIMEOUT_MS,
          maxBytes: ANSWER_BYTES_PER_CALL,
        },
        options,
      );
      // PaymasterRpc reads only `json()` of the response (the snap has no
      // Response constructor): the answer, already read within the limits.
      const read = { json: async (): Promise<unknown> => answer };
      return read as Response;
    } catch (error) {
      this.#failure =
        error instanceof ExchangeFailure
          ? error
          : new ExchangeFailure('could not be asked');
      throw this.#failure;
    }
  }

  /**
   * Runs one request, with every failure made a PaymasterError.
   *
   * @param ask - The request.
   * @returns Its answer.
   */
  async #ask<Answer>(ask: () => Promise<Answer>): Promise<Answer> {
    try {
      return await ask();
    } catch (error) {
      if (this.#failure) {
        throw new PaymasterError(
          this.host,
          `could not be read: ${this.#failure.message}`,
        );
      }
      if (error instanceof RpcError) {
        throw new PaymasterError(
          this.host,
          `refused (${error.code}): ${paymasterErrorMeaning(error.code)}`,
          error.code,
        );
      }
      // PaymasterRpc converts the answer without checking it: a member
      // missing or not a number fails there.
      throw new PaymasterError(this.host, 'answered a malformed answer');
    }
  }

  /**
   * `paymaster_buildTransaction`: what the paymaster would relay, unchecked.
   *
   * @param transaction - The user's transaction.
   * @param parameters - The fee mode and validity window.
   * @returns Its answer, as PaymasterRpc converts it.
   */
  async build(
    transaction: UserTransaction,
    parameters: ExecutionParameters,
  ): Promise<PreparedTransaction> {
    return this.#ask(async () =>
      this.#rpc.buildTransaction(transaction, parameters),
    ).catch((error: unknown) => {
      // AVNU refuses sponsorship without `x-paymaster-api-key` as 163
      // (crates/paymaster-rpc/src/endpoint/validation/mod.rs): say what the
      // dapp can do about it.
      if (
        error instanceof PaymasterError &&
        error.paymasterCode === 163 &&
        parameters.feeMode.mode === 'sponsored' &&
        !this.#keyed
      ) {
        throw new PaymasterError(
          this.host,
          `${error.message.slice(`The paymaster ${this.host} `.length)}; sponsorship may need the dapp's apiKey (sent as x-paymaster-api-key), and none was given`,
          163,
        );
      }
      throw error;
    });
  }

  /**
   * `paymaster_isAvailable`, read strictly: only `true` is available.
   *
   * @returns Whether the paymaster says it serves.
   */
  async isAvailable(): Promise<boolean> {
    const answer: unknown = await this.#ask(async () =>
      this.#rpc.isAvailable(),
    );
    return answer === true;
  }

  /**
   * `paymaster_getSupportedTokens`: the tokens it takes fees in (addresses
   * only; what is not a list of tokens with felt addresses is malformed).
   *
   * @returns Their addresses, as numbers.
   */
  async supportedTokens(): Promise<bigint[]> {
    const answer: unknown = await this.#ask(async () =>
      this.#rpc.getSupportedTokens(),
    );
    const addresses = Array.isArray(answer)
      ? answer.map((token: unknown) =>
          typeof token === 'object' && token !== null
            ? readFelt(new Map(Object.entries(token)).get('token_address'))
            : { problem: 'not a token' },
        )
      : [];
    if (
      !Array.isArray(answer) ||
      addresses.some((read) => !('value' in read))
    ) {
      throw new PaymasterError(this.host, 'answered a malformed token list');
    }
    return addresses.flatMap((read) => ('value' in read ? [read.value] : []));
  }

  /**
   * `paymaster_executeTransaction`: hands the signed transaction over.
   *
   * @param transaction - The signed transaction.
   * @param parameters - The same parameters it was built with.
   * @returns The transaction hash the paymaster answered.
   */
  async execute(
    transaction: ExecutableUserTransaction,
    parameters: ExecutionParameters,
  ): Promise<unknown> {
    return this.#ask(async () =>
      this.#rpc.executeTransaction(transaction, parameters),
    );
  }
}
