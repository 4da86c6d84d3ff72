/**
 * starknet's `CallData` with only the statics the snap reaches (see the .js
 * file).
 *
 * @param source - The text of starknet's ESM bundle.
 * @param leftOut - The name of the function that throws.
 * @param imported - What the snap's source imports from starknet.
 * @returns The rewritten text.
 */
export declare function callDataStaticsOnly(
  source: string,
  leftOut: string,
  imported: Set<string>,
): string;
