/**
 * The loader's rewrite of key-tree's curves or derivers table, its unused
 * entries as stand-ins that throw (see the .js file).
 *
 * @param this - The loader's context.
 * @param this.resourcePath - The file's path.
 * @param source - The file's text.
 * @returns The rewritten text.
 */
declare function keyTreeTables(
  this: { resourcePath: string },
  source: string,
): string;
export = keyTreeTables;
