/**
 * The packages as a dapp gets them: `npm pack` of the snap (the repository
 * root, its dist/ as built) and of `@snapnet/client` (its `prepack` builds
 * it), installed from the tarballs into an empty project outside the
 * repository. For tests of the published packages (and of the libraries
 * dapps use with them) that must not see the repository's sources.
 */
import { execFile } from 'child_process';
import { constants } from 'fs';
import { access, mkdir, mkdtemp, readdir, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { promisify } from 'util';

const run = promisify(execFile);

const REPOSITORY_ROOT = resolve(__dirname, '../../../..');

/** The project the packages were installed into. */
export type InstalledProject = {
  /** Its folder: `node_modules/@snapnet/client`, `…/starknet-snap-wallet`. */
  dir: string;
  /** Deletes it. */
  remove: () => Promise<void>;
};

/**
 * The environment for npm run from here: without the `npm_*` variables of
 * an enclosing `npm test` (workspace, prefix), which would redirect it.
 *
 * @returns The environment.
 */
function npmEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    // eslint-disable-next-line n/no-process-env
    Object.entries(process.env).filter(
      ([name]) => !name.toLowerCase().startsWith('npm_'),
    ),
  );
}

/**
 * Runs npm.
 *
 * @param args - Its arguments.
 * @param cwd - Where.
 * @returns What it printed.
 */
async function npm(args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run('npm', args, {
      cwd,
      env: npmEnvironment(),
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const stderr =
      typeof error === 'object' && error !== null && 'stderr' in error
        ? String(error.stderr)
        : '';
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${stderr}`, {
      cause: error,
    });
  }
}

/**
 * Packs one package into a folder of its own (its `prepack` output would
 * garble npm's `--json` report, so the tarball is found by listing).
 *
 * @param args - What to pack (e.g. `-w packages/client`), from the root.
 * @param destination - The folder, created here.
 * @returns The tarball's path.
 */
async function pack(args: string[], destination: string): Promise<string> {
  await mkdir(destination, { recursive: true });
  await npm(
    ['pack', ...args, '--pack-destination', destination],
    REPOSITORY_ROOT,
  );
  const tarballs = (await readdir(destination)).filter((name) =>
    name.endsWith('.tgz'),
  );
  if (tarballs.length !== 1 || !tarballs[0]) {
    throw new Error(
      `npm pack ${args.join(' ')} left ${tarballs.length} tarballs in ${destination}`,
    );
  }
  return join(destination, tarballs[0]);
}

/**
 * Packs the snap and the client and installs both tarballs into a new
 * project in the system's temporary folder.
 *
 * @param options - What else to install.
 * @param options.dependencies - More packages for the project (name →
 * version), installed with the tarballs (e.g. a connection library).
 * @returns The project.
 */
export async function packAndInstall({
  dependencies = {},
}: { dependencies?: Record<string, string> } = {}): Promise<InstalledProject> {
  const bundle = join(REPOSITORY_ROOT, 'dist', 'bundle.js');
  await access(bundle, constants.R_OK).catch((error: unknown) => {
    throw new Error(
      `${bundle} is missing: run npm run build first (npm pack ships the build)`,
      { cause: error },
    );
  });
  const dir = await mkdtemp(join(tmpdir(), 'snapnet-installed-'));
  const snap = await pack([], join(dir, 'tarballs', 'snap'));
  const client = await pack(
    ['-w', 'packages/client'],
    join(dir, 'tarballs', 'client'),
  );
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name: 'snapnet-installed-test',
        private: true,
        dependencies: {
          ...dependencies,
          '@snapnet/client': `file:${client}`,
          'starknet-snap-wallet': `file:${snap}`,
        },
      },
      null,
      2,
    )}\n`,
  );
  await npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  return {
    dir,
    remove: async () => rm(dir, { recursive: true, force: true }),
  };
}
