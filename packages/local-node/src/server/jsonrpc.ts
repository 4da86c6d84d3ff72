import type { OriginPolicy } from './origin';
import type { ServedCall } from './request-log';
import {
  JSON_RPC_ERRORS,
  RpcError,
  STARKNET_ERRORS,
  invalidParams,
} from '../base/errors';
import { parseJsonExact } from '../base/json-text';
import type { ChainOptions } from '../chain/local-chain';
import { LocalChain } from '../chain/local-chain';
import { AutoDump } from '../methods/auto-dump';
import { blockMethods } from '../methods/blocks';
import { contentMethods } from '../methods/content';
import { devnetMethods } from '../methods/devnet';
import { devnetControlMethods } from '../methods/devnet-control';
import { eventMethods } from '../methods/events';
import { nameMethods } from '../methods/names';
import type { Params } from '../methods/params';
import { priceMethods } from '../methods/prices';
import { simulationMethods } from '../methods/simulation';
import { stateMethods } from '../methods/state';
import { trafficMethods } from '../methods/traffic';
import { transactionMethods } from '../methods/transactions';
import type {
  DevSettings,
  MethodContext,
  MethodTable,
  RequestInfo,
} from '../methods/types';
import { writeMethods } from '../methods/write';
import { paymasterMethods } from '../paymaster/methods';
import { PUT_CONTENT } from '../storage/journal';

const METHODS: MethodTable = {
  ...blockMethods,
  ...transactionMethods,
  ...stateMethods,
  ...simulationMethods,
  ...writeMethods,
  ...eventMethods,
  ...devnetMethods,
  ...devnetControlMethods,
  ...trafficMethods,
  ...contentMethods,
  ...paymasterMethods,
  ...nameMethods,
  ...priceMethods,
};

/** Methods whose successful calls are journaled for devnet_dump. */
const JOURNALED = new Set([
  'starknet_addInvokeTransaction',
  'starknet_addDeployAccountTransaction',
  'starknet_addDeclareTransaction',
  'devnet_mint',
  'devnet_createBlock',
  'devnet_setTime',
  'devnet_acceptOnL1',
  'devnet_increaseTime',
  'devnet_setGasPrice',
  'devnet_abortBlocks',
  'local_addTraffic',
  'local_setStarkName',
  PUT_CONTENT,
]);

type Id = string | number | null;
type Response =
  | { jsonrpc: '2.0'; id: Id; result: unknown }
  | { jsonrpc: '2.0'; id: Id; error: ReturnType<RpcError['toJSON']> };

const errorResponse = (id: Id, error: RpcError): Response => ({
  jsonrpc: '2.0',
  id,
  error: error.toJSON(),
});

const jsonRpcError = (
  name: keyof typeof JSON_RPC_ERRORS,
  data?: unknown,
): RpcError => {
  const [code, message] = JSON_RPC_ERRORS[name];
  return new RpcError(code, message, data);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON-RPC 2.0 dispatch over one local chain, with request counting. */
export class Dispatcher {
  #node: LocalChain;

  readonly #options: ChainOptions;

  readonly #counts = new Map<string, number>();

  #total = 0;

  #roundTrips = 0;

  readonly #ctx: MethodContext;

  readonly #origins: OriginPolicy;

  readonly #log: (call: ServedCall) => void;

  readonly #autoDump: AutoDump;

  readonly #batchSizeLimit: number | undefined;

  /**
   * @param options - The chain's options.
   * @param settings - Where dump files go.
   * @param origins - Which web pages may call the methods that touch files.
   * @param log - Told about every call served.
   */
  constructor(
    options: ChainOptions,
    settings: DevSettings,
    origins: OriginPolicy,
    log: (call: ServedCall) => void = () => undefined,
  ) {
    this.#options = options;
    this.#origins = origins;
    this.#log = log;
    this.#node = new LocalChain(options);
    this.#autoDump = new AutoDump(settings);
    this.#batchSizeLimit = settings.batchSizeLimit;
    this.#autoDump.mark(this.#node);
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    this.#ctx = {
      get node(): LocalChain {
        return self.#node;
      },
      settings,
      reset: (): void => {
        this.#node = new LocalChain(this.#options);
      },
      replay: (method, params): void => {
        this.#invoke(method, params);
      },
    };
  }

  /**
   *
   * @returns The result.
   */
  get node(): LocalChain {
    return this.#node;
  }

  /**
   *
   * @param method - The method.
   * @returns The result.
   */
  requestCount(method?: string): number {
    return method === undefined ? this.#total : (this.#counts.get(method) ?? 0);
  }

  /**
   * How many request bodies (HTTP posts or WebSocket messages, each a
   * single call or a batch) arrived since the last reset.
   *
   * @returns The count.
   */
  roundTripCount(): number {
    return this.#roundTrips;
  }

  /**
   * Resets the call and round-trip counters.
   */
  resetRequestCount(): void {
    this.#counts.clear();
    this.#total = 0;
    this.#roundTrips = 0;
  }

  /**
   * Handles a raw request body.
   *
   * @param text - The body.
   * @param origin - The request's Origin header (a browser sent it), if any.
   * @param request - What else the request carried (the paymaster's key).
   * @returns The response body, or undefined when nothing is to be answered.
   */
  async handleText(
    text: string,
    origin?: string,
    request: RequestInfo = {},
  ): Promise<string | undefined> {
    this.#roundTrips += 1;
    let value: unknown;
    try {
      value = parseJsonExact(text);
    } catch {
      return JSON.stringify(errorResponse(null, jsonRpcError('PARSE_ERROR')));
    }
    const response = await this.handleValue(value, origin, request);
    this.#autoDump.afterRequest(this.#node);
    return response === undefined ? undefined : JSON.stringify(response);
  }

  /**
   * Writes the dump file if the node dumps on exit (`--dump-on exit`).
   */
  dumpOnExit(): void {
    this.#autoDump.onExit(this.#node);
  }

  /**
   * Handles a parsed request or batch.
   *
   * @param value - The request.
   * @param origin - The request's Origin header, if any.
   * @param request - What else the request carried (the paymaster's key).
   * @returns The response(s), or undefined for notifications only.
   */
  async handleValue(
    value: unknown,
    origin?: string,
    request: RequestInfo = {},
  ): Promise<Response | Response[] | undefined> {
    if (Array.isArray(value)) {
      if (value.length === 0) {
        return errorResponse(
          null,
          jsonRpcError('INVALID_REQUEST', 'empty batch'),
        );
      }
      if (
        this.#batchSizeLimit !== undefined &&
        value.length > this.#batchSizeLimit
      ) {
        // As Pathfinder refuses a batch over its `--rpc.batch-size-limit`:
        // the whole body, none of its calls served.
        return errorResponse(
          null,
          jsonRpcError('PARSE_ERROR', {
            reason: `array exceeds maximum length ${this.#batchSizeLimit}`,
          }),
        );
      }
      const responses: Response[] = [];
      // One after the other, in order, as a batch of single calls would be.
      for (const item of value) {
        const response = await this.#handleOne(item, origin, request);
        if (response !== undefined) {
          responses.push(response);
        }
      }
      return responses.length === 0 ? undefined : responses;
    }
    return this.#handleOne(value, origin, request);
  }

  /**
   *
   * @param request - The request.
   * @param origin - The request's Origin header, if any.
   * @param info - What else the request carried.
   * @returns The result.
   */
  async #handleOne(
    request: unknown,
    origin: string | undefined,
    info: RequestInfo,
  ): Promise<Response | undefined> {
    if (!isRecord(request)) {
      return errorResponse(null, jsonRpcError('INVALID_REQUEST'));
    }
    const { id, method, params } = request;
    const validId =
      id === undefined ||
      id === null ||
      typeof id === 'string' ||
      typeof id === 'number';
    const echoId: Id = validId && id !== undefined ? id : null;
    if (
      request.jsonrpc !== '2.0' ||
      typeof method !== 'string' ||
      !validId ||
      (params !== undefined && typeof params !== 'object')
    ) {
      return errorResponse(echoId, jsonRpcError('INVALID_REQUEST'));
    }
    this.#total += 1;
    this.#counts.set(method, (this.#counts.get(method) ?? 0) + 1);
    let response: Response;
    const started = performance.now();
    try {
      const refusal = this.#origins.refusal(
        method,
        METHODS[method]?.touchesFiles === true,
        origin,
      );
      if (refusal) {
        throw refusal;
      }
      response = {
        jsonrpc: '2.0',
        id: echoId,
        // The paymaster's methods answer promises (its service is shared
        // with chains over JSON-RPC); the others answer values.
        result: await this.#invoke(method, params, info),
      };
    } catch (error) {
      response = errorResponse(echoId, this.#toRpcError(error));
    }
    this.#log({
      method,
      ms: performance.now() - started,
      error: 'error' in response ? response.error : undefined,
      origin,
    });
    return id === undefined ? undefined : response;
  }

  /**
   *
   * @param method - The method.
   * @param rawParams - The raw params.
   * @param info - What else the request carried.
   * @returns The result.
   */
  #invoke(method: string, rawParams: unknown, info: RequestInfo = {}): unknown {
    const spec = METHODS[method];
    if (!spec) {
      throw jsonRpcError('METHOD_NOT_FOUND', method);
    }
    let params: Params;
    if (rawParams === undefined || rawParams === null) {
      params = {};
    } else if (Array.isArray(rawParams)) {
      if (rawParams.length > spec.params.length) {
        throw invalidParams(`too many parameters for ${method}`);
      }
      params = {};
      rawParams.forEach((param, index) => {
        const name = spec.params[index];
        if (name !== undefined) {
          params[name] = param;
        }
      });
    } else if (isRecord(rawParams)) {
      params = rawParams;
    } else {
      throw invalidParams('params must be an object or an array');
    }
    const result = spec.handler(params, this.#ctx, info);
    if (JOURNALED.has(method)) {
      this.#node.journal.push({ method, params });
    }
    return result === undefined ? null : result;
  }

  /**
   *
   * @param error - The error.
   * @returns The result.
   */
  #toRpcError(error: unknown): RpcError {
    if (error instanceof RpcError) {
      return error;
    }
    const [code, message] = STARKNET_ERRORS.UNEXPECTED_ERROR;
    return new RpcError(
      code,
      message,
      error instanceof Error ? error.message : String(error),
    );
  }
}
