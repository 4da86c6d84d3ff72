import type * as DagPb from '@ipld/dag-pb';
import type { exporter } from 'ipfs-unixfs-exporter';
import type { importer } from 'ipfs-unixfs-importer';
import type { fixedSize } from 'ipfs-unixfs-importer/chunker';
import type { CID } from 'multiformats/cid';

/** The IPFS project's UnixFS, dag-pb and CID code the content storage runs on. */
export type IpfsLibraries = {
  cidClass: typeof CID;
  importer: typeof importer;
  fixedSize: typeof fixedSize;
  exporter: typeof exporter;
  dagPb: typeof DagPb;
};

let loading: Promise<IpfsLibraries> | undefined;

/**
 * Loads the libraries on first use. They are ES modules only, and some of
 * their dependencies answer only `import`: a dynamic import lets tsx run the
 * node (its CommonJS loader would otherwise compile them to `require` calls
 * that cannot resolve), and keeps them out of the node's module graph until
 * content storage is used, so test runners that never use it load the node
 * as before. Jest compiles this import like any other (see jest-esm.js).
 *
 * @returns The libraries.
 */
export async function ipfsLibraries(): Promise<IpfsLibraries> {
  loading ??= Promise.all([
    import('ipfs-unixfs-importer'),
    import('ipfs-unixfs-importer/chunker'),
    import('ipfs-unixfs-exporter'),
    import('@ipld/dag-pb'),
    import('multiformats/cid'),
  ]).then(([importerModule, chunker, exporterModule, dagPb, cidModule]) => ({
    cidClass: cidModule.CID,
    importer: importerModule.importer,
    fixedSize: chunker.fixedSize,
    exporter: exporterModule.exporter,
    dagPb,
  }));
  return loading;
}
