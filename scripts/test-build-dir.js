const { resolve } = require('path');

/**
 * Where `npm run build:test` writes the snap the tests install (dist/ and a
 * manifest with the test bundle's shasum): a copy outside the tracked tree,
 * so running the tests never rewrites the committed snap.manifest.json.
 * Plain CommonJS, for the jest configs as well as the TypeScript scripts.
 */
module.exports = {
  TEST_BUILD_DIR: resolve(__dirname, '..', 'node_modules/.cache/snapnet-test'),
};
