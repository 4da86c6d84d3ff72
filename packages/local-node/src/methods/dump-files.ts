import {
  constants,
  lstatSync,
  openSync,
  closeSync,
  readFileSync,
  realpathSync,
  writeSync,
} from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

import { invalidParams } from '../base/errors';

/**
 * Whether a resolved path lies inside a directory (or is the directory).
 *
 * @param dir - The directory (a real path).
 * @param target - The path to check (absolute).
 * @returns True when inside.
 */
function isInside(dir: string, target: string): boolean {
  const rest = relative(dir, target);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
}

/**
 * The one directory dump files are read from and written to, chosen when the
 * node starts. A path in a request (`devnet_dump`, `devnet_load`) is resolved
 * against it and refused when it leaves it: `..`, an absolute path elsewhere,
 * or a symbolic link (of the file or of a directory on the way) that points
 * out of it.
 */
export class DumpDirectory {
  /** The directory's real path (symbolic links resolved). */
  readonly path: string;

  /**
   * @param dir - The directory (must exist).
   */
  constructor(dir: string) {
    try {
      // eslint-disable-next-line n/no-sync -- once, at start
      this.path = realpathSync(resolve(dir));
    } catch {
      throw new Error(`dump directory ${dir} does not exist`);
    }
  }

  /**
   * Resolves a requested dump file inside the directory.
   *
   * @param requested - The path as given (relative to the directory, or absolute).
   * @param field - The parameter's name, for errors.
   * @returns The absolute path of the file, symbolic links resolved.
   */
  resolve(requested: unknown, field = 'path'): string {
    if (
      typeof requested !== 'string' ||
      requested === '' ||
      requested.includes('\0')
    ) {
      throw invalidParams(`${field}: expected a file name`);
    }
    const outside = invalidParams(
      `${field}: ${requested} is outside the dump directory ${this.path} (chosen with --dump-dir when the node started)`,
    );
    const target = resolve(this.path, requested);
    if (!isInside(this.path, target) || target === this.path) {
      throw outside;
    }
    let parent: string;
    try {
      // eslint-disable-next-line n/no-sync -- an explicit, rare dev request
      parent = realpathSync(dirname(target));
    } catch {
      throw invalidParams(
        `${field}: the directory of ${requested} does not exist`,
      );
    }
    const file = resolve(parent, relative(dirname(target), target));
    if (!isInside(this.path, file)) {
      throw outside;
    }
    // eslint-disable-next-line n/no-sync -- an explicit, rare dev request
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) {
      let real: string | undefined;
      try {
        // eslint-disable-next-line n/no-sync -- an explicit, rare dev request
        real = realpathSync(file);
      } catch {
        // A link to nothing: where it would lead is not checked, only refused.
      }
      if (real === undefined || !isInside(this.path, real)) {
        throw outside;
      }
      return real;
    }
    return file;
  }
}

/**
 * Writes a dump file, never through a symbolic link (one planted after the
 * path was checked is refused by the system, O_NOFOLLOW).
 *
 * @param file - The resolved path.
 * @param text - The content.
 */
export function writeDumpFile(file: string, text: string): void {
  let fd: number;
  try {
    // eslint-disable-next-line n/no-sync -- an explicit, rare dev request
    fd = openSync(
      file,
      // eslint-disable-next-line no-bitwise -- open flags
      constants.O_WRONLY |
        constants.O_CREAT |
        constants.O_TRUNC |
        constants.O_NOFOLLOW,
      0o600,
    );
  } catch (error) {
    throw invalidParams(
      `path: cannot write ${file} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  try {
    // eslint-disable-next-line n/no-sync -- an explicit, rare dev request
    writeSync(fd, text);
  } finally {
    // eslint-disable-next-line n/no-sync -- an explicit, rare dev request
    closeSync(fd);
  }
}

/**
 * Reads a dump file as JSON.
 *
 * @param file - The resolved path.
 * @returns The parsed content.
 */
export function readDumpFile(file: string): unknown {
  try {
    // eslint-disable-next-line n/no-sync -- an explicit, rare dev request
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw invalidParams(`path: cannot read a dump from ${file}`);
  }
}
