import { StructError } from 'superstruct';

import { mismatchOf } from './answers';
import type { NodeCall } from './nodeCall';
import {
  isRecord,
  isStarknetErrorCode,
  providerFailure,
  readRpcError,
} from './rpcErrors';
import { ChainRejectedError, NodeError } from '../errors';

/**
 * A node's JSON-RPC answer read into one outcome per call: a response
 * parsed by its call's parser, the spec's errors as ChainRejectedErrors,
 * anything else (a provider's own error, a missing or malformed response)
 * as a NodeError naming the network.
 */

/**
 * The outcomes of a batch from the node's answer.
 *
 * @param networkName - The network, as errors name it.
 * @param calls - The calls sent.
 * @param ids - Their JSON-RPC ids, in order.
 * @param payload - The parsed answer.
 * @returns One settled outcome per call, in order.
 * @throws {NodeError} When the answer is a lone error that is no call's.
 */
export function outcomesOf(
  networkName: string,
  calls: NodeCall<unknown>[],
  ids: number[],
  payload: unknown,
): PromiseSettledResult<unknown>[] {
  refuseLoneError(networkName, payload, ids);
  const envelopes = (Array.isArray(payload) ? payload : [payload]).filter(
    isRecord,
  );
  return calls.map((call, index) =>
    settle(
      networkName,
      call,
      envelopes.find((candidate) => candidate.id === ids[index]),
    ),
  );
}

/**
 * Fails the endpoint when it answered a single error that is no call's
 * (a provider refusing the whole request, often with id null: a rate
 * limit), naming that error rather than the responses it lacks.
 *
 * @param networkName - The network, as errors name it.
 * @param payload - The parsed answer.
 * @param ids - The ids of the calls sent.
 * @throws {NodeError} When the answer is such an error.
 */
function refuseLoneError(
  networkName: string,
  payload: unknown,
  ids: number[],
): void {
  if (
    !isRecord(payload) ||
    payload.error === undefined ||
    payload.error === null ||
    ids.some((id) => id === payload.id)
  ) {
    return;
  }
  const error = readRpcError(payload.error);
  throw new NodeError(
    networkName,
    error
      ? providerFailure(error)
      : 'malformed answer: not a JSON-RPC error object',
  );
}

/**
 * One call's outcome from its response.
 *
 * @param networkName - The network, as errors name it.
 * @param call - The call.
 * @param envelope - The node's response to it, if any.
 * @returns The settled outcome.
 */
function settle(
  networkName: string,
  call: NodeCall<unknown>,
  envelope: Record<string, unknown> | undefined,
): PromiseSettledResult<unknown> {
  const malformed = (detail: string): PromiseRejectedResult => ({
    status: 'rejected',
    reason: new NodeError(networkName, `malformed answer${detail}`),
  });
  if (!envelope) {
    return malformed(`: no response to ${call.method}`);
  }
  if (envelope.error !== undefined && envelope.error !== null) {
    const error = readRpcError(envelope.error);
    if (!error) {
      return malformed(` to ${call.method}: not a JSON-RPC error object`);
    }
    if (!isStarknetErrorCode(error.code)) {
      return {
        status: 'rejected',
        reason: new NodeError(networkName, providerFailure(error, call.method)),
      };
    }
    return {
      status: 'rejected',
      reason: new ChainRejectedError(networkName, error.code, error.message),
    };
  }
  try {
    return { status: 'fulfilled', value: call.parse(envelope.result) };
  } catch (error) {
    if (error instanceof StructError) {
      return malformed(` to ${call.method}: ${mismatchOf(error)}`);
    }
    return { status: 'rejected', reason: error };
  }
}
