import type { NodeCall } from '../../node/nodeCall';

/**
 * A node batch planned part by part: each part adds its calls and gets a
 * ticket that takes its answer back from the batch's answers, so the parts
 * of a view share one round trip without counting positions by hand.
 */

/** A batch being planned: each call's answer taken back by its ticket. */
export type Plan = {
  calls: NodeCall<unknown>[];
  add: <Value>(
    call: NodeCall<Value>,
  ) => (answers: PromiseSettledResult<unknown>[]) => Value | undefined;
};

/**
 * A new batch plan.
 *
 * @returns The plan.
 */
export function plan(): Plan {
  const calls: NodeCall<unknown>[] = [];
  return {
    calls,
    add: <Value>(call: NodeCall<Value>) => {
      const index = calls.length;
      calls.push(call);
      return (answers: PromiseSettledResult<unknown>[]): Value | undefined => {
        const answer = answers[index];
        // Each answer was parsed by its own call's parser, in order.
        return answer?.status === 'fulfilled' ? (answer.value as Value) : undefined;
      };
    },
  };
}

