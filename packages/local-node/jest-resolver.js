/**
 * Jest resolves modules as CommonJS ("require" condition). ESM-only packages
 * (the IPFS libraries) export nothing under it; for those, and only those,
 * resolve again with the conditions Node's ESM loader uses.
 *
 * @param {string} request - The module requested.
 * @param {object} options - Jest's resolver options.
 * @returns {string} The resolved path.
 */
module.exports = (request, options) => {
  try {
    return options.defaultResolver(request, options);
  } catch (error) {
    try {
      return options.defaultResolver(request, {
        ...options,
        conditions: ['import', 'module-sync', 'node', 'default'],
      });
    } catch {
      throw error;
    }
  }
};
