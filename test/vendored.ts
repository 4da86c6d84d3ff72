/* eslint-disable n/no-sync -- fixtures are read once, synchronously, at test setup */
import { readFileSync } from 'fs';
import { join, resolve } from 'path';

/**
 * The public artifacts the tests read (OpenRPC documents, contract classes),
 * vendored in the repository so a clone with nothing beside it passes its
 * tests. Origin and licence: vendor/README.md.
 */
export const VENDOR_DIR = resolve(__dirname, '..', 'vendor');

/**
 * The path of a vendored Starknet OpenRPC document.
 *
 * @param file - Its file name, e.g. `starknet_api_openrpc-v0.10.2.json`.
 * @returns The absolute path.
 */
export function specPath(file: string): string {
  return join(VENDOR_DIR, 'specs', 'starknet', file);
}

/**
 * The text of a vendored contract class (Sierra or CASM).
 *
 * @param name - Its file name under vendor/contracts.
 * @returns The JSON text.
 */
export function readContractText(name: string): string {
  return readFileSync(join(VENDOR_DIR, 'contracts', name), 'utf8');
}

/**
 * A vendored contract class, parsed.
 *
 * @param name - Its file name under vendor/contracts.
 * @returns The class, typed as the caller expects it (Sierra or CASM).
 */
export function readContract<Class = Record<string, unknown>>(
  name: string,
): Class {
  return JSON.parse(readContractText(name));
}

/**
 * The Argent 0.3.1 Sierra class (the wallet's accounts), kept once in the
 * repository: the local node serves it from its classes/ folder.
 *
 * @returns The class.
 */
export function readArgentSierra<Class = Record<string, unknown>>(): Class {
  return JSON.parse(
    readFileSync(
      resolve(
        __dirname,
        '..',
        'packages/local-node/classes/argent-0.3.1.sierra.json',
      ),
      'utf8',
    ),
  );
}

/** One entry of a vendored Cairo ABI (the fields the tests read). */
export type AbiEntry = {
  type: string;
  name: string;
  inputs?: { name: string; type: string }[];
  outputs?: { type: string }[];
  members?: { name: string; type: string }[];
  items?: AbiEntry[];
};

/**
 * A vendored ABI's entries, its interfaces opened.
 *
 * @param name - Its file name under vendor/contracts.
 * @returns The entries.
 */
export function readAbi(name: string): AbiEntry[] {
  return readContract<AbiEntry[]>(name).flatMap((item) =>
    item.type === 'interface' ? (item.items ?? []) : [item],
  );
}

/**
 * An ABI entry by type and name.
 *
 * @param abi - The ABI's entries.
 * @param type - `function`, `struct`, …
 * @param name - Its (full) name.
 * @returns The entry.
 */
export function abiEntry(
  abi: AbiEntry[],
  type: string,
  name: string,
): AbiEntry {
  const found = abi.find((each) => each.type === type && each.name === name);
  if (!found) {
    throw new Error(`The vendored ABI has no ${type} ${name}`);
  }
  return found;
}
