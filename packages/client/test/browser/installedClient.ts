/**
 * The library pages use `@snapnet/client` as a dapp installs it: the
 * client-browser project's global setup packs both packages once and
 * installs the tarballs into a temporary project (see ../installed/
 * packInstall); the page bundler resolves the client there.
 */
import { packAndInstall } from '../installed/packInstall';

/** The variable that carries the installed project's folder to the tests. */
export const INSTALLED_CLIENT_DIR = 'SNAPNET_INSTALLED_CLIENT_DIR';

/** Removes the project at the end of the run. */
let remove: (() => Promise<void>) | undefined;

/**
 * Jest global setup: packs and installs the packages.
 */
export async function setup(): Promise<void> {
  const project = await packAndInstall();
  remove = project.remove;
  // Workers and in-band tests read it (they start after the setup).
  // eslint-disable-next-line n/no-process-env
  process.env[INSTALLED_CLIENT_DIR] = project.dir;
}

/**
 * Jest global teardown: deletes the installed project.
 */
export async function teardown(): Promise<void> {
  await remove?.();
}

/**
 * The folder of the project where the packed client is installed.
 *
 * @returns The folder.
 */
export function installedClientDir(): string {
  // eslint-disable-next-line n/no-process-env
  const dir = process.env[INSTALLED_CLIENT_DIR];
  if (!dir) {
    throw new Error(
      `${INSTALLED_CLIENT_DIR} is not set: run the library tests through the client-browser jest project (its global setup installs the packed client)`,
    );
  }
  return dir;
}
