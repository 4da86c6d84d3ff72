import type { CID } from 'multiformats/cid';

import { badRequest } from './errors';

/** A content path: a content id, then optional names inside a directory. */
export type ContentPath = { cid: CID; rest: string[]; text: string };

/**
 * Parses `<cid>`, `/ipfs/<cid>` or either followed by `/names`, as the
 * reference implementation accepts them.
 *
 * @param arg - The argument.
 * @param cidClass - multiformats' CID (loaded on demand, see ipfs-libraries).
 * @returns The parsed path.
 * @throws StorageError (400) when it names no valid content id.
 */
export function parseContentPath(
  arg: string,
  cidClass: typeof CID,
): ContentPath {
  const segments = arg.replace(/^\/ipfs\//u, '').split('/');
  const [first = '', ...rest] = segments;
  let cid: CID;
  try {
    cid = cidClass.parse(first);
  } catch (error) {
    throw badRequest(
      `invalid path "${arg}": invalid cid: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const names = rest.filter((name) => name !== '');
  return {
    cid,
    rest: names,
    text: ['/ipfs', cid.toString(), ...names].join('/'),
  };
}
