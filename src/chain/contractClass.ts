import { hash } from 'starknet';
import type { CompiledSierra, CompiledSierraCasm } from 'starknet';

import { InvalidInputError } from '../errors';

/** A Sierra class as the node's DECLARE takes it (ABI as text). */
export type DeclarableClass = {
  classHash: string;
  compiledClassHash: string;
  contractClass: Record<string, unknown>;
};

/**
 * Reads JSON text or passes an object through.
 *
 * @param value - JSON text or an object.
 * @param field - The param name, to blame.
 * @returns The object.
 */
function objectOf(value: unknown, field: string): Record<string, unknown> {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new InvalidInputError(field, 'is not valid JSON');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidInputError(field, 'must be an object or its JSON text');
  }
  return { ...parsed };
}

/**
 * Checks a Sierra class and computes its hashes: the class hash from the
 * class, the compiled class hash from the CASM (Blake, Starknet ≥ 0.14.1)
 * unless the dapp gives it. A class hash the dapp gives must match.
 *
 * @param payload - The dapp's `contractPayload`.
 * @param payload.contract - The Sierra class (object or JSON text).
 * @param payload.casm - Its CASM (object or JSON text), optional.
 * @param payload.classHash - Its class hash, optional.
 * @param payload.compiledClassHash - Its compiled class hash, optional.
 * @returns The class ready to declare.
 */
export function declarableClass(payload: {
  contract: unknown;
  casm?: unknown;
  classHash?: string | undefined;
  compiledClassHash?: string | undefined;
}): DeclarableClass {
  const contract = objectOf(payload.contract, 'contractPayload.contract');
  const { sierra_program: program, contract_class_version: version } = contract;
  if (!Array.isArray(program) || typeof version !== 'string') {
    throw new InvalidInputError(
      'contractPayload.contract',
      'must be a Sierra (Cairo 1) class: sierra_program and contract_class_version are missing',
    );
  }
  const abi =
    typeof contract.abi === 'string'
      ? contract.abi
      : JSON.stringify(contract.abi ?? []);
  let parsedAbi: unknown;
  try {
    parsedAbi = JSON.parse(abi);
  } catch {
    throw new InvalidInputError(
      'contractPayload.contract.abi',
      'is not valid JSON text',
    );
  }
  const sierra: CompiledSierra = {
    sierra_program: program,
    contract_class_version: version,
    entry_points_by_type: contract.entry_points_by_type,
    abi: parsedAbi,
  } as CompiledSierra;
  let classHash: string;
  try {
    classHash = hash.computeSierraContractClassHash(sierra);
  } catch (error) {
    throw new InvalidInputError(
      'contractPayload.contract',
      `is not a well-formed Sierra class (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (
    payload.classHash !== undefined &&
    BigInt(payload.classHash) !== BigInt(classHash)
  ) {
    throw new InvalidInputError(
      'contractPayload.classHash',
      `${payload.classHash} is not the hash of this class (${classHash})`,
    );
  }
  let { compiledClassHash } = payload;
  if (compiledClassHash === undefined) {
    if (payload.casm === undefined) {
      throw new InvalidInputError(
        'contractPayload.casm',
        'is required unless compiledClassHash is given',
      );
    }
    const casm = objectOf(payload.casm, 'contractPayload.casm');
    try {
      compiledClassHash = hash.computeCompiledClassHashBlake(
        casm as CompiledSierraCasm,
      );
    } catch (error) {
      throw new InvalidInputError(
        'contractPayload.casm',
        `is not a well-formed CASM class (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  return {
    classHash,
    compiledClassHash,
    contractClass: {
      sierra_program: program,
      contract_class_version: version,
      entry_points_by_type: contract.entry_points_by_type,
      abi,
    },
  };
}
