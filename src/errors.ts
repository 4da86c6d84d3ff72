import {
  InternalError,
  InvalidParamsError,
  MethodNotFoundError,
  ResourceNotFoundError,
  ResourceUnavailableError,
  SnapError,
  UnauthorizedError,
  UserRejectedRequestError,
} from '@metamask/snaps-sdk';
import { StructError } from 'superstruct';

import { errorMeaning } from './errorMeanings';
import { logger } from './logger';

/**
 * Domain errors of the wallet. Handlers throw these; `toSnapError` is the one
 * place that turns anything thrown into the error a dapp receives.
 */
export class WalletError extends Error {
  /**
   * @param message - What went wrong, for the dapp.
   * @param options - The error this one explains, if any.
   * @param options.cause - That error (kept for the log, never answered).
   */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A parameter is missing or wrong; `field` names it. */
export class InvalidInputError extends WalletError {
  readonly field: string;

  /**
   * @param field - The param at fault (dotted path).
   * @param message - What is wrong with it.
   */
  constructor(field: string, message: string) {
    super(`Invalid params: ${field}: ${message}`);
    this.field = field;
  }
}

/** The thing asked for does not exist (account, transaction, token). */
export class NotFoundError extends WalletError {}

/** The user declined a confirmation. */
export class UserRejectedError extends WalletError {
  /** The message dapps expect for code 4001. */
  constructor() {
    super('User rejected the request.');
  }
}

/** The requesting origin may not call this method. */
export class OriginNotAllowedError extends WalletError {}

/** The Starknet node failed or answered something unusable. */
export class NodeError extends WalletError {
  readonly network: string;

  /** The failure without the network's name (to list several). */
  readonly detail: string;

  /**
   * @param network - The network's name.
   * @param detail - The failure.
   * @param options - What caused it, if anything.
   * @param options.cause - The underlying error.
   */
  constructor(network: string, detail: string, options?: { cause?: unknown }) {
    super(`${network} node error: ${detail}`, options);
    this.network = network;
    this.detail = detail;
  }
}

/**
 * A network's SNIP-29 paymaster failed: unreachable, refused (its SNIP-29
 * code kept), answered garbage, or built something other than what was
 * asked. Nothing was signed.
 */
export class PaymasterError extends WalletError {
  /** The paymaster's host, as dialogs name it. */
  readonly paymaster: string;

  readonly paymasterCode: number | undefined;

  /**
   * @param paymaster - The paymaster's host.
   * @param problem - What went wrong, completing "The paymaster <host> …".
   * @param paymasterCode - Its SNIP-29 error code, when it refused.
   */
  constructor(paymaster: string, problem: string, paymasterCode?: number) {
    super(`The paymaster ${paymaster} ${problem}`);
    this.paymaster = paymaster;
    this.paymasterCode = paymasterCode;
  }
}

/**
 * A network's swap API (AVNU's, src/swap/client.ts) failed: unreachable,
 * refused, answered garbage, or built something other than its quote
 * (src/swap/checkBuilt.ts). Nothing was signed.
 */
export class SwapApiError extends WalletError {
  /** The API's host, as the page and dialogs name it. */
  readonly swapApi: string;

  /**
   * @param swapApi - The API's host.
   * @param problem - What went wrong, completing "The swap API <host> …".
   */
  constructor(swapApi: string, problem: string) {
    super(`The swap API ${swapApi} ${problem}`);
    this.swapApi = swapApi;
  }
}

/** The node at a network's URL serves another chain than the network's. */
export class WrongChainError extends NodeError {
  readonly served: string;

  /**
   * @param network - The network's name.
   * @param served - The chain id the node answered.
   * @param expected - The network's chain id.
   */
  constructor(network: string, served: string, expected: string) {
    super(
      network,
      `wrong chain: the node at this network's URL serves chain ${served}, not ${expected}`,
    );
    this.served = served;
  }
}

/**
 * The node at a network's URL speaks another Starknet JSON-RPC version than
 * the 0.10 this wallet speaks (method names and shapes differ between
 * versions, so its answers cannot be read safely).
 */
export class UnsupportedSpecError extends NodeError {
  readonly served: string;

  /**
   * @param network - The network's name.
   * @param served - The version the node answered.
   * @param supported - The versions this wallet speaks (`0.10.x`).
   */
  constructor(network: string, served: string, supported: string) {
    super(
      network,
      `unsupported JSON-RPC version: the node at this network's URL speaks ${served}, not ${supported}`,
    );
    this.served = served;
  }
}

/**
 * A transaction was handed to a node, and no whole answer came back: it may
 * have reached the network or not. It is not sent to another node (the
 * answer there could contradict the first), nor recorded; the dapp is told
 * to look it up before sending again.
 */
export class SubmissionUnknownError extends NodeError {
  /** What went wrong with the exchange. */
  readonly failure: string;

  readonly transactionHash: string | undefined;

  /**
   * @param network - The network's name.
   * @param failure - What went wrong with the exchange.
   * @param transactionHash - The hash of what was sent, once known.
   */
  constructor(network: string, failure: string, transactionHash?: string) {
    const lookUp =
      transactionHash === undefined
        ? 'the transaction'
        : `transaction ${transactionHash}`;
    super(
      network,
      `${failure} while sending a transaction: it may have reached the network, or not. Look up ${lookUp} (or the account's nonce) before sending again; it was not sent to another node`,
    );
    this.failure = failure;
    this.transactionHash = transactionHash;
  }
}

/**
 * The node answered with a JSON-RPC error (e.g. a rejected transaction).
 * The message says what failed in the spec's words (errorMeaning); the
 * node's own text is kept for the log only, never answered: a node can
 * write into it anything it was sent.
 */
export class ChainRejectedError extends WalletError {
  readonly code: number;

  readonly network: string;

  /** The node's message and data, for the log. */
  readonly nodeText: string;

  /**
   * @param network - The network's name.
   * @param code - The node's JSON-RPC error code.
   * @param nodeText - The node's message and data.
   */
  constructor(network: string, code: number, nodeText: string) {
    super(`${network} rejected the request (${code}): ${errorMeaning(code)}`);
    this.code = code;
    this.network = network;
    this.nodeText = nodeText;
  }
}

/**
 * The stored wallet state cannot be read. It is left as it is: nothing is
 * written over it, so an update of the snap (or support) can still read it.
 */
export class StateUnreadableError extends WalletError {
  /**
   * @param reason - Why it cannot be read.
   */
  constructor(reason: string) {
    super(
      `The wallet's stored state cannot be read: ${reason}. It was left untouched.`,
    );
  }
}

/**
 * A site asked for an account the user has not shared with it. The same
 * answer is given for an address that is not the wallet's at all, so a site
 * cannot probe which addresses the wallet holds.
 */
export class AccountNotSharedError extends WalletError {
  readonly address: string;

  /**
   * @param address - The account.
   * @param origin - The site.
   */
  constructor(address: string, origin: string) {
    super(
      `Account ${address} has not been shared with ${origin}: ask the user with snapnet_createAccount or snapnet_recoverAccounts`,
    );
    this.address = address;
  }
}

/** One transaction of a sequence that reached the node. */
export type SentTransaction = {
  type: 'INVOKE' | 'DECLARE' | 'DEPLOY_ACCOUNT';
  transaction_hash: string;
};

/**
 * A sequence stopped part-way: the transactions in `sent` went out (and were
 * recorded) before `cause` stopped the next one. The dapp receives the
 * cause's error with `data.sent`, so it learns, for instance, the hash of a
 * deployment that went out before its invoke was refused.
 */
export class PartialSendError extends WalletError {
  readonly sent: SentTransaction[];

  readonly failure: unknown;

  /**
   * @param sent - What went out, in order.
   * @param failure - Why the next transaction did not.
   */
  constructor(sent: SentTransaction[], failure: unknown) {
    super(
      `${failure instanceof Error ? failure.message : String(failure)} (after ${sent.length} transaction(s) of the sequence went out: see data.sent)`,
      { cause: failure },
    );
    this.sent = sent;
    this.failure = failure;
  }
}

/**
 * The node answered a transaction hash other than the one signed: what it
 * accepted, if anything, is not what the user approved. Nothing is recorded.
 */
export class HashMismatchError extends NodeError {
  /**
   * @param network - The network's name.
   * @param signed - The hash the wallet signed.
   * @param answered - The hash the node answered.
   */
  constructor(network: string, signed: string, answered: string) {
    super(
      network,
      `answered transaction hash ${answered}, not the hash of the transaction signed (${signed}); nothing was recorded`,
    );
  }
}

/** Unknown `snapnet_*` method. */
export class UnknownMethodError extends WalletError {
  /**
   * @param method - The requested method.
   */
  constructor(method: string) {
    super(`Method not found: ${method}`);
  }
}

/**
 * The JSON-RPC code of a mapped error.
 *
 * @param error - An error toSnapError made.
 * @returns Its code (internal error when it has none).
 */
function errorCode(error: Error): number {
  return error instanceof SnapError ? error.code : -32603;
}

const PRIVATE_KEY_LIKE = /0x[0-9a-f]{60,64}/giu;

/**
 * Removes anything shaped like a 32-byte secret from an unexpected error
 * message, so a bug can never leak a key through an error.
 *
 * @param message - The message of an unexpected error.
 * @returns The message with long hex values elided.
 */
function scrub(message: string): string {
  return message.replace(PRIVATE_KEY_LIKE, '0x…');
}

/**
 * Maps anything thrown while serving a request to a snaps-sdk error.
 *
 * @param error - What was thrown.
 * @returns The error to throw back to the dapp.
 */
export function toSnapError(error: unknown): Error {
  if (error instanceof SnapError) {
    return error;
  }
  if (error instanceof PartialSendError) {
    const failure = toSnapError(error.failure);
    return new SnapError(
      { code: errorCode(failure), message: error.message },
      {
        ...(failure instanceof SnapError ? failure.data : {}),
        sent: error.sent,
      },
    );
  }
  if (error instanceof StructError) {
    const field = error.path.length > 0 ? error.path.join('.') : 'params';
    return new InvalidParamsError(
      `Invalid params: ${field}: ${error.message}`,
      {
        field,
      },
    );
  }
  if (error instanceof InvalidInputError) {
    return new InvalidParamsError(error.message, { field: error.field });
  }
  if (error instanceof UserRejectedError) {
    return new UserRejectedRequestError(error.message);
  }
  if (error instanceof UnknownMethodError) {
    return new MethodNotFoundError(error.message);
  }
  if (error instanceof NotFoundError) {
    return new ResourceNotFoundError(error.message);
  }
  if (error instanceof AccountNotSharedError) {
    return new UnauthorizedError(error.message, { address: error.address });
  }
  if (error instanceof OriginNotAllowedError) {
    return new UnauthorizedError(error.message);
  }
  if (error instanceof SubmissionUnknownError) {
    return new ResourceUnavailableError(error.message, {
      network: error.network,
      ...(error.transactionHash === undefined
        ? {}
        : { transactionHash: error.transactionHash }),
    });
  }
  if (error instanceof PaymasterError) {
    return new ResourceUnavailableError(error.message, {
      paymaster: error.paymaster,
      ...(error.paymasterCode === undefined
        ? {}
        : { paymasterCode: error.paymasterCode }),
    });
  }
  if (error instanceof SwapApiError) {
    return new ResourceUnavailableError(error.message, {
      swapApi: error.swapApi,
    });
  }
  if (error instanceof NodeError) {
    return new ResourceUnavailableError(error.message, {
      network: error.network,
    });
  }
  if (error instanceof StateUnreadableError) {
    return new InternalError(error.message);
  }
  if (error instanceof ChainRejectedError) {
    logger.info('A node refused a request', error.nodeText);
    return new InternalError(error.message, { nodeCode: error.code });
  }
  // A bug: log it whole (stack and causes) for whoever debugs the snap,
  // and answer only its scrubbed message.
  logger.error('Unexpected error', error);
  const message = error instanceof Error ? error.message : String(error);
  return new InternalError(`Unexpected error: ${scrub(message)}`);
}
