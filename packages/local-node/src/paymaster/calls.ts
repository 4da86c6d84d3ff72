import type { Deployment } from './params';
import { selectorOf } from '../contracts/calls';
import type {
  OutsideCall,
  OutsideExecution,
} from '../contracts/outside-execution';
import { outsideExecutionCalldata } from '../contracts/outside-execution';
import { UDC_ADDRESS } from '../contracts/udc';

/**
 * The relayer's calls: the account's deployment through the Universal
 * Deployer (not unique, so the address is the account's counterfactual
 * one), then `execute_from_outside` on it.
 *
 * @param user - The user's account.
 * @param deployment - Its deployment, when not deployed yet.
 * @param outside - The outside execution and its signature, if any.
 * @param outside.execution - The execution.
 * @param outside.signature - The user's signature.
 * @returns The calls.
 */
export function relayedCalls(
  user: bigint,
  deployment: Deployment | undefined,
  outside: { execution: OutsideExecution; signature: bigint[] } | undefined,
): OutsideCall[] {
  const calls: OutsideCall[] = [];
  if (deployment) {
    calls.push({
      to: UDC_ADDRESS,
      selector: selectorOf('deploy_contract'),
      calldata: [
        deployment.classHash,
        deployment.salt,
        0n,
        BigInt(deployment.calldata.length),
        ...deployment.calldata,
      ],
    });
  }
  if (outside) {
    calls.push({
      to: user,
      selector: selectorOf('execute_from_outside'),
      calldata: outsideExecutionCalldata(outside.execution, outside.signature),
    });
  }
  return calls;
}

/**
 * An account's `__execute__` calldata for calls (Cairo 1: the calls' count,
 * then each call's address, selector and calldata with its length).
 *
 * @param calls - The calls.
 * @returns The calldata.
 */
export function executeCalldata(calls: OutsideCall[]): bigint[] {
  return [
    BigInt(calls.length),
    ...calls.flatMap((call) => [
      call.to,
      call.selector,
      BigInt(call.calldata.length),
      ...call.calldata,
    ]),
  ];
}
