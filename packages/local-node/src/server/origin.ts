import { RpcError } from '../base/errors';

/** starknet-devnet's code for a method the node refuses to run. */
const METHOD_FORBIDDEN = [-32604, 'Method forbidden'] as const;

/**
 * Who may call the methods that touch the developer's files. A browser adds
 * an `Origin` header to every cross-site request (and to WebSocket
 * handshakes); command-line tools, starknet.js in Node and test runners send
 * none. CORS cannot protect these methods: a page's "simple" POST runs on the
 * node even when the page may not read the answer. So the node refuses them
 * to any request with an origin, unless that origin was allowed at start.
 */
export class OriginPolicy {
  readonly #allowed: Set<string>;

  /**
   * @param allowed - Origins allowed to call file methods (`*` = any).
   */
  constructor(allowed: readonly string[] = []) {
    this.#allowed = new Set(allowed);
  }

  /**
   * Why a method call is refused, or undefined when it may run.
   *
   * @param method - The method.
   * @param touchesFiles - Whether it reads or writes files.
   * @param origin - The request's Origin header, if any.
   * @returns The error to answer, or undefined.
   */
  refusal(
    method: string,
    touchesFiles: boolean,
    origin: string | undefined,
  ): RpcError | undefined {
    if (
      !touchesFiles ||
      origin === undefined ||
      this.#allowed.has('*') ||
      this.#allowed.has(origin)
    ) {
      return undefined;
    }
    return new RpcError(
      ...METHOD_FORBIDDEN,
      `${method} reads or writes files, so it is refused to web pages (this request came from origin ${origin}); start the node with --allow-origin ${origin} to allow it`,
    );
  }
}
