/* eslint-disable n/no-unsupported-features/node-builtins, n/no-sync -- tests: fetch (as starknet.js uses it), the document read once */
import AjvClass from 'ajv';
import type { ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { VENDOR_DIR } from '../../../test/vendored';
import type { PaymasterDialect } from '../src';

type ErrorRef = { $ref: string };
type MethodDoc = {
  name: string;
  errors?: ErrorRef[];
};
type SchemaDoc = {
  required?: string[];
  properties?: Record<string, unknown>;
  oneOf?: SchemaDoc[];
};
type SnipDoc = {
  methods: MethodDoc[];
  components: {
    errors: Record<string, { code: number }>;
    schemas: Record<string, SchemaDoc>;
  };
};

/**
 * The document as AVNU's service answers it (avnu-labs/paymaster at
 * d9fef704, crates/paymaster-rpc/src/endpoint/common/mod.rs): a deployment's
 * `sigdata` may be null (an Option serialised without skip); `time_bounds`
 * may be null, its timestamps u64 JSON numbers. Nothing else is loosened.
 *
 * @param doc - The document (changed in place).
 */
function loosenForAvnu(doc: SnipDoc): void {
  const { schemas } = doc.components;
  const deployment = schemas.ACCOUNT_DEPLOYMENT_DATA?.properties;
  if (deployment) {
    deployment.sigdata = { anyOf: [deployment.sigdata, { type: 'null' }] };
  }
  schemas.TIMESTAMP = {
    anyOf: [schemas.TIMESTAMP, { type: 'integer', minimum: 0 }],
  } as SchemaDoc;
  const parameters = schemas.USER_PARAMETERS?.oneOf?.[0]?.properties;
  if (parameters) {
    parameters.time_bounds = {
      anyOf: [parameters.time_bounds, { type: 'null' }],
    };
  }
}

/**
 * Checks the node's paymaster answers against SNIP-29's OpenRPC document
 * (vendored: vendor/specs/snip-29/paymaster_api.json): each result by its
 * schema, each error by the codes the method declares. Requests are not
 * checked: starknet.js 10 sends timestamps as JSON numbers (the document's
 * TIMESTAMP is a decimal string) and addresses as given (leading zeros,
 * which the document's FELT refuses); the node accepts both. In the avnu
 * dialect the document is loosened where AVNU's wire differs (loosenForAvnu),
 * and AVNU's own methods (paymaster_health, executeDirectTransaction), which
 * the document lacks, are counted unchecked.
 */
class PaymasterSpec {
  readonly #ajv = new AjvClass({ strict: false, validateSchema: false });

  readonly #doc: SnipDoc;

  readonly #dialect: PaymasterDialect;

  readonly #validators = new Map<string, ValidateFunction>();

  /** Calls checked, by method. */
  readonly seen = new Map<string, number>();

  /**
   * @param dialect - The dialect the answers are read in.
   */
  constructor(dialect: PaymasterDialect) {
    this.#dialect = dialect;
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
    if (dialect === 'avnu') {
      loosenForAvnu(this.#doc);
    }
    this.#ajv.addSchema({ ...this.#doc, $id: 'snip29' });
  }

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
   * @returns Whether it was checked (false: a method of AVNU's alone).
   */
  check(
    name: string,
    reply: { result?: unknown; error?: { code: number } },
  ): boolean {
    const documented = this.#doc.methods.some((item) => item.name === name);
    // A method the dialect's service lacks (AVNU has no
    // trackingIdToLatestHash, SNIP-29 no health) answers "Method not found".
    if (
      (!documented && this.#dialect === 'avnu') ||
      reply.error?.code === -32601
    ) {
      return false;
    }
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
    return true;
  }
}

/** The checker of AVNU's dialect (the local node's default). */
export const paymasterSpec = new PaymasterSpec('avnu');

/** The checker of SNIP-29's own dialect. */
export const snip29Spec = new PaymasterSpec('snip29');

/**
 * The checker of a dialect.
 *
 * @param dialect - The dialect.
 * @returns Its checker.
 */
export const specOf = (dialect: PaymasterDialect): PaymasterSpec =>
  dialect === 'avnu' ? paymasterSpec : snip29Spec;

/**
 * A fetch for starknet.js's PaymasterRpc that checks every call against
 * SNIP-29's document, as the dialect reads it.
 *
 * @param dialect - The dialect.
 * @returns The fetch.
 */
export function paymasterFetch(
  dialect: PaymasterDialect,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const response = await fetch(input, init);
    const request =
      typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (request?.method?.startsWith('paymaster_')) {
      specOf(dialect).check(request.method, await response.clone().json());
    }
    return response;
  };
}
