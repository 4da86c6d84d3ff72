/**
 * The shape of a call to a node: typed by the spec on the way out, checked
 * at run time on the way back (see NodeClient).
 */
import type { Methods } from '@starknet-io/starknet-types-0104';

/** A Starknet JSON-RPC 0.10 method. */
export type NodeMethod = keyof Methods;

/** A method with its params as the spec has them (types-js). */
type SpecRequest = {
  [Method in NodeMethod]: {
    method: Method;
    params: Methods[Method]['params'];
  };
}[NodeMethod];

/**
 * One JSON-RPC call and how to validate its result: the method and params
 * are typed by the spec; the result, from a node the snap does not trust, is
 * checked at run time by `parse`.
 */
export type NodeCall<Result> = SpecRequest & {
  parse: (value: unknown) => Result;
  /**
   * Bytes of answer this call may add to its batch's answer, when it needs
   * more than ANSWER_BYTES_PER_CALL (see nodeLimits.ts).
   */
  maxAnswerBytes?: number;
  /**
   * A read only shown, never relied on (a Starknet ID name): any failure of
   * its answer — malformed, a provider's error — is its own, rejected in its
   * place, and never fails the endpoint or the rest of the batch.
   */
  ownFailure?: true;
};

/** The results of a batch of calls, position by position. */
export type Results<Calls extends NodeCall<unknown>[]> = {
  [K in keyof Calls]: Calls[K] extends NodeCall<infer R> ? R : never;
};

/** The settled outcomes of a batch of calls, position by position. */
export type SettledResults<Calls extends NodeCall<unknown>[]> = {
  [K in keyof Calls]: PromiseSettledResult<
    Calls[K] extends NodeCall<infer R> ? R : never
  >;
};
