import type { CONTRACT_CLASS } from '@starknet-io/starknet-types-0104';
import { hash } from 'starknet';
import type { CompiledSierra, CompiledSierraCasm } from 'starknet';
import { array, number, string, type, validate } from 'superstruct';

import { FeltText } from './answers';
import { InvalidInputError } from '../errors';

/** A Sierra class as the node's DECLARE takes it (ABI as text). */
export type DeclarableClass = {
  classHash: string;
  compiledClassHash: string;
  contractClass: CONTRACT_CLASS;
};

const EntryPointsStruct = array(
  type({ selector: FeltText, function_idx: number() }),
);

/** The fields of a Sierra class the class hash is made of, besides its ABI. */
const SierraFieldsStruct = type({
  sierra_program: array(FeltText),
  contract_class_version: string(),
  entry_points_by_type: type({
    CONSTRUCTOR: EntryPointsStruct,
    EXTERNAL: EntryPointsStruct,
    L1_HANDLER: EntryPointsStruct,
  }),
});

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
  const [failure, fields] = validate(contract, SierraFieldsStruct);
  if (failure) {
    const path = failure.path.join('.');
    throw new InvalidInputError(
      `contractPayload.contract${path ? `.${path}` : ''}`,
      `must be part of a Sierra (Cairo 1) class: ${failure.message}`,
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
  if (!Array.isArray(parsedAbi)) {
    throw new InvalidInputError(
      'contractPayload.contract.abi',
      'must be a JSON array',
    );
  }
  const sierra: CompiledSierra = {
    sierra_program: fields.sierra_program,
    contract_class_version: fields.contract_class_version,
    entry_points_by_type: fields.entry_points_by_type,
    abi: parsedAbi,
  };
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
      sierra_program: fields.sierra_program,
      contract_class_version: fields.contract_class_version,
      entry_points_by_type: fields.entry_points_by_type,
      abi,
    },
  };
}
