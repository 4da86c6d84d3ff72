/**
 * What the client takes from the snap's API module (src/api.ts at the
 * repository root): the method table's types, the error codes and the
 * amount formatting. The only module that imports it: in the published
 * package its declarations are a flattened copy (scripts/build.ts) and its
 * code is bundled, so nothing points back into the repository.
 */
// The snap's API module through tsconfig `paths`: this repository, not a
// dependency.
// eslint-disable-next-line import-x/no-extraneous-dependencies
export { formatUnits, parseUnits, SnapErrorCode } from '@snapnet/snap-api';

export type { SnapApi } from '@snapnet/snap-api';
