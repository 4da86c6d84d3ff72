import { constants, EDAMode, hash, transaction } from 'starknet';
import type { Call, ResourceBoundsBN } from 'starknet';

import { detailsProblems, typeProblems } from './details';
import type { ResourceBoundsHex, V3Details } from './details';
import { chainIdProblem } from '../protocol/values';
import type { ValueType } from '../protocol/values';
import type { AccountKind } from '../state/schema';

/**
 * The last check before a hash: every input of the transaction hash is of
 * its Starknet type. Params and node answers are checked long before; a
 * failure here is a bug, and nothing is signed.
 *
 * @param chainId - The chain id.
 * @param details - The details.
 * @param values - The transaction's other inputs, with their types.
 */
function assertHashable(
  chainId: string,
  details: V3Details,
  values: [path: string, value: string, type: ValueType][],
): void {
  const problems = [...detailsProblems(details), ...typeProblems(values)];
  const chainProblem = /^0x[0-9a-f]+$/u.test(chainId)
    ? chainIdProblem(BigInt(chainId))
    : 'not hex';
  if (chainProblem !== undefined) {
    problems.push({ path: 'chainId', reason: chainProblem });
  }
  const [first] = problems;
  if (first) {
    throw new Error(
      `Refusing to hash a transaction: ${first.path}: ${first.reason}`,
    );
  }
}

/**
 * Resource bounds as bigints, as starknet.js hashes them.
 *
 * @param bounds - Hex bounds.
 * @returns Bigint bounds.
 */
function boundsBN(bounds: ResourceBoundsHex): ResourceBoundsBN {
  const toBN = (
    bound: ResourceBoundsHex['l1_gas'],
  ): ResourceBoundsBN['l1_gas'] => ({
    max_amount: BigInt(bound.max_amount),
    max_price_per_unit: BigInt(bound.max_price_per_unit),
  });
  return {
    l1_gas: toBN(bounds.l1_gas),
    l2_gas: toBN(bounds.l2_gas),
    l1_data_gas: toBN(bounds.l1_data_gas),
  };
}

/**
 * The common v3 hash fields of details.
 *
 * @param details - Complete details.
 * @returns The fields in starknet.js's hashing shape.
 */
function hashFields(details: V3Details): {
  version: V3Details['version'];
  nonce: string;
  resourceBounds: ResourceBoundsBN;
  tip: string;
  paymasterData: string[];
  nonceDataAvailabilityMode: EDAMode;
  feeDataAvailabilityMode: EDAMode;
} {
  const mode = (value: 'L1' | 'L2'): EDAMode =>
    value === 'L1' ? EDAMode.L1 : EDAMode.L2;
  return {
    version: details.version,
    nonce: details.nonce,
    resourceBounds: boundsBN(details.resourceBounds),
    tip: details.tip,
    paymasterData: details.paymasterData,
    nonceDataAvailabilityMode: mode(details.nonceDataAvailabilityMode),
    feeDataAvailabilityMode: mode(details.feeDataAvailabilityMode),
  };
}

/**
 * The calldata of the account's `__execute__` for a multicall.
 *
 * @param calls - The calls.
 * @param kind - The account kind (Cairo 0 and Cairo 1 encode differently).
 * @returns The compiled calldata.
 */
export function executeCalldata(calls: Call[], kind: AccountKind): string[] {
  return transaction
    .getExecuteCalldata(calls, kind === 'argent-cairo0' ? '0' : '1')
    .map((value) => `0x${BigInt(value).toString(16)}`);
}

/**
 * The hash of a v3 INVOKE.
 *
 * @param args - The transaction.
 * @param args.senderAddress - The account.
 * @param args.calls - Its calls.
 * @param args.kind - The account kind.
 * @param args.chainId - The chain.
 * @param args.details - Complete details.
 * @returns The transaction hash (hex).
 */
export function invokeHash(args: {
  senderAddress: string;
  calls: Call[];
  kind: AccountKind;
  chainId: string;
  details: V3Details;
}): string {
  const compiledCalldata = executeCalldata(args.calls, args.kind);
  assertHashable(args.chainId, args.details, [
    ['senderAddress', args.senderAddress, 'address'],
    ...compiledCalldata.map((value, index): [string, string, ValueType] => [
      `calldata.${index}`,
      value,
      'felt',
    ]),
  ]);
  return hash.calculateInvokeTransactionHash({
    ...hashFields(args.details),
    senderAddress: args.senderAddress,
    compiledCalldata,
    chainId: starknetChainId(args.chainId),
    accountDeploymentData: args.details.accountDeploymentData,
  });
}

/**
 * The hash of a v3 DECLARE.
 *
 * @param args - The transaction.
 * @param args.senderAddress - The account.
 * @param args.classHash - The Sierra class hash.
 * @param args.compiledClassHash - The CASM class hash.
 * @param args.chainId - The chain.
 * @param args.details - Complete details.
 * @returns The transaction hash (hex).
 */
export function declareHash(args: {
  senderAddress: string;
  classHash: string;
  compiledClassHash: string;
  chainId: string;
  details: V3Details;
}): string {
  assertHashable(args.chainId, args.details, [
    ['senderAddress', args.senderAddress, 'address'],
    ['classHash', args.classHash, 'felt'],
    ['compiledClassHash', args.compiledClassHash, 'felt'],
  ]);
  return hash.calculateDeclareTransactionHash({
    ...hashFields(args.details),
    senderAddress: args.senderAddress,
    classHash: args.classHash,
    compiledClassHash: args.compiledClassHash,
    chainId: starknetChainId(args.chainId),
    accountDeploymentData: args.details.accountDeploymentData,
  });
}

/**
 * The hash of a v3 DEPLOY_ACCOUNT.
 *
 * @param args - The transaction.
 * @param args.contractAddress - The account being deployed.
 * @param args.classHash - Its class.
 * @param args.constructorCalldata - Its constructor calldata.
 * @param args.salt - The address salt.
 * @param args.chainId - The chain.
 * @param args.details - Complete details.
 * @returns The transaction hash (hex).
 */
export function deployAccountHash(args: {
  contractAddress: string;
  classHash: string;
  constructorCalldata: string[];
  salt: string;
  chainId: string;
  details: V3Details;
}): string {
  assertHashable(args.chainId, args.details, [
    ['contractAddress', args.contractAddress, 'address'],
    ['classHash', args.classHash, 'felt'],
    ['salt', args.salt, 'felt'],
    ...args.constructorCalldata.map(
      (value, index): [string, string, ValueType] => [
        `constructorCalldata.${index}`,
        value,
        'felt',
      ],
    ),
  ]);
  return hash.calculateDeployAccountTransactionHash({
    ...hashFields(args.details),
    contractAddress: args.contractAddress,
    classHash: args.classHash,
    compiledConstructorCalldata: args.constructorCalldata,
    salt: args.salt,
    chainId: starknetChainId(args.chainId),
  });
}

/**
 * A chain id as starknet.js's hash functions type it. They hash it as any
 * other felt, but type it as the two public chains only; networks added at
 * runtime (a devnet, another provider) have other ids. The id was checked
 * by assertHashable.
 *
 * @param chainId - The network's chain id (hex).
 * @returns The same id.
 */
function starknetChainId(chainId: string): constants.StarknetChainId {
  // A short string in hex, which is all the hash reads of it.
  return chainId as constants.StarknetChainId;
}
