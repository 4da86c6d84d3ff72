import { TaskQueues } from '../queue';

/**
 * Sending from one account is serialised in this snap process, and the last
 * nonce sent is remembered, so parallel requests never reuse a nonce even
 * when the node has not yet counted the previous transaction.
 */
const accountQueues = new TaskQueues();
const lastNonceSent = new Map<string, bigint>();

/**
 * Runs `task` after every earlier task for the same account and chain.
 *
 * @param key - `${chainId}:${address}`.
 * @param task - The work.
 * @returns What the task returned.
 */
export async function withAccountQueue<Result>(
  key: string,
  task: () => Promise<Result>,
): Promise<Result> {
  return accountQueues.run(key, task);
}

/**
 * The nonce to send with: the node's, unless this process already sent it.
 *
 * @param key - `${chainId}:${address}`.
 * @param nodeNonce - The nonce the node reports.
 * @returns The nonce to use.
 */
export function nextNonce(key: string, nodeNonce: bigint): bigint {
  const last = lastNonceSent.get(key);
  return last === undefined || last < nodeNonce ? nodeNonce : last + 1n;
}

/**
 * Remembers a nonce the node accepted.
 *
 * @param key - `${chainId}:${address}`.
 * @param nonce - The nonce sent.
 */
export function markNonceSent(key: string, nonce: bigint): void {
  const last = lastNonceSent.get(key);
  if (last === undefined || nonce > last) {
    lastNonceSent.set(key, nonce);
  }
}
