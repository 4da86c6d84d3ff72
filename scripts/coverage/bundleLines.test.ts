import type { ScriptCov } from '@bcoe/v8-coverage';
import { mkdtemp, rm, writeFile } from 'fs/promises';
import { Session } from 'inspector';
import type { Profiler } from 'inspector';
import { tmpdir } from 'os';
import { join } from 'path';
import { transpileModule } from 'typescript';
import { runInThisContext } from 'vm';

import { bundleLineHits, readBundleCoverage, threadFiles } from './bundleLines';

const SOURCE = `function pick(flag: boolean): string {
  if (flag) {
    return 'ran';
  }
  return 'skipped';
}
pick(true);
`;

/**
 * Compiles SOURCE as the snap's bundler would (with a source map naming
 * webpack's path) and runs it once under V8's precise coverage.
 *
 * @returns The compiled code, its map and the coverage of its script.
 */
async function runCovered(): Promise<{
  code: string;
  map: string;
  script: ScriptCov;
}> {
  // A script (no import or export): the output runs as it is.
  const { outputText: code, sourceMapText } = transpileModule(SOURCE, {
    compilerOptions: {
      sourceMap: true,
      sourceRoot: 'webpack://module.exports/./src/',
    },
    fileName: 'pick.ts',
  });
  const map = sourceMapText ?? '';
  const session = new Session();
  session.connect();
  const post = async (method: string, params?: object): Promise<void> =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  try {
    await post('Profiler.enable');
    await post('Profiler.startPreciseCoverage', {
      callCount: true,
      detailed: true,
    });
    runInThisContext(code, { filename: 'covered-bundle.js' });
    const { result } =
      await new Promise<Profiler.TakePreciseCoverageReturnType>(
        (resolve, reject) =>
          session.post('Profiler.takePreciseCoverage', (error, taken) =>
            error ? reject(error) : resolve(taken),
          ),
      );
    const script = result.find(({ url }) => url === 'covered-bundle.js');
    if (!script) {
      throw new Error('V8 recorded no coverage of the compiled code');
    }
    return { code, map, script };
  } finally {
    session.disconnect();
  }
}

const keepSrc = (source: string): string | undefined =>
  /(src\/.*\.ts)$/u.exec(source)?.[1];

describe('bundleLineHits', () => {
  it('maps the branch that ran and the one that did not back to their source lines', async () => {
    const { code, map, script } = await runCovered();
    const hits = bundleLineHits(script, code, map, keepSrc).get('src/pick.ts');
    expect(hits?.get(3)).toBeGreaterThan(0);
    expect(hits?.get(5)).toBe(0);
  });
});

describe('readBundleCoverage', () => {
  it("adds up the bundle's runs from every file and leaves other scripts out", async () => {
    const { code, script } = await runCovered();
    const directory = await mkdtemp(join(tmpdir(), 'v8-coverage-'));
    try {
      const asEvaluated = { ...script, url: '' };
      const other = { ...script, url: 'file:///elsewhere.js' };
      await writeFile(
        join(directory, 'coverage-1.json'),
        JSON.stringify({ result: [asEvaluated, other] }),
      );
      await writeFile(
        join(directory, 'coverage-2.json'),
        JSON.stringify({ result: [asEvaluated] }),
      );
      const merged = await readBundleCoverage(directory, code);
      const topLevel = (cov: ScriptCov | undefined): number | undefined =>
        cov?.functions[0]?.ranges[0]?.count;
      expect(topLevel(merged)).toBe(2 * (topLevel(script) ?? 0));
      expect(merged?.runs).toBe(2);
      expect(await readBundleCoverage(directory, `${code} `)).toBeUndefined();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('threadFiles', () => {
  it('names the threads of a process that wrote no file below its highest one', () => {
    expect(
      threadFiles([
        'coverage-7-1795781914963-0.json',
        'coverage-7-1795781915717-1.json',
        'coverage-7-1795781917229-3.json',
        'coverage-9-1795781919171-0.json',
        'coverage-9-1795781921640-2.json',
        'notes.txt',
      ]),
    ).toStrictEqual({ threads: 5, missing: ['7:2', '9:1'] });
  });

  it('finds none missing when every worker wrote its file (a main thread runs no snap)', () => {
    expect(
      threadFiles([
        'coverage-7-1795781917229-2.json',
        'coverage-7-1795781914963-0.json',
        'coverage-7-1795781915717-1.json',
        'coverage-8-1795781915717-1.json',
      ]),
    ).toStrictEqual({ threads: 4, missing: [] });
  });
});
