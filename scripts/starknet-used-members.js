const { readdirSync } = require('fs');
const { join } = require('path');
const ts = require('typescript');

/**
 * Which members of starknet.js's namespaces (`hash`, `ec`, `stark`…) the
 * snap's source reads, for scripts/starknet-namespaces-loader.js, which
 * leaves the others out of the bundle. Read from the source itself (every
 * .ts/.tsx file of src/, tests included: they only add names) with the
 * TypeScript compiler, file by file: every use of a namespace imported from
 * `starknet` must be a member read (`hash.computePoseidonHash`), and the
 * member is recorded; any other use (the namespace passed as a value,
 * destructured, `import * as`) stops the build, since the loader could not
 * tell what it needs.
 *
 * @param {string} srcDir - The source folder.
 * @param {Set<string>} namespaces - The names starknet exports namespaces as.
 * @returns {{ members: Map<string, Set<string>>, imported: Set<string>, files: string[] }}
 * Per namespace (by its exported name), the members read (`sign`), with what
 * of each is read in turn (`starkCurve.sign`, or `starkCurve.*` when it is
 * used as a value); every value the source imports from starknet, by its
 * exported name; and the files read.
 */
function starknetUsedMembers(srcDir, namespaces) {
  const files = sourceFiles(srcDir);
  const program = ts.createProgram(files, {
    noResolve: true,
    noLib: true,
    types: [],
    jsx: ts.JsxEmit.Preserve,
  });
  const checker = program.getTypeChecker();
  const members = new Map();
  const importedNames = new Set();
  for (const file of program.getSourceFiles()) {
    const imported = new Map();
    for (const statement of file.statements) {
      if (
        !ts.isImportDeclaration(statement) ||
        !ts.isStringLiteral(statement.moduleSpecifier) ||
        statement.moduleSpecifier.text !== 'starknet' ||
        statement.importClause?.isTypeOnly
      ) {
        continue;
      }
      const { importClause } = statement;
      const bindings = importClause?.namedBindings;
      if (importClause?.name || (bindings && !ts.isNamedImports(bindings))) {
        throw fail(file, statement, 'imports starknet other than by name');
      }
      for (const element of bindings?.elements ?? []) {
        const name = (element.propertyName ?? element.name).text;
        // A test's imports never reach the bundle (its members, above,
        // only add names): a builder a test imports is no builder kept.
        if (!element.isTypeOnly && !/\.test\.tsx?$/u.test(file.fileName)) {
          importedNames.add(name);
        }
        if (!element.isTypeOnly && namespaces.has(name)) {
          imported.set(checker.getSymbolAtLocation(element.name), name);
        }
      }
    }
    if (imported.size === 0) {
      continue;
    }
    const visit = (node) => {
      if (ts.isImportDeclaration(node)) {
        return;
      }
      if (ts.isIdentifier(node)) {
        const namespace = imported.get(checker.getSymbolAtLocation(node));
        if (namespace !== undefined) {
          const { parent } = node;
          if (
            (ts.isQualifiedName(parent) && parent.left === node) ||
            ts.isTypeQueryNode(parent)
          ) {
            // A type (`constants.StarknetChainId`): nothing at run time.
            return;
          }
          if (
            !ts.isPropertyAccessExpression(parent) ||
            parent.expression !== node
          ) {
            throw fail(
              file,
              node,
              `uses starknet's \`${namespace}\` other than as \`${namespace}.member\``,
            );
          }
          const read = members.get(namespace) ?? new Set();
          const member = parent.name.text;
          const grandparent = parent.parent;
          read.add(member);
          // A member's own members too (`ec.starkCurve.sign`), or `.*`
          // when the member itself is handled as a value.
          read.add(
            ts.isPropertyAccessExpression(grandparent) &&
              grandparent.expression === parent
              ? `${member}.${grandparent.name.text}`
              : `${member}.*`,
          );
          members.set(namespace, read);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { members, imported: importedNames, files };
}

/**
 * The .ts and .tsx files under a folder.
 *
 * @param {string} dir - The folder.
 * @returns {string[]} Their paths.
 */
function sourceFiles(dir) {
  // eslint-disable-next-line n/no-sync -- a webpack loader's step, once a build
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }
    return /\.tsx?$/u.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/**
 * The build error for a use the loader cannot follow.
 *
 * @param {ts.SourceFile} file - The file.
 * @param {ts.Node} node - Where.
 * @param {string} what - What it does.
 * @returns {Error} The error.
 */
function fail(file, node, what) {
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return new Error(
    `starknet-namespaces-loader: ${file.fileName}:${line + 1} ${what}; the loader keeps only the members the source reads (scripts/starknet-used-members.js)`,
  );
}

module.exports = { starknetUsedMembers };
