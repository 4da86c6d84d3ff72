/**
 * The loader's stand-in for one of key-tree's unused modules (see the .js
 * file).
 *
 * @param this - The loader's context.
 * @param this.resourcePath - The module's path.
 * @param source - The module's text.
 * @returns The stand-in's text.
 */
declare function keyTreeUnused(
  this: { resourcePath: string },
  source: string,
): string;
export = keyTreeUnused;
