/**
 * `npm start`: a local Starknet node, the snap built against it and served for
 * MetaMask Flask, and the companion page. No keys and no internet needed.
 *
 * Environment: LOCAL_NODE_PORT (default 5050), SNAP_SERVER_PORT (default 8081),
 * SITE_PORT (default 8000).
 */
import { resolve as resolvePath } from 'path';

import { prepareBuildDir, snapsCli, succeeded } from './snap-build';
import { serveSite } from '../packages/site/src/serve';
import { startLocalNode } from '@snapnet/local-node';

const nodePort = Number(process.env.LOCAL_NODE_PORT ?? 5050);
const snapPort = Number(process.env.SNAP_SERVER_PORT ?? 8081);

/**
 * The local build's own copy of the snap: its manifest takes the shasum of a
 * bundle pointed at the local node, which must not touch the committed one.
 */
const buildDir = resolvePath(
  __dirname,
  '..',
  'node_modules/.cache/snapnet-start',
);

/**
 * Starts everything and keeps it running until Ctrl-C.
 */
async function main(): Promise<void> {
  const node = await startLocalNode({ host: '127.0.0.1', port: nodePort });
  await prepareBuildDir(buildDir);
  const env = {
    SNAP_TESTNET_RPC_URL: node.url,
    // Token logos come from the node's content-storage API (POST /api/v0/add).
    SNAP_CONTENT_STORAGE_URL: node.storageUrl,
    SNAP_SERVER_PORT: String(snapPort),
    SNAP_BUILD_DIR: buildDir,
  };

  if (!(await succeeded(snapsCli(['build'], env)))) {
    await node.stop();
    throw new Error('The snap build failed');
  }
  const serve = snapsCli(['serve', '--port', String(snapPort)], env);

  const snapId = `local:http://localhost:${snapPort}`;
  const site = await serveSite({
    port: Number(process.env.SITE_PORT ?? 8000),
    snapId,
  });
  console.log(`
Local Starknet node (Testnet, ${node.url}) with funded accounts:
${node.accounts
  .map(
    (account, index) =>
      `  #${index} ${account.address}\n     private key ${account.privateKey}`,
  )
  .join('\n')}

Content storage for token logos: ${node.storageUrl}/api/v0 (add one: curl -X POST -F file=@logo.svg ${node.storageUrl}/api/v0/add)

The companion page: ${site.url} (open it in a browser with MetaMask Flask).
The snap is served at http://localhost:${snapPort} (snap id ${snapId}).
Install it in MetaMask Flask from any page's console:
  await ethereum.request({ method: 'wallet_requestSnaps', params: { '${snapId}': {} } })
then call it:
  await ethereum.request({ method: 'wallet_invokeSnap', params: { snapId: '${snapId}',
    request: { method: 'snapnet_createAccount', params: {} } } })
Press Ctrl-C to stop.
`);

  const stop = (): void => {
    serve.kill();
    node.stop().catch(console.error);
    site.stop().catch(console.error);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
