import { hash } from 'starknet';

import { paymasterError } from './errors';
import type { UserTransaction } from './params';
import { RpcError } from '../base/errors';
import { parseFelt, toHex } from '../base/felt';
import { VALID } from '../contracts/account-common';
import { ARGENT_CLASS_HASH } from '../contracts/argent';
import { selectorOf } from '../contracts/calls';
import type { OutsideExecution } from '../contracts/outside-execution';
import { outsideExecutionHash } from '../contracts/outside-execution';
import { stateMethods } from '../methods/state';
import type { MethodContext } from '../methods/types';

/**
 * The class deployed at an address (pre-confirmed state), by the node's own
 * `starknet_getClassHashAt`.
 *
 * @param ctx - The method context.
 * @param address - The address.
 * @returns The class hash, or undefined when nothing is deployed there.
 */
function deployedClass(
  ctx: MethodContext,
  address: bigint,
): bigint | undefined {
  try {
    const classHash = stateMethods.starknet_getClassHashAt?.handler(
      { block_id: 'pre_confirmed', contract_address: toHex(address) },
      ctx,
    );
    return typeof classHash === 'string' ? BigInt(classHash) : undefined;
  } catch (error) {
    if (error instanceof RpcError) {
      return undefined;
    }
    throw error;
  }
}

/**
 * The user's account, checked: a deployed Argent 0.3.1 account (the only
 * SNIP-9 account the node emulates), or, with deployment data, an Argent
 * 0.3.1 account not deployed yet whose counterfactual address is the one
 * named (the deployment's and the invoke's).
 *
 * @param ctx - The method context.
 * @param tx - The transaction.
 * @returns The account's address.
 */
export function userAccount(ctx: MethodContext, tx: UserTransaction): bigint {
  const named = tx.invoke
    ? parseFelt(tx.invoke.user_address, 'transaction.invoke.user_address')
    : undefined;
  const { deployment } = tx;
  if (deployment) {
    if (deployment.classHash !== ARGENT_CLASS_HASH) {
      throw paymasterError('CLASS_HASH_NOT_SUPPORTED');
    }
    const address = BigInt(
      hash.calculateContractAddressFromHash(
        deployment.salt,
        deployment.classHash,
        deployment.calldata,
        0,
      ),
    );
    if (
      address !== deployment.address ||
      (named !== undefined && named !== address) ||
      deployedClass(ctx, address) !== undefined
    ) {
      throw paymasterError('INVALID_DEPLOYMENT_DATA');
    }
    return address;
  }
  const user = named ?? 0n;
  const classHash = deployedClass(ctx, user);
  if (classHash === undefined) {
    throw paymasterError('INVALID_ADDRESS');
  }
  if (classHash !== ARGENT_CLASS_HASH) {
    throw paymasterError('CLASS_HASH_NOT_SUPPORTED');
  }
  return user;
}

/**
 * Whether a deployed account accepts a signature over its outside
 * execution, by the node's own `starknet_call` of `is_valid_signature`
 * over the hash the account verifies.
 *
 * @param ctx - The method context.
 * @param user - The account.
 * @param execution - The execution.
 * @param signature - The signature.
 * @returns True when valid.
 */
export function signatureValid(
  ctx: MethodContext,
  user: bigint,
  execution: OutsideExecution,
  signature: bigint[],
): boolean {
  const messageHash = outsideExecutionHash(
    execution,
    user,
    ctx.node.options.chainId,
  );
  try {
    const result = stateMethods.starknet_call?.handler(
      {
        request: {
          contract_address: toHex(user),
          entry_point_selector: toHex(selectorOf('is_valid_signature')),
          calldata: [messageHash, BigInt(signature.length), ...signature].map(
            toHex,
          ),
        },
        block_id: 'pre_confirmed',
      },
      ctx,
    );
    return Array.isArray(result) && result[0] === toHex(VALID);
  } catch (error) {
    if (error instanceof RpcError) {
      return false;
    }
    throw error;
  }
}
