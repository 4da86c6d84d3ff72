/**
 * Whether a snap version satisfies the range a dapp asks for in
 * `wallet_requestSnaps`: `*`, an exact version, or a caret range
 * (`^1.2.3`: same major, or same minor below 1.0.0, same patch below
 * 0.1.0) — the forms dapps use.
 * Other ranges are refused with an error naming them.
 *
 * @param version - The installed version (`major.minor.patch`).
 * @param range - The requested range.
 * @returns Whether it satisfies it.
 */
export function satisfies(version: string, range: string): boolean {
  if (range === '*' || range === version) {
    return true;
  }
  const caret = /^\^(\d+)\.(\d+)\.(\d+)$/u.exec(range);
  const exact = /^\d+\.\d+\.\d+$/u.test(range);
  if (!caret) {
    if (exact) {
      return false;
    }
    throw new Error(
      `The simulated MetaMask reads "*", x.y.z and ^x.y.z version ranges, not ${JSON.stringify(range)}`,
    );
  }
  const wanted = caret.slice(1).map(Number);
  const have = version.split('.').map(Number);
  const [major = 0, minor = 0, patch = 0] = wanted;
  const [haveMajor = 0, haveMinor = 0, havePatch = 0] = have;
  if (haveMajor !== major) {
    return false;
  }
  if (major === 0 && haveMinor !== minor) {
    return false;
  }
  if (major === 0 && minor === 0) {
    return havePatch === patch;
  }
  return haveMinor > minor || (haveMinor === minor && havePatch >= patch);
}
