import type { Json } from '@metamask/snaps-sdk';

import { SnapErrorCode } from './snap-api';

/**
 * The codes the client decodes: the snap's own (from its API module) and
 * MetaMask's wrapper around a snap's error.
 */
export const ErrorCode = {
  ...SnapErrorCode,
  /** MetaMask's wrapper around an error thrown by a snap (older versions). */
  SnapError: -31002,
} as const;

/** Any failure of a snap request: the code, message and data the wallet gave. */
export class SnapClientError extends Error {
  readonly code: number;

  readonly data: Json | undefined;

  /**
   * @param code - The JSON-RPC error code.
   * @param message - The message, as the wallet or snap wrote it.
   * @param data - The error's data, if any.
   */
  constructor(code: number, message: string, data?: Json) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.data = data;
  }
}

/** The user declined in MetaMask (4001). */
export class UserRejectedError extends SnapClientError {}

/** The snap refused the params (-32602); `field` names the one at fault. */
export class InvalidParamsError extends SnapClientError {
  readonly field: string | undefined;

  /**
   * @param code - The JSON-RPC error code (-32602).
   * @param message - The snap's message.
   * @param data - The error's data (`{field}` when the snap names it).
   */
  constructor(code: number, message: string, data?: Json) {
    super(code, message, data);
    this.field = fieldOf(data);
  }
}

/** The snap has no such method (-32601), e.g. an older snap version. */
export class MethodNotFoundError extends SnapClientError {}

/** The snap is not installed, or this site may not call it. */
export class SnapNotInstalledError extends SnapClientError {}

/**
 * The snap refused an account the user has not shared with this site (4100),
 * or an address that is not the wallet's at all: the snap answers both alike
 * so that a site cannot probe which addresses the wallet holds. Ask the user
 * to share it (`snapnet_createAccount` or `snapnet_recoverAccounts`, each
 * with its dialog), then retry.
 */
export class AccountNotSharedError extends SnapClientError {}

/**
 * The `field` of an error's data, when it names one.
 *
 * @param data - The error's data.
 * @returns The field, or undefined.
 */
function fieldOf(data: Json | undefined): string | undefined {
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const { field } = data;
    return typeof field === 'string' ? field : undefined;
  }
  return undefined;
}

/** An error as a provider throws it: `{code, message, data?}`. */
type RpcErrorShape = { code: number; message: string; data?: Json };

/**
 * Reads `{code, message, data}` off whatever a provider threw.
 *
 * @param error - What was thrown.
 * @returns Its fields, or undefined when it has no numeric code.
 */
function rpcErrorShape(error: unknown): RpcErrorShape | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) {
    return undefined;
  }
  const { code } = error;
  if (typeof code !== 'number') {
    return undefined;
  }
  const message =
    'message' in error && typeof error.message === 'string'
      ? error.message
      : 'Unknown error';
  const data: Json | undefined =
    'data' in error ? toJson(error.data) : undefined;
  return { code, message, ...(data === undefined ? {} : { data }) };
}

/**
 * Copies a value as JSON (drops what JSON cannot hold, such as functions).
 *
 * @param value - The value.
 * @returns Its JSON copy, or undefined when it has none.
 */
function toJson(value: unknown): Json | undefined {
  if (value === undefined) {
    return undefined;
  }
  try {
    const text = JSON.stringify(value);
    if (text === undefined) {
      return undefined;
    }
    const parsed: Json = JSON.parse(text);
    return parsed;
  } catch {
    return undefined;
  }
}

/**
 * An older MetaMask wraps a snap's error as `-31002 Snap Error` with the real
 * one in `data.cause`; newer ones pass it through. Unwraps the first form.
 *
 * @param shape - The error as thrown.
 * @returns The snap's own error.
 */
function unwrapSnapError(shape: RpcErrorShape): RpcErrorShape {
  const { data } = shape;
  if (
    shape.code === ErrorCode.SnapError &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data)
  ) {
    const cause = rpcErrorShape(data.cause);
    if (cause) {
      return cause;
    }
  }
  return shape;
}

const NOT_INSTALLED = /snap\b.*\bis not installed/iu;
const NOT_PERMITTED = 'Unauthorized to perform action';
/**
 * The snap's 4100 for an account not shared with the site (its
 * AccountNotSharedError, src/errors.ts) carries no data: its message is all
 * that tells it from the snap's other 4100 (a caller the origin policy
 * refuses). The end-to-end tests decode the real snap's message.
 */
const NOT_SHARED = /^Account 0x[0-9a-f]+ has not been shared with /u;

/**
 * Turns whatever a `wallet_*` snap request threw into a typed error.
 *
 * @param error - What the provider threw.
 * @returns The typed error.
 */
export function decodeError(error: unknown): SnapClientError {
  if (error instanceof SnapClientError) {
    return error;
  }
  const thrown = rpcErrorShape(error);
  if (!thrown) {
    const message = error instanceof Error ? error.message : String(error);
    return new SnapClientError(ErrorCode.Internal, message);
  }
  const { code, message, data } = unwrapSnapError(thrown);
  if (
    NOT_INSTALLED.test(message) ||
    (code === ErrorCode.Unauthorized && message.startsWith(NOT_PERMITTED))
  ) {
    return new SnapNotInstalledError(code, message, data);
  }
  if (code === ErrorCode.Unauthorized && NOT_SHARED.test(message)) {
    return new AccountNotSharedError(code, message, data);
  }
  switch (code) {
    case ErrorCode.UserRejected:
      return new UserRejectedError(code, message, data);
    case ErrorCode.InvalidParams:
      return new InvalidParamsError(code, message, data);
    case ErrorCode.MethodNotFound:
      return new MethodNotFoundError(code, message, data);
    default:
      return new SnapClientError(code, message, data);
  }
}
