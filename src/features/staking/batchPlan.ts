import type { Network } from '../../config';
import { NodeError } from '../../errors';
import type { Reading } from '../../node/answers';
import type { NodeCall } from '../../node/nodeCall';
import type { WalletContext } from '../../wallet/context';

/**
 * A node batch planned part by part: each part adds its calls and gets a
 * ticket that takes its answer back from the batch's answers, so the parts
 * of a view share one round trip without counting positions by hand.
 */

/** Takes a call's answer back from its batch's answers. */
export type Ticket<Value> = (
  answers: PromiseSettledResult<unknown>[],
) => Value | undefined;

/** A batch being planned. */
export type Plan = {
  calls: NodeCall<unknown>[];
  /** Adds a call; its ticket gives its answer (undefined: refused). */
  add: <Value>(call: NodeCall<Value>) => Ticket<Value>;
  /** Adds a read; its ticket gives its value (undefined: unreadable). */
  read: <Value>(call: NodeCall<Reading<Value>>) => Ticket<Value>;
};

/**
 * A new batch plan.
 *
 * @returns The plan.
 */
export function plan(): Plan {
  const calls: NodeCall<unknown>[] = [];
  const add = <Value>(call: NodeCall<Value>): Ticket<Value> => {
    const index = calls.length;
    calls.push(call);
    return (answers) => {
      const answer = answers[index];
      // Each answer was parsed by its own call's parser, in order.
      return answer?.status === 'fulfilled'
        ? (answer.value as Value)
        : undefined;
    };
  };
  return {
    calls,
    add,
    read: <Value>(call: NodeCall<Reading<Value>>): Ticket<Value> => {
      const ticket = add(call);
      return (answers) => {
        const reading = ticket(answers);
        return reading !== undefined && 'value' in reading
          ? reading.value
          : undefined;
      };
    },
  };
}

/**
 * Sends a plan in one round trip (none when it is empty): a node that
 * fails leaves every answer missing, and says why.
 *
 * @param context - The user's context.
 * @param network - The network.
 * @param batch - The plan.
 * @returns The answers, and the node's failure if any.
 */
export async function sendPlan(
  context: WalletContext,
  network: Network,
  batch: Plan,
): Promise<{ answers: PromiseSettledResult<unknown>[]; failure?: string }> {
  if (batch.calls.length === 0) {
    return { answers: [] };
  }
  try {
    return { answers: await context.node(network).batchSettled(batch.calls) };
  } catch (error) {
    if (!(error instanceof NodeError)) {
      throw error;
    }
    return { answers: [], failure: error.message };
  }
}
