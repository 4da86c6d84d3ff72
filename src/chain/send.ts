import type { Plan, Step } from './plan';
import type { NodeClient } from './rpc';
import { addTransactionCall } from './starknet';

/**
 * Signs and sends a planned sequence, one transaction after the other (a
 * deploy must be accepted before the invoke that follows it).
 *
 * @param client - The network's node.
 * @param steps - The transactions.
 * @param plan - Their details.
 * @param onSent - Called with each accepted transaction's hash and index,
 * so a failure later in the sequence keeps what was already sent.
 * @returns The hashes the node accepted, in order.
 */
export async function sendSequence(
  client: NodeClient,
  steps: Step[],
  plan: Plan,
  onSent: (hash: string, index: number) => Promise<void>,
): Promise<string[]> {
  const hashes: string[] = [];
  for (const [index, step] of steps.entries()) {
    const details = plan.details[index];
    if (!details) {
      throw new Error(`No details planned for step ${index}`);
    }
    const { transaction } = step(details, true);
    const { transaction_hash: hash } = await client.call(
      addTransactionCall(transaction),
    );
    hashes.push(hash);
    await onSent(hash, index);
  }
  return hashes;
}
