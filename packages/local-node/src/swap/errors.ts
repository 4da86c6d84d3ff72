/**
 * A refusal of the swap API, answered as AVNU's API answers one: the HTTP
 * status and `{messages: [text], revertError: null}` (the SDK's
 * `RequestError`; it throws `messages[0]` on a 400 and a 500).
 */
export class SwapApiError extends Error {
  readonly status: number;

  /**
   * @param status - The HTTP status (400 for a bad request).
   * @param message - The text.
   */
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * A 400: the request is wrong.
 *
 * @param message - What is wrong.
 * @returns The error.
 */
export function badRequest(message: string): SwapApiError {
  return new SwapApiError(400, message);
}

/**
 * The body of an error answer.
 *
 * @param message - The text.
 * @returns AVNU's shape.
 */
export function errorBody(message: string): {
  messages: string[];
  revertError: null;
} {
  return { messages: [message], revertError: null };
}
