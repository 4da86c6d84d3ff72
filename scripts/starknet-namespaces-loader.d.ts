/**
 * The loader's rewrite of starknet's ESM bundle (see the .js file).
 *
 * @param source - The file's text.
 * @returns The rewritten text.
 */
declare function starknetNamespaces(source: string): string;
declare namespace starknetNamespaces {
  /** The namespace helper's name, for Terser's `pure_funcs`. */
  const STARKNET_NAMESPACE_HELPER: string;
  /** The re-export helper's name, for Terser's `pure_funcs`. */
  const STARKNET_REEXPORT_HELPER: string;
  /** The pruned namespaces' helper's name, for Terser's `pure_funcs`. */
  const STARKNET_PRUNED_HELPER: string;
}
export = starknetNamespaces;
