/**
 * The loader's marking of superstruct's struct factories as free of side
 * effects (see the .js file).
 *
 * @param this - The loader's context.
 * @param this.resourcePath - The file's path.
 * @param source - The file's text.
 * @returns The rewritten text.
 */
declare function superstructPure(
  this: { resourcePath: string },
  source: string,
): string;
export = superstructPure;
