// A CommonJS dapp (or its tests) in the installed project: what `require`
// resolves and loads, printed as JSON for the test to read.
const client = require('@snapnet/client');
const testing = require('@snapnet/client/testing');

let sourceResolved;
try {
  sourceResolved = require.resolve('@snapnet/client/src/index.ts');
} catch (error) {
  sourceResolved = error.code;
}

console.log(
  JSON.stringify({
    client: require.resolve('@snapnet/client'),
    testing: require.resolve('@snapnet/client/testing'),
    manifest: require.resolve('starknet-snap-wallet/snap.manifest.json'),
    openrpc: require.resolve('starknet-snap-wallet/openrpc.json'),
    sourceResolved,
    formatted: client.formatUnits(1500000000000000000n, 18),
    parsed: String(client.parseUnits('1.5', 18)),
    userRejected: client.ErrorCode.UserRejected,
    snapClient: typeof client.SnapClient,
    npmSnapId: testing.NPM_SNAP_ID,
    simulatedMetaMask: typeof testing.SimulatedMetaMask,
  }),
);
