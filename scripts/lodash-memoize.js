/**
 * Stand-in for lodash in the snap bundle: @metamask/utils only uses
 * `memoize` (single-argument, for address checksums), and the whole of
 * lodash would add ~70 KB. Aliased in snap.config.ts.
 *
 * @param {Function} fn - The single-argument function to memoize.
 * @returns {Function} The memoized function.
 */
function memoize(fn) {
  const cache = new Map();
  return (key) => {
    if (!cache.has(key)) {
      cache.set(key, fn(key));
    }
    return cache.get(key);
  };
}

module.exports = { memoize };
