/* eslint-disable n/no-unsupported-features/node-builtins, n/no-sync -- tests: fetch (as starknet.js uses it), fixtures read synchronously */
import AjvClass from 'ajv';
import type { ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { RpcProvider, config } from 'starknet';

import {
  readArgentSierra,
  readContract,
  readContractText,
  specPath,
} from '../../../test/vendored';

config.set('logLevel', 'ERROR');

const SPEC_FILES: Record<string, string> = {
  api: 'starknet_api_openrpc-v0.10.2.json',
  trace: 'starknet_trace_api_openrpc-v0.10.2.json',
  write: 'starknet_write_api-v0.10.2.json',
};

type SpecDoc = { methods: { name: string; result: { schema: unknown } }[] };

/**
 * Validates JSON-RPC results against the official OpenRPC 0.10.2 documents.
 */
export class SpecValidator {
  readonly #ajv = new AjvClass({
    strict: false,
    validateSchema: false,
    allErrors: false,
  });

  readonly #validators = new Map<string, ValidateFunction>();

  readonly #locations = new Map<string, string>();

  /**
   *
   */
  constructor() {
    for (const [id, file] of Object.entries(SPEC_FILES)) {
      const text = readFileSync(specPath(file), 'utf8')
        .split('./api/starknet_api_openrpc.json#')
        .join('api#')
        // The documents use oneOf where the alternatives overlap (a closed
        // block also matches the open pre-confirmed block schema), so no
        // node's answer can satisfy "exactly one"; check "at least one".
        .split('"oneOf"')
        .join('"anyOf"');
      const doc: SpecDoc = JSON.parse(text);
      this.#ajv.addSchema({ ...doc, $id: id });
      doc.methods.forEach((method, index) => {
        this.#locations.set(
          method.name,
          `${id}#/methods/${index}/result/schema`,
        );
      });
    }
  }

  /**
   * Whether a method is described by the documents.
   *
   * @param method - The method name.
   * @returns True when known.
   */
  knows(method: string): boolean {
    return this.#locations.has(method);
  }

  /**
   * Throws when a result does not match the method's result schema.
   *
   * @param method - The method name.
   * @param result - The result.
   */
  check(method: string, result: unknown): void {
    const location = this.#locations.get(method);
    if (!location) {
      throw new Error(`no schema for ${method}`);
    }
    let validate = this.#validators.get(method);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: location });
      this.#validators.set(method, validate);
    }
    if (!validate(result)) {
      throw new Error(
        `${method} result does not match the spec: ${this.#ajv.errorsText(validate.errors)}\n${JSON.stringify(result).slice(0, 2000)}`,
      );
    }
  }
}

export const validator = new SpecValidator();

/** Every spec-described result seen by `checkedFetch`, by method. */
export const checkedMethods = new Map<string, number>();

type RpcReply = { id?: unknown; result?: unknown; error?: unknown };

const checkReply = (method: unknown, reply: RpcReply): void => {
  if (
    typeof method === 'string' &&
    'result' in reply &&
    validator.knows(method)
  ) {
    validator.check(method, reply.result);
    checkedMethods.set(method, (checkedMethods.get(method) ?? 0) + 1);
  }
};

/**
 * A fetch for starknet.js that checks every result against the spec.
 *
 * @param input - URL.
 * @param init - Request init.
 * @returns The response.
 */
export async function checkedFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const response = await fetch(input, init);
  const text = await response.clone().text();
  const body =
    typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  if (text.length > 0 && body !== undefined) {
    const replies: RpcReply[] = [JSON.parse(text)].flat();
    const requests: { id?: unknown; method?: unknown }[] = [body].flat();
    for (const reply of replies) {
      const request = requests.find((item) => item.id === reply.id);
      checkReply(request?.method, reply);
    }
  }
  return response;
}

/**
 * A starknet.js provider whose responses are checked against the spec.
 *
 * @param nodeUrl - The node URL.
 * @returns The provider.
 */
export function checkedProvider(nodeUrl: string): RpcProvider {
  return new RpcProvider({ nodeUrl, baseFetch: checkedFetch });
}

let nextId = 1;

/**
 * Sends one raw JSON-RPC request.
 *
 * @param url - The node URL.
 * @param method - The method.
 * @param params - The params.
 * @param headers - Extra headers (a paymaster's sponsorship key).
 * @returns The reply (result or error).
 */
export async function rpc(
  url: string,
  method: string,
  params?: unknown,
  headers: Record<string, string> = {},
): Promise<{
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}> {
  const id = nextId;
  nextId += 1;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const reply = await response.json();
  checkReply(method, reply);
  return reply;
}

/**
 * Sends a request and returns its result, failing on an error.
 *
 * @param url - The node URL.
 * @param method - The method.
 * @param params - The params.
 * @returns The result.
 */
export async function rpcResult(
  url: string,
  method: string,
  params?: unknown,
): Promise<unknown> {
  const reply = await rpc(url, method, params);
  if (reply.error) {
    throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
  }
  return reply.result;
}

export {
  readArgentSierra,
  readContract as readFixture,
  readContractText as readFixtureText,
};

export const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
export const ETH =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';
export const ARGENT_CLASS_HASH =
  '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';
