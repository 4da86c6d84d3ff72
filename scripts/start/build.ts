import snapsCliPackage from '@metamask/snaps-cli/package.json';
import { readdir, readFile, rm, writeFile } from 'fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'path';

import { spawnGroup } from './child-group';
import type { Shutdown } from './shutdown';
import { StartError } from './start-error';
import { prepareBuildDir } from '../snap-build';

const root = resolve(__dirname, '../..');

/** Where `npm start` builds the snap unless `START_BUILD_DIR` says otherwise. */
const DEFAULT_BUILD_DIR = resolve(root, 'node_modules/.cache/snapnet-start');

/**
 * Written beside each build: the variables the bundle was built with, and
 * whether the build finished. `--no-build` serves a build only if both say
 * it may; a folder given in `START_BUILD_DIR` is emptied only if it holds
 * this file (or nothing).
 */
const STAMP_FILE = 'snapnet-start.json';

type Stamp = { variables: Record<string, string>; complete: boolean };

/**
 * The folder of the build: `START_BUILD_DIR` (the tests use their own), or
 * the default one. It must be inside the repository: the build's manifest
 * check finds the snaps SDK through the folder's `node_modules`.
 *
 * @param env - The environment.
 * @returns Its absolute path.
 */
export function buildDirectory(
  env: Record<string, string | undefined>,
): string {
  if (!env.START_BUILD_DIR) {
    return DEFAULT_BUILD_DIR;
  }
  const dir = resolve(env.START_BUILD_DIR);
  const inside = relative(root, dir);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    throw new StartError(
      `START_BUILD_DIR is ${dir}: it must be a folder inside ${root} (the build finds the snaps SDK through its node_modules), e.g. node_modules/.cache/my-start`,
    );
  }
  return dir;
}

/** `SNAP_*` variables that say where the build goes, not what is in it. */
const NOT_IN_BUNDLE = ['SNAP_BUILD_DIR', 'SNAP_SERVER_PORT'];

/**
 * Every `SNAP_*` variable the build reads (snap.config.ts), as it will see
 * them: the environment's, with the node's URLs in place.
 *
 * @param nodeVariables - The variables pointing the snap at the node.
 * @returns The variables, sorted by name.
 */
export function buildVariables(
  nodeVariables: Record<string, string>,
): Record<string, string> {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    ...nodeVariables,
  };
  return Object.fromEntries(
    Object.entries(merged)
      .filter(
        (entry): entry is [string, string] =>
          entry[0].startsWith('SNAP_') &&
          !NOT_IN_BUNDLE.includes(entry[0]) &&
          entry[1] !== undefined,
      )
      .sort(([left], [right]) => left.localeCompare(right)),
  );
}

/**
 * The stamp of the last build in a folder, if any.
 *
 * @param dir - The folder.
 * @returns The stamp.
 */
async function readStamp(dir: string): Promise<Stamp | undefined> {
  const text = await readFile(resolve(dir, STAMP_FILE), 'utf8').catch(
    () => undefined,
  );
  if (text === undefined) {
    return undefined;
  }
  const stamp: unknown = JSON.parse(text);
  return typeof stamp === 'object' &&
    stamp !== null &&
    'variables' in stamp &&
    'complete' in stamp &&
    typeof stamp.variables === 'object' &&
    stamp.variables !== null &&
    typeof stamp.complete === 'boolean'
    ? {
        variables: Object.fromEntries(
          Object.entries(stamp.variables).map(([name, value]) => [
            name,
            String(value),
          ]),
        ),
        complete: stamp.complete,
      }
    : undefined;
}

/**
 * Refuses to empty a folder that `npm start` did not fill: a
 * `START_BUILD_DIR` pointing at the wrong place must not lose files.
 *
 * @param dir - The folder.
 */
async function checkBuildDirIsOurs(dir: string): Promise<void> {
  if (dir === DEFAULT_BUILD_DIR) {
    return;
  }
  // A folder that does not exist yet holds nothing.
  const entries = await readdir(dir).catch((): string[] => []);
  if (entries.length > 0 && !entries.includes(STAMP_FILE)) {
    throw new StartError(
      `START_BUILD_DIR is ${dir}, which holds files npm start did not put there (it empties the folder before each build): name a new or empty folder`,
    );
  }
}

/**
 * Builds the snap into its folder with `mm-snap build`, in a process group
 * of its own, so that stopping `npm start` mid-build stops the build and
 * its workers.
 *
 * @param dir - The folder.
 * @param variables - The build's variables (buildVariables).
 * @param shutdown - Where the build's stop is registered.
 */
export async function buildSnap(
  dir: string,
  variables: Record<string, string>,
  shutdown: Shutdown,
): Promise<void> {
  await checkBuildDirIsOurs(dir);
  // The stamp goes last: a stop while the last build is being removed
  // leaves a folder that is still recognisably ours (a recursive removal
  // may take the stamp first and leave the rest).
  const leftovers = await readdir(dir).catch((): string[] => []);
  for (const entry of leftovers.filter((name) => name !== STAMP_FILE)) {
    await rm(resolve(dir, entry), { recursive: true, force: true });
  }
  const stamp = (complete: boolean): string =>
    `${JSON.stringify({ variables, complete }, null, 2)}\n`;
  // The stamp goes in first: stopped at any point after this, the folder
  // is still recognisably ours.
  await prepareBuildDir(dir, async () =>
    writeFile(resolve(dir, STAMP_FILE), stamp(false)),
  );
  const mmSnap = resolve(
    dirname(require.resolve('@metamask/snaps-cli/package.json')),
    snapsCliPackage.bin['mm-snap'],
  );
  const build = spawnGroup(process.execPath, [mmSnap, 'build'], {
    cwd: root,
    env: { ...process.env, ...variables, SNAP_BUILD_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  shutdown.add(build.stop);
  const how = await build.exited;
  if (how !== 'exit code 0') {
    throw new StartError(`The snap build failed (mm-snap build: ${how}).`);
  }
  await writeFile(resolve(dir, STAMP_FILE), stamp(true));
}

/**
 * For `--no-build`: checks that the folder holds a finished build made with
 * these very variables (the node's URL is inside the bundle).
 *
 * @param dir - The folder.
 * @param variables - The variables this run would build with.
 */
export async function checkLastBuild(
  dir: string,
  variables: Record<string, string>,
): Promise<void> {
  const stamp = await readStamp(dir);
  if (!stamp?.complete) {
    throw new StartError(
      `--no-build: there is no finished build in ${dir}; run npm start without --no-build once.`,
    );
  }
  const changed = Object.keys({ ...stamp.variables, ...variables }).filter(
    (name) => stamp.variables[name] !== variables[name],
  );
  if (changed.length > 0) {
    throw new StartError(
      `--no-build: the last build in ${dir} was made for other settings (${changed
        .map((name) => `${name} was ${stamp.variables[name] ?? 'unset'}`)
        .join(', ')}); run npm start without --no-build.`,
    );
  }
}
