/**
 * The package's type declarations, written with the TypeScript compiler:
 * one `.d.ts` per source module, except the bridge to the snap's API module
 * (src/snap-api.ts), whose declarations are printed flattened — every type
 * spelled out in plain TypeScript, computed from the snap's method structs —
 * so the published types name nothing of the snap's source.
 */
import { mkdir, writeFile } from 'fs/promises';
import { dirname, join, relative, resolve } from 'path';
import { format } from 'prettier';
import * as ts from 'typescript';

import { flatType } from './flatType';

const REPOSITORY_ROOT = resolve(__dirname, '../../..');

/** How a function's signature is printed: whole, never elided. */
const WHOLE =
  // eslint-disable-next-line no-bitwise
  ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;

/**
 * The compiler options of the repository's tsconfig.json (its `paths` reach
 * the snap's API module), set to write declarations only.
 *
 * @returns The options.
 */
function compilerOptions(): ts.CompilerOptions {
  const configPath = join(REPOSITORY_ROOT, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, (path) =>
    ts.sys.readFile(path),
  );
  if (error) {
    throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  }
  const { options } = ts.parseJsonConfigFileContent(
    config,
    ts.sys,
    REPOSITORY_ROOT,
  );
  return {
    ...options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    types: [],
  };
}

/**
 * A symbol's doc comment as a `/** … *\/` block, tags included.
 *
 * @param symbol - The symbol.
 * @param checker - The type checker.
 * @returns The block, or nothing when it has none.
 */
function docBlock(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  const tags = symbol
    .getJsDocTags(checker)
    .map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`);
  const lines = [...(text ? text.split('\n') : []), ...tags];
  return lines.length === 0
    ? ''
    : `/**\n${lines.map((line) => ` * ${line}`).join('\n')}\n */\n`;
}

/**
 * The declaration of one export of the bridge, with every type spelled out.
 *
 * @param exported - The exported symbol.
 * @param checker - The type checker.
 * @returns Its declaration.
 */
function flatDeclaration(exported: ts.Symbol, checker: ts.TypeChecker): string {
  const symbol =
    // eslint-disable-next-line no-bitwise
    exported.flags & ts.SymbolFlags.Alias
      ? checker.getAliasedSymbol(exported)
      : exported;
  const { name } = exported;
  const doc = docBlock(symbol, checker);
  // eslint-disable-next-line no-bitwise
  if (symbol.flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    return `${doc}export type ${name} = ${flatType(type, checker, { objects: [], at: name })};`;
  }
  const type = checker.getTypeOfSymbol(symbol);
  // eslint-disable-next-line no-bitwise
  if (symbol.flags & ts.SymbolFlags.Function) {
    return type
      .getCallSignatures()
      .map(
        (signature) =>
          `${doc}export declare function ${name}${checker.signatureToString(signature, undefined, WHOLE)};`,
      )
      .join('\n');
  }
  return `${doc}export declare const ${name}: ${flatType(type, checker, { objects: [], at: name })};`;
}

/**
 * The bridge's declarations, flattened.
 *
 * @param bridge - The bridge module.
 * @param checker - The type checker.
 * @returns The declaration file's text.
 */
function flatBridge(bridge: ts.SourceFile, checker: ts.TypeChecker): string {
  const moduleSymbol = checker.getSymbolAtLocation(bridge);
  if (!moduleSymbol) {
    throw new Error(`${bridge.fileName} is not a module`);
  }
  const declarations = checker
    .getExportsOfModule(moduleSymbol)
    .map((exported) => flatDeclaration(exported, checker));
  return [
    "// The snap API as the client sees it, computed from the snap's method structs (packages/client/scripts/declarations.ts).",
    ...declarations,
  ].join('\n\n');
}

/**
 * Refuses declarations that name anything they do not declare: a flattened
 * type that still pointed at the snap's source would type as `any` for a
 * dapp with `skipLibCheck`.
 *
 * @param fileName - The declaration file.
 */
function checkSelfContained(fileName: string): void {
  const program = ts.createProgram([fileName], {
    strict: true,
    noEmit: true,
    types: [],
    lib: ['lib.es2022.d.ts'],
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    throw new Error(
      ts.formatDiagnostics(diagnostics, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => REPOSITORY_ROOT,
        getNewLine: () => '\n',
      }),
    );
  }
}

/**
 * Writes the declarations of a package's source into its dist folder.
 *
 * @param options - What to write.
 * @param options.sourceDir - The package's src/.
 * @param options.entries - The entry modules (the rest follows from them).
 * @param options.bridge - The module whose declarations are flattened.
 * @param options.outDir - Where they go.
 * @returns The files written.
 */
export async function writeDeclarations({
  sourceDir,
  entries,
  bridge,
  outDir,
}: {
  sourceDir: string;
  entries: string[];
  bridge: string;
  outDir: string;
}): Promise<string[]> {
  const program = ts.createProgram(entries, compilerOptions());
  const errors = ts.getPreEmitDiagnostics(program);
  if (errors.length > 0) {
    throw new Error(
      ts.formatDiagnostics(errors, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => REPOSITORY_ROOT,
        getNewLine: () => '\n',
      }),
    );
  }
  const checker = program.getTypeChecker();
  const outputs = new Map<string, string>();
  for (const file of program.getSourceFiles()) {
    const path = relative(sourceDir, file.fileName);
    if (path.startsWith('..') || file.isDeclarationFile) {
      continue;
    }
    const target = join(outDir, path.replace(/\.ts$/u, '.d.ts'));
    if (resolve(file.fileName) === resolve(bridge)) {
      outputs.set(target, flatBridge(file, checker));
      continue;
    }
    program.emit(
      file,
      (_name, text) => outputs.set(target, text),
      undefined,
      true,
    );
  }
  for (const [target, text] of outputs) {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(
      target,
      await format(text, { parser: 'typescript', singleQuote: true }),
    );
  }
  checkSelfContained(
    join(outDir, relative(sourceDir, bridge).replace(/\.ts$/u, '.d.ts')),
  );
  return [...outputs.keys()];
}
