import { parseContentPath } from './content-path';
import { badRequest, cannotFulfil } from './errors';
import type { Flags } from './flags';
import type { IpfsLibraries } from './ipfs-libraries';
import type { ContentStore } from '../base/content-store';

/** The link object of the provider contract (its field names). */
/* eslint-disable @typescript-eslint/naming-convention */
export type LinkObject = {
  Links: { Name: string; Hash: string; Size: number }[];
  Data: string;
};
/* eslint-enable @typescript-eslint/naming-convention */

/**
 * `object/get`: the dag-pb node a path names, as `{Links, Data}`. `Data` is
 * text by default (`data-encoding=text`, bytes read as UTF-8 like the
 * reference implementation) or base64 (`data-encoding=base64`).
 *
 * @param flags - The query.
 * @param store - The content.
 * @param libraries - The IPFS libraries.
 * @returns The link object.
 */
export async function objectGet(
  flags: Flags,
  store: ContentStore,
  libraries: IpfsLibraries,
): Promise<LinkObject> {
  const args = flags.args();
  if (args.length !== 1) {
    throw badRequest(
      `object/get takes exactly one argument "key", got ${args.length}`,
    );
  }
  flags.only('data-encoding', ['text', 'base64']);
  const encoding =
    flags.string('data-encoding') === 'base64' ? 'base64' : 'utf8';
  const path = parseContentPath(args[0] ?? '', libraries.cidClass);
  let bytes: Uint8Array;
  let { cid } = path;
  try {
    if (path.rest.length > 0) {
      ({ cid } = await libraries.exporter(path.text, store.reader()));
    }
    bytes = store.get(cid);
  } catch (error) {
    throw cannotFulfil(error instanceof Error ? error.message : String(error));
  }
  if (cid.code !== libraries.dagPb.code) {
    throw cannotFulfil('expected protobuf dag node');
  }
  const node = libraries.dagPb.decode(bytes);
  return {
    Links: node.Links.map((link) => ({
      Name: link.Name ?? '',
      Hash: link.Hash.toString(),
      Size: link.Tsize ?? 0,
    })),
    Data: Buffer.from(node.Data ?? new Uint8Array()).toString(encoding),
  };
}
