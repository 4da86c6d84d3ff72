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

describe('declarableClass refusals', () => {
  // Hashing a CASM takes seconds: once, for the tests that give its hash.
  let hashed: ReturnType<typeof declarableClass>;
  beforeAll(() => {
    hashed = declarableClass({ contract: SIERRA, casm: CASM });
  });

  /**
   * The field and message a payload is refused with.
   *
   * @param payload - The dapp's contractPayload.
   * @returns `field: message`.
   */
  function refusal(payload: Parameters<typeof declarableClass>[0]): string {
    try {
      declarableClass(payload);
    } catch (error) {
      if (error instanceof Error && 'field' in error) {
        return `${String(error.field)}: ${error.message}`;
      }
      throw error;
    }
    throw new Error('Expected the payload to be refused');
  }

  it('reads the class and its CASM from JSON text, and refuses text that is not JSON', () => {
    expect(
      declarableClass({
        contract: JSON.stringify(SIERRA),
        casm: JSON.stringify(CASM),
      }),
    ).toStrictEqual(hashed);
    expect(refusal({ contract: '{"sierra_program": [', casm: CASM })).toMatch(
      /^contractPayload\.contract: .*is not valid JSON/u,
    );
    expect(refusal({ contract: SIERRA, casm: 'not json' })).toMatch(
      /^contractPayload\.casm: .*is not valid JSON/u,
    );
  });

  it('refuses an ABI text that is not JSON', () => {
    expect(
      refusal({
        contract: { ...SIERRA, abi: '[{' },
        compiledClassHash: hashed.compiledClassHash,
      }),
    ).toMatch(/^contractPayload\.contract\.abi: .*is not valid JSON text/u);
  });

  it('checks a class hash the dapp gives against the class', () => {
    const { classHash, compiledClassHash } = hashed;
    expect(
      declarableClass({ contract: SIERRA, classHash, compiledClassHash }),
    ).toStrictEqual(hashed);
    expect(
      refusal({ contract: SIERRA, compiledClassHash, classHash: '0x1234' }),
    ).toMatch(
      new RegExp(
        `^contractPayload\\.classHash: .*0x1234 is not the hash of this class \\(${classHash}\\)`,
        'u',
      ),
    );
  });

  it('requires the CASM unless the compiled class hash is given, and refuses a CASM that does not hash', () => {
    expect(refusal({ contract: SIERRA })).toMatch(
      /^contractPayload\.casm: .*is required unless compiledClassHash is given/u,
    );
    expect(
      refusal({ contract: SIERRA, casm: { bytecode: 'not a list' } }),
    ).toMatch(/^contractPayload\.casm: .*is not a well-formed CASM class/u);
  });
});
