import { ExecutionError } from '../base/errors';
import { toHex } from '../base/felt';

/**
 * Why a class cannot be deployed or called here, naming it and the way out.
 *
 * @param classHash - The class.
 * @returns The message.
 */
export function notExecutableMessage(classHash: bigint): string {
  return (
    `Class ${toHex(classHash)} is declared, but the local node cannot execute it: ` +
    'it runs only the classes its README lists (Argent account 0.3.1, the predeployed ' +
    "OpenZeppelin account, StarkGate's and OpenZeppelin's ERC-20, the Universal Deployer). " +
    'To deploy and call other classes, run starknet-devnet instead: npm start -- --devnet'
  );
}

/**
 * The execution error for deploying or calling a class the node cannot run.
 *
 * @param classHash - The class.
 * @returns The error.
 */
export function notExecutable(classHash: bigint): ExecutionError {
  return new ExecutionError(notExecutableMessage(classHash), 'not-executable');
}
