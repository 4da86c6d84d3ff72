import { hash } from 'starknet';

import type { PaymasterChain } from './chain';
import { paymasterError } from './errors';
import type { UserTransaction } from './params';
import { parseFelt } from '../base/felt';
import { VALID } from '../contracts/account-common';
import { ARGENT_CLASS_HASH } from '../contracts/argent';
import { selectorOf } from '../contracts/calls';
import type { OutsideExecution } from '../contracts/outside-execution';
import { outsideExecutionHash } from '../contracts/outside-execution';

/**
 * The user's account, checked: a deployed Argent 0.3.1 account (SNIP-9
 * version 1, the outside execution the paymaster builds), or, with
 * deployment data, an Argent 0.3.1 account not deployed yet whose
 * counterfactual address is the one named (the deployment's and the
 * invoke's).
 *
 * @param chain - The chain.
 * @param tx - The transaction.
 * @returns The account's address.
 */
export async function userAccount(
  chain: PaymasterChain,
  tx: UserTransaction,
): Promise<bigint> {
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
      (await chain.classHashAt(address)) !== undefined
    ) {
      throw paymasterError('INVALID_DEPLOYMENT_DATA');
    }
    return address;
  }
  const user = named ?? 0n;
  const classHash = await chain.classHashAt(user);
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
 * execution, by a call of the account's own `is_valid_signature` over the
 * hash it verifies.
 *
 * @param chain - The chain.
 * @param user - The account.
 * @param execution - The execution.
 * @param signature - The signature.
 * @returns True when valid.
 */
export async function signatureValid(
  chain: PaymasterChain,
  user: bigint,
  execution: OutsideExecution,
  signature: bigint[],
): Promise<boolean> {
  const messageHash = outsideExecutionHash(execution, user, chain.chainId);
  const result = await chain.call(user, selectorOf('is_valid_signature'), [
    messageHash,
    BigInt(signature.length),
    ...signature,
  ]);
  return result?.[0] === VALID;
}
