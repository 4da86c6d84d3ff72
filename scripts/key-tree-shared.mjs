/**
 * What scripts/key-tree-members-loader.js gives key-tree's three node
 * classes once, instead of a copy in each module: TypeScript's private-field
 * helpers (each module declares its own, word for word these: stateless
 * functions, so one copy runs the same) and the stand-in every left-out
 * member calls; and the stand-in of the unused entries of key-tree's curves
 * and derivers tables (scripts/key-tree-tables-loader.js).
 */

/* eslint-disable id-length, no-nested-ternary, no-restricted-syntax -- tslib's helpers, kept as tslib writes them */

/**
 * TypeScript's helper reading a private field (tslib's, as key-tree's
 * modules declare it).
 *
 * @param {object} receiver - The object.
 * @param {WeakMap | Function} state - The field's map, or the class.
 * @param {string} kind - `m`, `a` or `f`.
 * @param {object} [f] - The accessor or static field.
 * @returns {unknown} The value.
 */
export function __classPrivateFieldGet(receiver, state, kind, f) {
  if (kind === 'a' && !f) {
    throw new TypeError('Private accessor was defined without a getter');
  }
  if (
    typeof state === 'function'
      ? receiver !== state || !f
      : !state.has(receiver)
  ) {
    throw new TypeError(
      'Cannot read private member from an object whose class did not declare it',
    );
  }
  return kind === 'm'
    ? f
    : kind === 'a'
      ? f.call(receiver)
      : f
        ? f.value
        : state.get(receiver);
}

/**
 * TypeScript's helper writing a private field (tslib's, as key-tree's
 * modules declare it).
 *
 * @param {object} receiver - The object.
 * @param {WeakMap | Function} state - The field's map, or the class.
 * @param {unknown} value - The value.
 * @param {string} kind - `m`, `a` or `f`.
 * @param {object} [f] - The accessor or static field.
 * @returns {unknown} The value.
 */
export function __classPrivateFieldSet(receiver, state, value, kind, f) {
  if (kind === 'm') {
    throw new TypeError('Private method is not writable');
  }
  if (kind === 'a' && !f) {
    throw new TypeError('Private accessor was defined without a setter');
  }
  if (
    typeof state === 'function'
      ? receiver !== state || !f
      : !state.has(receiver)
  ) {
    throw new TypeError(
      'Cannot write private member to an object whose class did not declare it',
    );
  }
  return (
    kind === 'a'
      ? f.call(receiver, value)
      : f
        ? (f.value = value)
        : state.set(receiver, value),
    value
  );
}

/**
 * The stand-in of a left-out member.
 *
 * @param {string} what - The member.
 */
export function keyTreeLeftOut(what) {
  throw new Error(
    `${what} is not part of this snap: keys come from the secp256k1 BIP-44 node (snap_getBip44Entropy)`,
  );
}

/**
 * The stand-in of a table entry key-tree never reaches (a curve or a
 * deriver, scripts/key-tree-tables-loader.js): an object whose every
 * property read throws.
 *
 * @param {string} what - The curve or deriver.
 * @returns {object} The stand-in.
 */
export function keyTreeUnreachedTable(what) {
  return new Proxy(
    {},
    {
      get() {
        return keyTreeLeftOut(what);
      },
    },
  );
}
