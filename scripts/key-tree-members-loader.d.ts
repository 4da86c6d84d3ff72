/**
 * The loader's rewrite of one of key-tree's node classes, its members the
 * snap never reaches throwing (see the .js file).
 *
 * @param this - The loader's context.
 * @param this.resourcePath - The module's path.
 * @param source - The module's text.
 * @returns The rewritten text.
 */
declare function keyTreeMembers(
  this: { resourcePath: string },
  source: string,
): string;
export = keyTreeMembers;
