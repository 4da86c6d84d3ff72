import type { CONTRACT_CLASS } from '@starknet-io/starknet-types-0104';
import type { Call } from 'starknet';

import { deploymentData } from '../keys/address';
import type { OwnAccount } from '../keys/ownership';
import { commonFields } from '../node/calls';
import type { BroadcastTransaction } from '../node/calls';
import type { V3Details } from '../signing/details';
import { signHash } from '../signing/signature';
import {
  declareHash,
  deployAccountHash,
  executeCalldata,
  invokeHash,
} from '../signing/transactions';

/** A v3 transaction ready for the node, with its hash. */
export type PreparedTransaction = {
  hash: string;
  transaction: BroadcastTransaction;
};

/**
 * A v3 INVOKE from one of this seed's accounts. Signed unless `sign` is false
 * (fee estimates with SKIP_VALIDATE need no signature).
 *
 * @param account - The sender's keys.
 * @param calls - The calls.
 * @param chainId - The chain.
 * @param details - Complete details.
 * @param sign - Whether to sign.
 * @returns The transaction.
 */
export function prepareInvoke(
  account: OwnAccount,
  calls: Call[],
  chainId: string,
  details: V3Details,
  sign = true,
): PreparedTransaction {
  const hash = invokeHash({
    senderAddress: account.address,
    calls,
    kind: account.kind,
    chainId,
    details,
  });
  return {
    hash,
    transaction: {
      type: 'INVOKE',
      sender_address: account.address,
      calldata: executeCalldata(calls, account.kind),
      account_deployment_data: details.accountDeploymentData,
      ...commonFields(details, sign ? signHash(hash, account.privateKey) : []),
    },
  };
}

/**
 * The v3 DEPLOY_ACCOUNT of one of this seed's accounts.
 *
 * @param account - The account's keys.
 * @param chainId - The chain.
 * @param details - Complete details.
 * @param sign - Whether to sign.
 * @returns The transaction.
 */
export function prepareDeployAccount(
  account: OwnAccount,
  chainId: string,
  details: V3Details,
  sign = true,
): PreparedTransaction {
  const { classHash, constructorCalldata, salt } = deploymentData(
    account.publicKey,
    account.kind,
  );
  const hash = deployAccountHash({
    contractAddress: account.address,
    classHash,
    constructorCalldata,
    salt,
    chainId,
    details,
  });
  return {
    hash,
    transaction: {
      type: 'DEPLOY_ACCOUNT',
      class_hash: classHash,
      contract_address_salt: salt,
      constructor_calldata: constructorCalldata,
      ...commonFields(details, sign ? signHash(hash, account.privateKey) : []),
    },
  };
}

/**
 * A v3 DECLARE of a Sierra class.
 *
 * @param account - The sender's keys.
 * @param contractClass - The class as the node takes it (abi as text).
 * @param classHash - Its class hash.
 * @param compiledClassHash - Its compiled class hash.
 * @param chainId - The chain.
 * @param details - Complete details.
 * @param sign - Whether to sign.
 * @returns The transaction.
 */
export function prepareDeclare(
  account: OwnAccount,
  contractClass: CONTRACT_CLASS,
  classHash: string,
  compiledClassHash: string,
  chainId: string,
  details: V3Details,
  sign = true,
): PreparedTransaction {
  const hash = declareHash({
    senderAddress: account.address,
    classHash,
    compiledClassHash,
    chainId,
    details,
  });
  return {
    hash,
    transaction: {
      type: 'DECLARE',
      sender_address: account.address,
      compiled_class_hash: compiledClassHash,
      contract_class: contractClass,
      account_deployment_data: details.accountDeploymentData,
      ...commonFields(details, sign ? signHash(hash, account.privateKey) : []),
    },
  };
}
