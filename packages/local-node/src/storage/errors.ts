/**
 * A content-storage error with the HTTP status the provider contract gives
 * it: 400 malformed call or argument, 401 missing or wrong credentials, 403
 * forbidden call, 404 unknown endpoint, 405 wrong method or disallowed
 * origin, 413 upload over the limit, 500 a command that cannot be fulfilled.
 */
export class StorageError extends Error {
  readonly status: number;

  /**
   * @param status - The HTTP status.
   * @param message - The reason, sent in the body.
   */
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const badRequest = (message: string): StorageError =>
  new StorageError(400, message);

export const cannotFulfil = (message: string): StorageError =>
  new StorageError(500, message);
