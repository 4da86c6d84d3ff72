/**
 * Webpack loader for the members of @metamask/key-tree's node classes this
 * snap never runs, applied in snap.config.ts (~6 KB with what only they
 * use: extended-key encoding and its base58check, Ethereum addresses,
 * BIP-44 path checks). The snap derives every key one way
 * (src/keys/derivation.ts): `getBIP44AddressKeyDeriver` on the JSON node
 * MetaMask hands it (`snap_getBip44Entropy`), which builds a
 * `BIP44CoinTypeNode` with `fromJSON` (a `BIP44Node` and a `SLIP10Node` from
 * their key objects: `fromExtendedKey`), derives the child with
 * `deriveChildNode` (the nodes' keys, chain code, fingerprints and depth)
 * and reads `privateKey` of the `BIP44Node` it returns. Nothing encodes or
 * decodes an extended key, makes a node from a seed or a derivation path,
 * neuters one, derives from one by its `derive`, turns one into JSON or
 * reads its Ethereum address.
 *
 * Each left-out member keeps its name and kind (static, getter, method) and
 * throws when reached, as does the branch of `fromExtendedKey` that decodes
 * an extended-key string: anything that would reach one fails loudly
 * instead of deriving. The file's lines are unchanged (bodies become blank
 * lines), so source maps still point at them.
 *
 * Each module's own copy of TypeScript's private-field helpers gives way to
 * one shared copy of the same functions (scripts/key-tree-shared.mjs),
 * with the stand-in's one definition.
 *
 * It fails the build when a class's members are no longer the ones listed
 * here, or the string branch no longer reads as expected (a key-tree
 * upgrade), rather than silently changing what is left out.
 */

/**
 * Per module (its path inside key-tree/dist): every member of its class in
 * order, `-` before those left out, and whether its `fromExtendedKey`
 * decodes strings in the branch left out.
 */
const CLASSES = {
  'SLIP10Node.mjs': {
    stringBranch: true,
    members: [
      '-static async fromJSON',
      'static async fromExtendedKey',
      '-static async fromDerivationPath',
      '-static async fromSeed',
      'constructor',
      'get chainCode',
      'get privateKey',
      'get publicKey',
      'get publicKeyBytes',
      'get compressedPublicKeyBytes',
      'get compressedPublicKey',
      '-get address',
      'get fingerprint',
      '-get extendedKey',
      '-neuter',
      '-async derive',
      '-toJSON',
    ],
  },
  'BIP44Node.mjs': {
    stringBranch: true,
    members: [
      '-static async fromJSON',
      'static async fromExtendedKey',
      '-static async fromDerivationPath',
      '-static async fromSeed',
      'get depth',
      'get privateKeyBytes',
      'get publicKeyBytes',
      'get chainCodeBytes',
      'get privateKey',
      'get publicKey',
      'get compressedPublicKey',
      'get compressedPublicKeyBytes',
      'get chainCode',
      '-get address',
      'get masterFingerprint',
      'get parentFingerprint',
      'get fingerprint',
      'get index',
      'get network',
      '-get extendedKey',
      'get curve',
      'constructor',
      '-neuter',
      '-async derive',
      '-toJSON',
    ],
  },
  'BIP44CoinTypeNode.mjs': {
    stringBranch: false,
    members: [
      'static async fromJSON',
      '-static async fromDerivationPath',
      '-static async fromSeed',
      '-static async fromNode',
      'constructor',
      'get depth',
      'get privateKeyBytes',
      'get publicKeyBytes',
      'get chainCodeBytes',
      'get privateKey',
      'get publicKey',
      'get compressedPublicKey',
      'get compressedPublicKeyBytes',
      'get chainCode',
      '-get address',
      'get masterFingerprint',
      'get parentFingerprint',
      'get fingerprint',
      'get index',
      'get network',
      'get curve',
      '-get extendedKey',
      '-async deriveBIP44AddressKey',
      '-toJSON',
    ],
  },
};

/** The module holding the helpers and the stand-in, once. */
const SHARED = require.resolve('./key-tree-shared.mjs');

/**
 * TypeScript's private-field helpers as each module declares them (tslib's
 * code; scripts/key-tree-shared.mjs exports the same functions).
 */
const HELPERS = {
  __classPrivateFieldGet: [
    'var __classPrivateFieldGet = (this && this.__classPrivateFieldGet) || function (receiver, state, kind, f) {',
    '    if (kind === "a" && !f) throw new TypeError("Private accessor was defined without a getter");',
    '    if (typeof state === "function" ? receiver !== state || !f : !state.has(receiver)) throw new TypeError("Cannot read private member from an object whose class did not declare it");',
    '    return kind === "m" ? f : kind === "a" ? f.call(receiver) : f ? f.value : state.get(receiver);',
    '};',
  ],
  __classPrivateFieldSet: [
    'var __classPrivateFieldSet = (this && this.__classPrivateFieldSet) || function (receiver, state, value, kind, f) {',
    '    if (kind === "m") throw new TypeError("Private method is not writable");',
    '    if (kind === "a" && !f) throw new TypeError("Private accessor was defined without a setter");',
    '    if (typeof state === "function" ? receiver !== state || !f : !state.has(receiver)) throw new TypeError("Cannot write private member to an object whose class did not declare it");',
    '    return (kind === "a" ? f.call(receiver, value) : f ? f.value = value : state.set(receiver, value)), value;',
    '};',
  ],
};

/** The first line of the string branch of `fromExtendedKey`. */
const STRING_BRANCH = "        if (typeof options === 'string') {";

/**
 * The module with its left-out members and string branch throwing.
 *
 * @this {{ resourcePath: string }}
 * @param {string} source - The module's text.
 * @returns {string} The rewritten text.
 */
function keyTreeMembers(source) {
  const file = this.resourcePath.split(/[\\/]/u).pop();
  const expected = CLASSES[file];
  const changed = () =>
    new Error(
      `key-tree-members-loader: the class of @metamask/key-tree's ${file} changed; update scripts/key-tree-members-loader.js`,
    );
  if (expected === undefined) {
    throw changed();
  }
  const lines = source.split('\n');
  const start = lines.findIndex((line) => /^export class \w+ \{$/u.test(line));
  const end = lines.indexOf('}', start);
  if (start === -1 || end === -1) {
    throw changed();
  }
  // Members open at four spaces (`    name(…) {`) and close at `    }`.
  const members = [];
  for (let index = start + 1; index < end; index++) {
    const match =
      /^ {4}((?:static )?(?:async )?(?:get )?(?:\w+))\(.*\) \{$/u.exec(
        lines[index],
      );
    if (match) {
      const close = lines.indexOf('    }', index);
      members.push({ name: match[1], open: index, close });
      index = close;
    } else if (/^ {4}(?![/ ])/u.test(lines[index])) {
      throw changed();
    }
  }
  if (
    members.map(({ name }) => name).join() !==
    expected.members.map((name) => name.replace(/^-/u, '')).join()
  ) {
    throw changed();
  }
  const what = `${file.slice(0, -'.mjs'.length)}`;
  const blank = (from, to) => {
    for (let index = from; index < to; index++) {
      lines[index] = '';
    }
  };
  members.forEach(({ name, open, close }, position) => {
    if (expected.members[position].startsWith('-')) {
      const member = name.split(' ').pop();
      lines[open] = `${lines[open]} return keyTreeLeftOut(${JSON.stringify(
        `${what}.${member}`,
      )});`;
      blank(open + 1, close);
    }
  });
  if (expected.stringBranch) {
    const from = members.find(
      ({ name }) => name === 'static async fromExtendedKey',
    );
    const branch = lines.indexOf(STRING_BRANCH, from.open);
    const branchEnd = lines.indexOf('        }', branch);
    if (
      branch !== from.open + 1 ||
      branchEnd === -1 ||
      !lines
        .slice(branch, branchEnd)
        .some((line) => line.includes('decodeExtendedKey(options)'))
    ) {
      throw changed();
    }
    lines[branch] = `${STRING_BRANCH} return keyTreeLeftOut(${JSON.stringify(
      `${what}.fromExtendedKey of an extended-key string`,
    )});`;
    blank(branch + 1, branchEnd);
  }
  // TypeScript's private-field helpers, declared at the top of each module:
  // one shared copy instead (scripts/key-tree-shared.mjs).
  const helpers = [];
  for (const [name, text] of Object.entries(HELPERS)) {
    const at = lines.indexOf(text[0]);
    if (
      at === -1 ||
      at > 6 ||
      lines.slice(at, at + text.length).join('\n') !== text.join('\n')
    ) {
      throw changed();
    }
    helpers.push(name);
    blank(at, at + text.length);
  }
  lines.push(
    `import { ${[...helpers, 'keyTreeLeftOut'].join(', ')} } from ${JSON.stringify(
      SHARED,
    )};`,
    '',
  );
  return lines.join('\n');
}

module.exports = keyTreeMembers;
