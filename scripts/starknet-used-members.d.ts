/**
 * What of starknet's namespaces the source reads (see the .js file).
 *
 * @param srcDir - The source folder.
 * @param namespaces - The names starknet exports namespaces as.
 * @returns The members read per namespace, the values imported, and the
 * files read.
 */
export declare function starknetUsedMembers(
  srcDir: string,
  namespaces: Set<string>,
): {
  members: Map<string, Set<string>>;
  imported: Set<string>;
  files: string[];
};
