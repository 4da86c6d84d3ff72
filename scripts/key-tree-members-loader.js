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
  lines.push(
    'function keyTreeLeftOut(what) {',
    `  throw new Error(\`\${what} is not part of this snap: keys come from the secp256k1 BIP-44 node (snap_getBip44Entropy)\`);`,
    '}',
    '',
  );
  return lines.join('\n');
}

module.exports = keyTreeMembers;
