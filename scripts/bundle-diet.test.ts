import { mkdtemp, readdir, readFile, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import * as ts from 'typescript';

import keyTreeMembers from './key-tree-members-loader';
import keyTreeTables from './key-tree-tables-loader';
import keyTreeUnused from './key-tree-unused-loader';
import pureFactories from './pure-factories-loader';
import scureBasePure from './scure-base-pure-loader';
import { callDataStaticsOnly } from './starknet-calldata-statics';
import starknetNamespaces from './starknet-namespaces-loader';
import { starknetUsedMembers } from './starknet-used-members';
import unreachedMembers from './unreached-members-loader';

/**
 * The build-time cuts of the bundle (snap.config.ts): what they leave out
 * follows from the source, and they stop the build when what they rely on
 * changes. That the bundle still works is the snap and chain tiers' part.
 */

const root = resolve(__dirname, '..');
const namespaces = new Set(['hash', 'ec', 'constants']);

/**
 * Reads a folder holding one source file.
 *
 * @param text - The file.
 * @returns What the scanner makes of it.
 */
async function scan(text: string): Promise<Map<string, Set<string>>> {
  const dir = await mkdtemp(join(tmpdir(), 'starknet-members-'));
  try {
    await writeFile(join(dir, 'file.ts'), text);
    return starknetUsedMembers(dir, namespaces).members;
  } finally {
    await rm(dir, { recursive: true });
  }
}

describe('the starknet members the source reads', () => {
  it('are its member reads, through aliases and one level further, not types or shadowing locals', async () => {
    const members = await scan(
      [
        "import { hash, ec as curve, constants } from 'starknet';",
        'export const selector = hash.getSelectorFromName("transfer");',
        'export const signed = curve.starkCurve.sign;',
        'export let id: constants.StarknetChainId;',
        'export function own(hash: string): string { return hash; }',
      ].join('\n'),
    );
    expect(
      Object.fromEntries(
        [...members].map(([name, read]) => [name, [...read].sort()]),
      ),
    ).toStrictEqual({
      hash: ['getSelectorFromName', 'getSelectorFromName.*'],
      ec: ['starkCurve', 'starkCurve.sign'],
    });
  });

  it.each([
    [
      "import { hash } from 'starknet';\nexport const all = hash;",
      'as `hash.member`',
    ],
    [
      "import { hash } from 'starknet';\nconst { getSelectorFromName } = hash;",
      'as `hash.member`',
    ],
    [
      "import * as starknet from 'starknet';\nexport const h = starknet.hash;",
      'other than by name',
    ],
  ])('stop the build on any other use: %s', async (text, message) => {
    await expect(scan(text)).rejects.toThrow(message);
  });
});

describe('the starknet loader', () => {
  it('keeps the members the source reads and stands in for the others', async () => {
    const source = await readFile(
      join(root, 'node_modules/starknet/dist/index.mjs'),
      'utf8',
    );
    const rewritten = starknetNamespaces.call(
      { rootContext: root, addDependency: () => undefined },
      source,
    );
    expect(rewritten.split('\n')).toHaveLength(source.split('\n').length);
    expect(rewritten).toContain(
      '  getSelectorFromName: () => getSelectorFromName,',
    );
    expect(rewritten).toContain(
      'var hash_exports =\n/* @__PURE__ */ starknetPrunedNamespace({}, {\n',
    );
    expect(rewritten).not.toContain('  computeHashOnElements: ');
    expect(rewritten).toContain('sign: () => starkCurve.sign,');
    expect(rewritten).not.toContain('getSharedSecret: ');
    expect(rewritten).toContain(
      'var starknetPrunedNamespace = (target, all) => new Proxy(starknetNamespace(target, all), { get: (namespace, name) => name in namespace ? namespace[name] : starknetLeftOut() });',
    );
    expect(() =>
      starknetNamespaces.call(
        { rootContext: root, addDependency: () => undefined },
        source.replace('var { EDAMode } = RPCSPEC0104;', 'var EDAMode;'),
      ),
    ).toThrow("starknet's RPC type namespaces changed");
  });
});

describe("starknet's CallData", () => {
  const read = async (): Promise<string> =>
    readFile(join(root, 'node_modules/starknet/dist/index.mjs'), 'utf8');

  it('keeps the statics the snap reaches; the ABI-driven members throw', async () => {
    const source = await read();
    const rewritten = callDataStaticsOnly(source, 'leftOut', new Set(['hash']));
    expect(rewritten.split('\n')).toHaveLength(source.split('\n').length);
    expect(rewritten).toContain(
      '  static toHex(raw = []) {\n    const calldata = _CallData.compile(raw);',
    );
    expect(rewritten).toContain('  static compile(rawArgs) {\n');
    for (const member of [
      'constructor(abi, parsingStrategy)',
      'validate(type, method, args = [])',
      'compile(method, argsCalldata)',
      'static getAbiStruct(abi)',
      'decodeParameters(typeCairo, response)',
    ]) {
      expect(rewritten).toContain(`  ${member} { return leftOut();\n`);
    }
    expect(rewritten).toContain(
      'var hdParsingStrategy = /* @__PURE__ */ (() => ({\n',
    );
    expect(rewritten).not.toContain('this.parser = createAbiParser(');
  });

  it('stops the build when the class or its strategies change, or the source imports what builds one', async () => {
    const source = await read();
    expect(() =>
      callDataStaticsOnly(
        source.replace(
          '  static toHex(raw = []) {',
          '  static hex(raw = []) {',
        ),
        'leftOut',
        new Set(),
      ),
    ).toThrow("starknet's CallData class has the members");
    expect(() =>
      callDataStaticsOnly(
        source.replace(
          'var fastParsingStrategy = {',
          'let fastParsingStrategy = {',
        ),
        'leftOut',
        new Set(),
      ),
    ).toThrow("1 of starknet's 2 calldata parsing strategies");
    expect(() =>
      callDataStaticsOnly(source, 'leftOut', new Set(['hash', 'Contract'])),
    ).toThrow('the source imports ["Contract"] from starknet');
  });
});

describe("key-tree's unused modules", () => {
  const path = join(
    root,
    'node_modules/@metamask/key-tree/dist/derivers/bip39.mjs',
  );

  it('export the same names, each a function that throws', async () => {
    const source = await readFile(path, 'utf8');
    const standIn = keyTreeUnused.call({ resourcePath: path }, source);
    const names = [
      ...source.matchAll(/^export (?:async )?(?:function|const) (\w+)/gmu),
    ].map((match) => match[1]);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      expect(standIn).toContain(`unused as ${String(name)}`);
    }
    expect(standIn).toContain('throw new Error(');
  });

  it('stop the build when those names change', async () => {
    const source = await readFile(path, 'utf8');
    expect(() =>
      keyTreeUnused.call(
        { resourcePath: path },
        `${source}\nexport const more = 1;\n`,
      ),
    ).toThrow('changed; update scripts/key-tree-unused-loader.js');
  });
});

describe("key-tree's curves and derivers tables", () => {
  const path = (name: string): string =>
    join(root, `node_modules/@metamask/key-tree/dist/${name}.mjs`);

  it('hold one throwing stand-in for each unused module, on the same lines', async () => {
    for (const [name, replaced, kept] of [
      ['curves/curve', ['ed25519', 'ed25519Bip32'], 'secp256k1'],
      ['derivers/index', ['bip39', 'cip3'], 'bip32'],
    ] as const) {
      const source = await readFile(path(name), 'utf8');
      const rewritten = keyTreeTables.call(
        { resourcePath: path(name) },
        source,
      );
      expect(rewritten.split('\n').slice(0, -2)).toHaveLength(
        source.split('\n').length,
      );
      for (const table of replaced) {
        expect(rewritten).not.toContain(`import * as ${table} from`);
        expect(rewritten).toContain(`const ${table} = keyTreeUnreachedTable(`);
      }
      expect(rewritten).toContain(`import * as ${kept} from "./${kept}.mjs";`);
      expect(rewritten).toContain('\nimport { keyTreeUnreachedTable } from ');
    }
  });

  it('stop the build when a table changes', async () => {
    const source = await readFile(path('curves/curve'), 'utf8');
    expect(() =>
      keyTreeTables.call(
        { resourcePath: path('curves/curve') },
        source.replace('import * as ed25519 from', 'import * as ed from'),
      ),
    ).toThrow('changed; update scripts/key-tree-tables-loader.js');
  });
});

describe("key-tree's node classes", () => {
  const path = (name: string): string =>
    join(root, `node_modules/@metamask/key-tree/dist/${name}.mjs`);

  it('keep what the derivation reaches; the rest throws, on the same lines', async () => {
    const source = await readFile(path('SLIP10Node'), 'utf8');
    const rewritten = keyTreeMembers.call(
      { resourcePath: path('SLIP10Node') },
      source,
    );
    expect(rewritten.split('\n').slice(0, -2)).toHaveLength(
      source.split('\n').length,
    );
    expect(rewritten).not.toContain('var __classPrivateFieldGet =');
    expect(rewritten).toContain(
      '\nimport { __classPrivateFieldGet, __classPrivateFieldSet, keyTreeLeftOut } from ',
    );
    expect(rewritten).not.toContain('encodeExtendedKey(');
    expect(rewritten).not.toContain('decodeExtendedKey(options)');
    expect(rewritten).toContain(
      '    get extendedKey() { return keyTreeLeftOut("SLIP10Node.extendedKey");\n',
    );
    expect(rewritten).toContain(
      "        if (typeof options === 'string') { return keyTreeLeftOut(",
    );
    expect(rewritten).toContain(
      '    get fingerprint() {\n        return getFingerprint(',
    );
    for (const name of ['BIP44Node', 'BIP44CoinTypeNode']) {
      const text = keyTreeMembers.call(
        { resourcePath: path(name) },
        await readFile(path(name), 'utf8'),
      );
      expect(text).toContain(
        `toJSON() { return keyTreeLeftOut("${name}.toJSON");`,
      );
      expect(text).toContain('    static async fromJSON(json');
    }
  });

  it('stop the build when a class changes', async () => {
    const source = await readFile(path('BIP44Node'), 'utf8');
    for (const changed of [
      source.replace('    neuter() {', '    neutered() {'),
      source.replace(
        "        if (typeof options === 'string') {",
        '        if (isString(options)) {',
      ),
      source.replace('    toJSON() {', '    static x = 1;\n    toJSON() {'),
    ]) {
      expect(() =>
        keyTreeMembers.call({ resourcePath: path('BIP44Node') }, changed),
      ).toThrow('changed; update scripts/key-tree-members-loader.js');
    }
  });
});

describe('the class members nothing in the bundle calls', () => {
  const cid = join(root, 'node_modules/multiformats/dist/src/cid.js');
  const curve = join(
    root,
    'node_modules/@noble/curves/esm/abstract/weierstrass.js',
  );

  it('throw, on the same lines; the members the snap calls stay', async () => {
    const source = await readFile(cid, 'utf8');
    const rewritten = unreachedMembers.call({ resourcePath: cid }, source);
    expect(rewritten.split('\n')).toHaveLength(source.split('\n').length);
    expect(rewritten).toContain(
      '    toV1() { throw new Error("toV1 is not part of this snap");\n\n',
    );
    expect(rewritten).toContain('    static parse(source, base) {\n');
    expect(rewritten).toContain('    toString(base) {\n        return format(');
    const points = unreachedMembers.call(
      { resourcePath: curve },
      await readFile(curve, 'utf8'),
    );
    expect(points).not.toContain('return pippenger(');
    expect(points).toContain('static msm(points, scalars) { throw new Error(');
    expect(points).toContain(
      '        recoverPublicKey(messageHash) { throw new Error("recoverPublicKey is not part of this snap");\n\n',
    );
    expect(points).toContain(
      '    function getSharedSecret(secretKeyA, publicKeyB, isCompressed = true) { throw new Error("getSharedSecret is not part of this snap");\n\n',
    );
    expect(points).not.toContain('Point.fromBytes(concatBytes(pprefix(');
    const modular = join(
      root,
      'node_modules/@noble/curves/esm/abstract/modular.js',
    );
    const roots = unreachedMembers.call(
      { resourcePath: modular },
      await readFile(modular, 'utf8'),
    );
    expect(roots).toContain(
      'function sqrt9mod16(P) { throw new Error("sqrt9mod16 is not part of this snap");\n',
    );
    expect(roots).toContain(
      'function sqrt5mod8(Fp, n) { throw new Error("sqrt5mod8 is not part of this snap");\n',
    );
    expect(roots).toContain('export function tonelliShanks(P) {\n');
    const stringify = join(root, 'node_modules/fast-safe-stringify/index.js');
    const safe = unreachedMembers.call(
      { resourcePath: stringify },
      await readFile(stringify, 'utf8'),
    );
    expect(safe).toContain(
      'function deterministicStringify (obj, replacer, spacer, options) { throw new Error(',
    );
    expect(safe).not.toContain('var tmp = deterministicDecirc(obj');
    expect(safe).toContain(
      'function stringify (obj, replacer, spacer, options) {\n',
    );
    expect(points).toContain(
      '    function sign(message, secretKey, opts = {}) {\n',
    );
    expect(points).toContain(
      '    function verify(signature, message, publicKey, opts = {}) {\n',
    );
  });

  it('stop the build when one is no longer declared as listed', async () => {
    const source = await readFile(cid, 'utf8');
    expect(() =>
      unreachedMembers.call(
        { resourcePath: cid },
        source.replace('    toV0() {', '    toV0(base) {'),
      ),
    ).toThrow('`toV0()` of multiformats/dist/src/cid.js changed');
  });
});

describe("superstruct's struct factories", () => {
  it('are marked free of side effects, or the build stops', async () => {
    const path = join(
      root,
      'node_modules/@metamask/superstruct/dist/structs/types.mjs',
    );
    const source = await readFile(path, 'utf8');
    expect(pureFactories.call({ resourcePath: path }, source)).toContain(
      'export /* @__NO_SIDE_EFFECTS__ */ function object(',
    );
    expect(() =>
      pureFactories.call(
        { resourcePath: path },
        `${source}\nexport function register(struct) {}\n`,
      ),
    ).toThrow('changed; update scripts/pure-factories-loader.js');
  });

  it("mark the SDK's error classes' factory calls pure, or the build stops", async () => {
    const path = join(
      root,
      'node_modules/@metamask/snaps-sdk/dist/error-wrappers.mjs',
    );
    const source = await readFile(path, 'utf8');
    const rewritten = pureFactories.call({ resourcePath: path }, source);
    expect(rewritten.split('\n')).toHaveLength(source.split('\n').length);
    expect(rewritten).toContain(
      'export const InternalError = /* @__PURE__ */ createSnapError(rpcErrors.internal);\n',
    );
    expect(() =>
      pureFactories.call(
        { resourcePath: path },
        `${source}\nexport const Other = 1;\n`,
      ),
    ).toThrow('changed; update scripts/pure-factories-loader.js');
  });
});

describe("@scure/base's codec builders", () => {
  it('are marked free of side effects, or the build stops', async () => {
    const source = await readFile(
      join(root, 'node_modules/@scure/base/lib/esm/index.js'),
      'utf8',
    );
    expect(scureBasePure(source)).toContain(
      '/* @__NO_SIDE_EFFECTS__ */ function chain(',
    );
    expect(() =>
      scureBasePure(source.replace('function padding(', 'function pad(')),
    ).toThrow('8 of @scure/base');
  });
});

describe("key-tree's modules", () => {
  /**
   * What a module does when it is loaded, beyond defining things: its
   * top-level statements other than imports, exports, functions, classes
   * and variables, and the calls in its variables' values other than those
   * that only build a value.
   *
   * @param text - The module.
   * @returns Those statements and calls, as text.
   */
  function loadTimeEffects(text: string): string[] {
    const file = ts.createSourceFile(
      'module.mjs',
      text,
      ts.ScriptTarget.Latest,
    );
    const building =
      /^(?:new WeakMap\(\)|Symbol\(|stringToBytes\(|getGetPublicKey\(\))/u;
    const effects: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) || ts.isClassLike(node)) {
        return;
      }
      if (
        (ts.isCallExpression(node) || ts.isNewExpression(node)) &&
        !building.test(node.getText(file))
      ) {
        effects.push(node.getText(file));
      }
      ts.forEachChild(node, visit);
    };
    for (const statement of file.statements) {
      if (
        ts.isImportDeclaration(statement) ||
        ts.isExportDeclaration(statement) ||
        ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement)
      ) {
        continue;
      }
      // Besides: the WeakMaps and guards of key-tree's private fields
      // (`_a = SLIP10Node, _SLIP10Node_x = new WeakMap();`).
      const ownFields = statement
        .getText(file)
        .replace(/;$/u, '')
        .split(', ')
        .every((part) =>
          /^_\w+ = (?:\w+|new WeakMap\(\)|\{ value: Symbol\('[\w.]+'\) \})$/u.test(
            part,
          ),
        );
      if (!ts.isVariableStatement(statement) && !ownFields) {
        effects.push(statement.getText(file));
      }
      visit(statement);
    }
    return effects;
  }

  it('only define things when loaded, so snap.config.ts marks them free of side effects', async () => {
    const dist = join(root, 'node_modules/@metamask/key-tree/dist');
    const files = (await readdir(dist, { recursive: true })).filter((name) =>
      name.endsWith('.mjs'),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const name of files) {
      const effects = loadTimeEffects(await readFile(join(dist, name), 'utf8'));
      expect({ name, effects }).toStrictEqual({ name, effects: [] });
    }
  });

  it('would be caught doing more', () => {
    expect(loadTimeEffects('globalThis.keyTree = 1;')).toHaveLength(1);
    expect(loadTimeEffects('export const a = register();')).toStrictEqual([
      'register()',
    ]);
    expect(
      loadTimeEffects('_a = new WeakMap();\nconst b = new WeakMap();'),
    ).toStrictEqual([]);
  });
});
