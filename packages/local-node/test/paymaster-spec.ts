/* eslint-disable n/no-unsupported-features/node-builtins, n/no-sync -- tests: fetch (as starknet.js uses it), the document read once */
import AjvClass from 'ajv';
import type { ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { VENDOR_DIR } from '../../../test/vendored';

type ErrorRef = { $ref: string };
type MethodDoc = {
  name: string;
  errors?: ErrorRef[];
};
type SnipDoc = {
  methods: MethodDoc[];
  components: {
    errors: Record<string, { code: number }>;
    schemas: Record<string, { required?: string[] }>;
  };
};

/**
 * Checks the node's paymaster answers against SNIP-29's OpenRPC document
 * (vendored: vendor/specs/snip-29/paymaster_api.json): each result by its
 * schema, each error by the codes the method declares. Requests are not
 * checked: starknet.js 10 sends timestamps as JSON numbers (the document's
 * TIMESTAMP is a decimal string) and addresses as given (leading zeros,
 * which the document's FELT refuses); the node accepts both.
 */
class PaymasterSpec {
  readonly #ajv = new AjvClass({ strict: false, validateSchema: false });

  readonly #doc: SnipDoc;

  readonly #validators = new Map<string, ValidateFunction>();

  /** Calls checked, by method. */
  readonly seen = new Map<string, number>();

  /**
   *
   */
  constructor() {
    this.#doc = JSON.parse(
      readFileSync(
        join(VENDOR_DIR, 'specs', 'snip-29', 'paymaster_api.json'),
        'utf8',
      ),
    );
    // The document's OUTSIDE_CALL_V1 names SNIP-9 v1's fields `to`,
    // `selector`, `calldata` but requires v2's `To`, `Selector`, `Calldata`,
    // which no v1 typed data has: require the fields it names.
    const call = this.#doc.components.schemas.OUTSIDE_CALL_V1;
    if (call) {
      call.required = ['to', 'selector', 'calldata'];
    }
    this.#ajv.addSchema({ ...this.#doc, $id: 'snip29' });
  }

  /**
   *
   * @param location
   * @param value
   * @param what
   */
  /**
   * Validates a value against a schema of the document.
   *
   * @param location - The schema's JSON pointer in the document.
   * @param value - The value.
   * @param what - What it is, for the error.
   */
  #validate(location: string, value: unknown, what: string): void {
    let validate = this.#validators.get(location);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `snip29#${location}` });
      this.#validators.set(location, validate);
    }
    if (!validate(value)) {
      throw new Error(
        `${what} does not match SNIP-29: ${this.#ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 2000)}`,
      );
    }
  }

  /**
   *
   * @param name
   */
  /**
   * A method of the document and its index.
   *
   * @param name - The method name.
   * @returns The method and its index.
   */
  #method(name: string): [MethodDoc, number] {
    const index = this.#doc.methods.findIndex((item) => item.name === name);
    const method = this.#doc.methods[index];
    if (!method) {
      throw new Error(`SNIP-29 has no method ${name}`);
    }
    return [method, index];
  }

  /**
   * Checks one reply.
   *
   * @param name - The method.
   * @param reply - The reply.
   * @param reply.result - Its result.
   * @param reply.error - Its error.
   * @param reply.error.code - The error code.
   */
  check(
    name: string,
    reply: { result?: unknown; error?: { code: number } },
  ): void {
    const [method, index] = this.#method(name);
    if (reply.error) {
      const codes = (method.errors ?? []).map(
        (ref) =>
          this.#doc.components.errors[ref.$ref.split('/').pop() ?? '']?.code,
      );
      // -32602 is JSON-RPC's own, for params that do not parse.
      if (!codes.includes(reply.error.code) && reply.error.code !== -32602) {
        throw new Error(
          `${name} answered error ${reply.error.code}, not one SNIP-29 lists for it`,
        );
      }
    } else {
      this.#validate(
        `/methods/${index}/result/schema`,
        reply.result,
        `${name} result`,
      );
    }
    this.seen.set(name, (this.seen.get(name) ?? 0) + 1);
  }
}

export const paymasterSpec = new PaymasterSpec();

/**
 * A fetch for starknet.js's PaymasterRpc that checks every call against
 * SNIP-29's document.
 *
 * @param input - URL.
 * @param init - Request init.
 * @returns The response.
 */
export async function paymasterFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const response = await fetch(input, init);
  const request =
    typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  if (request?.method?.startsWith('paymaster_')) {
    paymasterSpec.check(request.method, await response.clone().json());
  }
  return response;
}
