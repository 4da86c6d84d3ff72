/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch */
import { Account, RpcProvider } from 'starknet';

import { validator } from '../../packages/local-node/test/helpers';
import type { TestNode } from '../chain/types';

/** One node under observation, with a funded account to act with. */
export type Subject = {
  name: string;
  node: TestNode;
  provider: RpcProvider;
  funder: Account;
};

/** What a raw JSON-RPC call gave: a result, or an error code and message. */
export type Answer = {
  result?: any;
  error?: { code: number; message: string; data?: unknown };
  /** Empty when the result matches the OpenRPC schema of its method. */
  shape: string;
};

let nextId = 1;

/**
 * Sends one JSON-RPC call and checks its result against the vendored
 * OpenRPC 0.10.2 documents.
 *
 * @param subject - The node.
 * @param method - The method.
 * @param params - Its params.
 * @returns The answer.
 */
export async function ask(
  subject: Subject,
  method: string,
  params?: unknown,
): Promise<Answer> {
  const id = nextId;
  nextId += 1;
  const response = await fetch(subject.node.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const reply: { result?: unknown; error?: Answer['error'] } =
    await response.json();
  let shape = '';
  if (reply.error === undefined && validator.knows(method)) {
    try {
      validator.check(method, reply.result);
    } catch (error) {
      shape = String(error).split('\n')[0] ?? 'mismatch';
    }
  }
  return { ...reply, shape };
}

/**
 * A subject from a running node: its first predeployed account acts.
 *
 * @param name - How the report names it.
 * @param node - The node.
 * @returns The subject.
 */
export function subjectOf(name: string, node: TestNode): Subject {
  const [first] = node.accounts;
  if (!first) {
    throw new Error(`${name} has no predeployed account`);
  }
  const provider = new RpcProvider({ nodeUrl: node.url });
  return {
    name,
    node,
    provider,
    funder: new Account({
      provider,
      address: first.address,
      signer: first.privateKey,
    }),
  };
}

/**
 * The meaning of an answer: its error code, or "ok" and whether its shape
 * matches the spec.
 *
 * @param answer - The answer.
 * @returns A short description.
 */
export function outcome(answer: Answer): string {
  if (answer.error) {
    return `error ${answer.error.code}`;
  }
  return answer.shape === '' ? 'ok' : `ok, off-spec: ${answer.shape}`;
}
