/**
 * The loader's rewrite of @scure/base (see the .js file).
 *
 * @param source - The file's text.
 * @returns The rewritten text.
 */
declare function scureBasePure(source: string): string;
export = scureBasePure;
