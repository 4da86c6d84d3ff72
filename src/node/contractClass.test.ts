import { hash } from 'starknet';
import type { CompiledSierra } from 'starknet';

import { declarableClass } from './contractClass';
import { readContract } from '../../test/vendored';

const SIERRA = readContract<Record<string, unknown>>(
  'ERC20-StarkGate.sierra.json',
);
const CASM = readContract('ERC20-StarkGate.casm.json');

/**
 * The param a bad contract payload is refused for.
 *
 * @param contract - The Sierra class the dapp sends.
 * @returns The field named by the error.
 */
function refusedField(contract: unknown): string {
  try {
    declarableClass({ contract, casm: CASM });
  } catch (error) {
    if (error instanceof Error && 'field' in error) {
      return String(error.field);
    }
    throw error;
  }
  throw new Error('Expected the class to be refused');
}

describe('declarableClass', () => {
  it('hashes a Sierra class as starknet.js does and gives the node its ABI as text', () => {
    const declarable = declarableClass({ contract: SIERRA, casm: CASM });
    const sierra = readContract<CompiledSierra>('ERC20-StarkGate.sierra.json');
    expect(declarable.classHash).toBe(
      hash.computeSierraContractClassHash({
        sierra_program: sierra.sierra_program,
        contract_class_version: sierra.contract_class_version,
        entry_points_by_type: sierra.entry_points_by_type,
        // The vendored class has no ABI: the snap hashes it as [].
        abi: [],
      }),
    );
    expect(typeof declarable.contractClass.abi).toBe('string');
    expect(declarable.contractClass.entry_points_by_type).toStrictEqual(
      SIERRA.entry_points_by_type,
    );
  });

  it('names the part of the class that is not a Sierra class', () => {
    const { L1_HANDLER, ...twoKinds } = SIERRA.entry_points_by_type as Record<
      string,
      unknown
    >;
    expect(L1_HANDLER).toBeDefined();
    expect(refusedField({ ...SIERRA, entry_points_by_type: twoKinds })).toBe(
      'contractPayload.contract.entry_points_by_type.L1_HANDLER',
    );
    expect(refusedField({ ...SIERRA, sierra_program: ['0xzz'] })).toBe(
      'contractPayload.contract.sierra_program.0',
    );
    expect(refusedField({ ...SIERRA, abi: '{"not": "a list"}' })).toBe(
      'contractPayload.contract.abi',
    );
    expect(refusedField({ program: 'a Cairo 0 class' })).toBe(
      'contractPayload.contract.sierra_program',
    );
  });
});
