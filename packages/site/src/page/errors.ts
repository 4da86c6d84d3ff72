import {
  AccountNotSharedError,
  InvalidParamsError,
  MetaMaskNotFoundError,
  SnapClientError,
  SnapNotInstalledError,
  UserRejectedError,
} from '@snapnet/client';

/** A failure as the page shows it. */
export type ShownError = {
  /** One plain sentence (or two). */
  message: string;
  /** The snap's param at fault, when it named one. */
  field?: string | undefined;
};

/**
 * Turns whatever an action threw into a plain message.
 *
 * @param error - What was thrown.
 * @returns The message, and the param at fault for invalid params.
 */
export function describeError(error: unknown): ShownError {
  if (error instanceof UserRejectedError) {
    return { message: 'You declined the request in MetaMask.' };
  }
  if (error instanceof InvalidParamsError) {
    const reason = error.message.replace(/^Invalid params:\s*/u, '');
    return {
      message: error.field
        ? `Invalid params (field ${error.field}): ${reason}`
        : `Invalid params: ${reason}`,
      field: error.field,
    };
  }
  if (error instanceof AccountNotSharedError) {
    return {
      message: `This page was not given that account (or it is not one of this wallet's): Create account or Recover accounts asks you to share it. (${error.message})`,
    };
  }
  if (error instanceof SnapNotInstalledError) {
    return {
      message: `The snap is not connected to this page: click Connect. (${error.message})`,
    };
  }
  if (error instanceof SnapClientError) {
    return { message: `${error.message} (error ${error.code})` };
  }
  if (error instanceof MetaMaskNotFoundError || error instanceof Error) {
    return { message: error.message };
  }
  return { message: String(error) };
}
