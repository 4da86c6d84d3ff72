/**
 * The loader's marking of packages' factories as free of side
 * effects (see the .js file).
 *
 * @param this - The loader's context.
 * @param this.resourcePath - The file's path.
 * @param source - The file's text.
 * @returns The rewritten text.
 */
declare function pureFactories(
  this: { resourcePath: string },
  source: string,
): string;
export = pureFactories;
