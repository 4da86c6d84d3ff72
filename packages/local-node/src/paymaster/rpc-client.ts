/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch */
import { RpcError } from '../base/errors';

/**
 * Calls one Starknet JSON-RPC method of a node.
 *
 * @param nodeUrl - The node's JSON-RPC URL.
 * @param method - The method.
 * @param params - Its params (by name).
 * @returns Its result.
 * @throws RpcError with the node's code, message and data when it answers
 * an error.
 */
export async function nodeCall(
  nodeUrl: string,
  method: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  const response = await fetch(nodeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer: unknown = await response.json();
  if (typeof answer !== 'object' || answer === null) {
    throw new Error(`${method}: the node answered ${String(answer)}`);
  }
  if ('error' in answer) {
    const { error } = answer;
    const code =
      typeof error === 'object' && error !== null && 'code' in error
        ? Number(error.code)
        : 0;
    const message =
      typeof error === 'object' && error !== null && 'message' in error
        ? String(error.message)
        : 'error';
    const data =
      typeof error === 'object' && error !== null && 'data' in error
        ? error.data
        : undefined;
    throw new RpcError(code, message, data);
  }
  return 'result' in answer ? answer.result : undefined;
}

/**
 * A hex felt of a node's answer as a bigint.
 *
 * @param value - The value.
 * @param name - What it is, for errors.
 * @returns The number.
 */
export function feltOf(value: unknown, name: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/u.test(value)) {
    throw new Error(`the node answered a malformed ${name}`);
  }
  return BigInt(value);
}
