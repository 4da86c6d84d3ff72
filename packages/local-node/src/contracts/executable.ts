import { createHash } from 'node:crypto';

import { ARGENT_CLASS_HASH } from './argent';
import { OZ_CLASS_HASH } from './oz';
import type { ContractKind } from './types';
import { UDC_CLASS_HASH } from './udc';
import { ERC20_CLASS_HASH } from '../base/constants';

type Json = Record<string, unknown>;

/** A class the node executes, by class hash. */
export type ExecutedClass = { classHash: bigint; kind: ContractKind };

/** The classes the node executes, by their class hash. */
export const EXECUTED_CLASSES: ExecutedClass[] = [
  { classHash: ARGENT_CLASS_HASH, kind: 'argent' },
  { classHash: OZ_CLASS_HASH, kind: 'oz' },
  { classHash: ERC20_CLASS_HASH, kind: 'erc20' },
  { classHash: UDC_CLASS_HASH, kind: 'udc' },
];

/**
 * Declarable classes the node executes, by the fingerprint of their code
 * (`codeFingerprint`): the class hash covers the ABI text too, and the same
 * Sierra program is declared with its ABI reformatted or stripped.
 */
const EXECUTED_CODE = new Map<string, ContractKind>([
  // Argent account 0.3.1 (classes/argent-0.3.1.sierra.json).
  [
    '511168bb8fcb02afb3f8ce7b7197439782f1b3cb83ddee4a0234a95e2bc423b5',
    'argent',
  ],
  // StarkGate's ERC-20, STRK's class as starknet-devnet 0.8.1 ships it
  // (vendor/contracts/ERC20-StarkGate.sierra.json).
  ['6abdd38f20b1c2e874773e87be59ee5ffb892c29c2adcf0c2a3895cf04f4f337', 'erc20'],
  // OpenZeppelin's ERC-20 (Contracts for Cairo 1.0.0, the wizard's mintable,
  // burnable, ownable token; Cairo 2.9.4), as starknet.js's test suite
  // declares it (vendor/contracts/ERC20-OpenZeppelin-1.0.0.sierra.json).
  [
    '479f0a62332ad4267a8e97ecc1cefd816e5abdef98c711cebed7f8f1d3812a41',
    'oz-erc20',
  ],
]);

const canonicalFelt = (value: unknown): string => {
  try {
    return BigInt(String(value)).toString(16);
  } catch {
    return String(value);
  }
};

/**
 * A fingerprint of a Sierra class's code: its program, entry points and
 * version (never its ABI), felts in one canonical form. A sha256 rather
 * than the class hash's Poseidon, which takes seconds on a large program.
 *
 * @param contractClass - The class as declared.
 * @returns The fingerprint (hex).
 */
export function codeFingerprint(contractClass: Json): string {
  const program = Array.isArray(contractClass.sierra_program)
    ? contractClass.sierra_program.map(canonicalFelt)
    : [];
  const entryPoints: Record<string, unknown> =
    typeof contractClass.entry_points_by_type === 'object' &&
    contractClass.entry_points_by_type !== null
      ? { ...contractClass.entry_points_by_type }
      : {};
  const entries = ['CONSTRUCTOR', 'EXTERNAL', 'L1_HANDLER'].map((type) => {
    const list = entryPoints[type];
    return Array.isArray(list)
      ? list.map((entry: Json) => [
          canonicalFelt(entry.selector),
          String(entry.function_idx),
        ])
      : [];
  });
  return createHash('sha256')
    .update(
      JSON.stringify([
        String(contractClass.contract_class_version),
        entries,
        program,
      ]),
    )
    .digest('hex');
}

/**
 * What a class runs as: one the node executes (by class hash, else by its
 * code), or `opaque` — declared, but not executable here.
 *
 * @param classHash - The class hash.
 * @param contractClass - The class as declared.
 * @returns Its kind.
 */
export function executedKind(
  classHash: bigint,
  contractClass: Json,
): ContractKind {
  const known = EXECUTED_CLASSES.find((entry) => entry.classHash === classHash);
  return (
    known?.kind ?? EXECUTED_CODE.get(codeFingerprint(contractClass)) ?? 'opaque'
  );
}
