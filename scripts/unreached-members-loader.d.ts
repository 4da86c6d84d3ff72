/**
 * The loader's rewrite of a class of another package, its members the
 * bundle never calls throwing (see the .js file).
 *
 * @param this - The loader's context.
 * @param this.resourcePath - The file's path.
 * @param source - The file's text.
 * @returns The rewritten text.
 */
declare function unreachedMembers(
  this: { resourcePath: string },
  source: string,
): string;
export = unreachedMembers;
