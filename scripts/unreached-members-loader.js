/**
 * Webpack loader for class members of other packages that nothing in the
 * snap's bundle calls, applied in snap.config.ts (~2.4 KB with the code
 * only they use). A class keeps every member it is declared with, used or
 * not, so a minifier cannot leave one out; each listed member keeps its
 * name and kind here and throws when reached, so a wrong guess fails
 * loudly instead of computing something else:
 *
 * - multiformats' `CID`: the snap only parses `ipfs://<cid>` URIs
 *   (`CID.parse`), reads a CID's version, codec and multihash and prints it
 *   (`toString`), src/content/storage.ts; it never converts a CID between
 *   versions (`toV0`, `toV1`), compares two (`equals`) or adopts one made
 *   elsewhere (`CID.asCID`, which only multiformats' `block` and `link`
 *   modules call, not in the bundle).
 * - @noble/curves' Weierstrass `Point.msm` (multi-scalar multiplication, its
 *   Pippenger algorithm): neither @scure/starknet nor key-tree nor
 *   starknet.js calls it; they multiply one point at a time.
 * - @noble/curves' ECDSA public-key recovery (`recoverPublicKey`, the
 *   curve's and its `Signature`'s) and ECDH (`getSharedSecret`, and with it
 *   `isProbPub`, which nothing else calls): the snap signs and verifies
 *   Stark signatures (@scure/starknet) and derives secp256k1 keys
 *   (key-tree); neither recovers a key from a signature nor agrees on a
 *   shared secret.
 * - @noble/curves' square roots for fields of order 5 mod 8 (Atkin's,
 *   `sqrt5mod8`) and 9 mod 16 (Kong's, `sqrt9mod16`): `FpSqrt` picks one by
 *   the field's order, and the bundle's fields are the Stark field and
 *   curve order and secp256k1's (1 mod 16 or 3 mod 4: Tonelli-Shanks or the
 *   direct root; ed25519's field, 5 mod 8, went with key-tree's ed25519).
 * - fast-safe-stringify's `stable` (`deterministicStringify`, with the
 *   code only it runs): @metamask/rpc-errors, its one importer, calls the
 *   package's default export (`JsonRpcError.toString`), never `stable`.
 *
 * The file's lines are unchanged (bodies become blank lines), so source maps
 * still point at them. It fails the build when a listed member is no longer
 * declared as written here (a package upgrade), rather than silently
 * changing what is left out.
 */

/**
 * Per file (the end of its path): the indentation of its class's members
 * and the declarations left out, as written (without the ` {`); a
 * declaration that starts with spaces is written with its own indentation
 * (a function nested in another, not a class member).
 */
const UNREACHED = {
  'multiformats/dist/src/cid.js': {
    indent: '    ',
    members: [
      'toV0()',
      'toV1()',
      'equals(other)',
      'static equals(self, other)',
      'static asCID(input)',
    ],
  },
  '@noble/curves/esm/abstract/weierstrass.js': {
    indent: '        ',
    members: [
      'static msm(points, scalars)',
      'recoverPublicKey(messageHash)',
      '    function recoverPublicKey(signature, message, opts = {})',
      '    function getSharedSecret(secretKeyA, publicKeyB, isCompressed = true)',
    ],
  },
  '@noble/curves/esm/abstract/modular.js': {
    indent: '',
    members: ['function sqrt5mod8(Fp, n)', 'function sqrt9mod16(P)'],
  },
  'fast-safe-stringify/index.js': {
    indent: '',
    members: [
      'function deterministicStringify (obj, replacer, spacer, options)',
    ],
  },
};

/**
 * The file with its listed members throwing.
 *
 * @this {{ resourcePath: string }}
 * @param {string} source - The file's text.
 * @returns {string} The rewritten text.
 */
function unreachedMembers(source) {
  const path = this.resourcePath.split(/[\\/]/u).join('/');
  const file = Object.keys(UNREACHED).find((name) =>
    path.endsWith(`/node_modules/${name}`),
  );
  const changed = (what) =>
    new Error(
      `unreached-members-loader: ${what} of ${file ?? path} changed; update scripts/unreached-members-loader.js`,
    );
  if (file === undefined) {
    throw changed('the file');
  }
  const { indent: memberIndent, members } = UNREACHED[file];
  const lines = source.split('\n');
  for (const written of members) {
    const member = written.trimStart();
    const indent =
      member === written ? memberIndent : written.slice(0, -member.length);
    const open = `${indent}${member} {`;
    const at = lines.indexOf(open);
    const close = lines.indexOf(`${indent}}`, at);
    if (at === -1 || lines.indexOf(open, at + 1) !== -1 || close === -1) {
      throw changed(`\`${member}\``);
    }
    const name = member
      .slice(0, member.indexOf('('))
      .replace(/^(?:static|function) /u, '')
      .trimEnd();
    lines[at] = `${open} throw new Error(${JSON.stringify(
      `${name} is not part of this snap`,
    )});`;
    for (let index = at + 1; index < close; index++) {
      lines[index] = '';
    }
  }
  return lines.join('\n');
}

module.exports = unreachedMembers;
