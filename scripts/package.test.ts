import { execFile } from 'child_process';
import { readFile } from 'fs/promises';
import { resolve } from 'path';
import { promisify } from 'util';

import { nodeUrlsFromEnvironment } from './node-urls';
import packageJson from '../package.json';
import manifest from '../snap.manifest.json';

const root = resolve(__dirname, '..');

/**
 * Reads the built bundle (`npm test` runs the production build first).
 *
 * @returns Its text.
 */
async function bundle(): Promise<string> {
  return readFile(resolve(root, 'dist/bundle.js'), 'utf8').catch(() => {
    throw new Error('dist/bundle.js is missing: run npm run build first');
  });
}

describe('the npm package', () => {
  it('holds exactly what MetaMask installs, the API document, README and licence', async () => {
    await bundle();
    const { stdout } = await promisify(execFile)(
      'npm',
      ['pack', '--dry-run', '--json', '--ignore-scripts'],
      { cwd: root },
    );
    const [packed]: { files: { path: string }[] }[] = JSON.parse(stdout);
    expect(packed?.files.map((file) => file.path).sort()).toStrictEqual([
      'LICENSE',
      'README.md',
      'dist/bundle.js',
      'images/icon.svg',
      'openrpc.json',
      'package.json',
      'snap.manifest.json',
    ]);
  });

  it('is where the manifest says MetaMask finds the snap', () => {
    expect(manifest.source.location.npm).toMatchObject({
      packageName: packageJson.name,
      filePath: packageJson.main.replace(/^\.\//u, ''),
    });
    expect(manifest.version).toBe(packageJson.version);
    expect(manifest.repository).toStrictEqual(packageJson.repository);
  });

  it('reaches both networks out of the box: the bundle holds the nodes the build resolved, and no URL with an empty key', async () => {
    const text = await bundle();
    // The same environment as `npm run build` (npm test runs both): with
    // nothing set, the public nodes of scripts/node-urls.js.
    const { mainnet, testnet } = nodeUrlsFromEnvironment(process.env);
    expect(text).toContain(mainnet.join(','));
    expect(text).toContain(testnet.join(','));
    expect(text).not.toMatch(/infura\.io\/v3\/["',]/u);
  });

  // The snaps CLI warns about any Math.random in the bundle. The only uses
  // are starknet.js's pickers of a default public node URL (getDefaultNodeUrl,
  // getDefaultPaymasterNodeUrl), bundled because starknet.js ships as one
  // module. The snap never calls them: it reaches only its networks' nodes,
  // its keys come from MetaMask's entropy and signatures use RFC 6979 nonces.
  it('uses Math.random only to pick a default node URL (never called)', async () => {
    const text = await bundle();
    const uses = text.match(/Math\.random/gu) ?? [];
    const nodePickers =
      text.match(/\b\w+\[Math\.floor\(Math\.random\(\)\*\w+\.length\)\]/gu) ??
      [];
    expect(uses.length).toBeGreaterThan(0);
    expect(nodePickers).toHaveLength(uses.length);
  });
});
