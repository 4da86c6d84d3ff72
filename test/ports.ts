/**
 * The loopback ports the test build (`npm run build:test`) points the snap's
 * networks at. `TEST_TESTNET_PORT` / `TEST_MAINNET_PORT` move them, so two
 * checkouts (or the devnet tier) can run their suites side by side; the
 * build script reads the same variables.
 */
// eslint-disable-next-line n/no-process-env
export const TEST_NODE_PORT = Number(process.env.TEST_TESTNET_PORT ?? 5055);

/** Where the test build's Mainnet points: nothing runs there but broken nodes. */
// eslint-disable-next-line n/no-process-env
export const TEST_MAINNET_PORT = Number(process.env.TEST_MAINNET_PORT ?? 5056);

/**
 * The test build's second Mainnet node (tried when the first fails): only
 * the failover tests start one there. `TEST_MAINNET_SPARE_PORT` moves it;
 * by default it follows `TEST_MAINNET_PORT`, 1000 above.
 */
export const TEST_MAINNET_SPARE_PORT = Number(
  // eslint-disable-next-line n/no-process-env
  process.env.TEST_MAINNET_SPARE_PORT ?? TEST_MAINNET_PORT + 1000,
);

/**
 * The node timeout of the test build (`SNAP_NODE_TIMEOUT_MS`, 30 s in
 * production): short, so stalled-node tests end quickly, and long enough for
 * any answer of a local node.
 */
export const TEST_NODE_TIMEOUT_MS = Number(
  // eslint-disable-next-line n/no-process-env
  process.env.TEST_NODE_TIMEOUT_MS ?? 10_000,
);

/**
 * The test build's content storage (`SNAP_CONTENT_STORAGE_URL`): the Mainnet
 * port too, since nothing healthy runs there; a logo test starts a storage
 * there (a local node, or a tampering server) or leaves it down. The build
 * sends these basic-auth credentials (`SNAP_CONTENT_STORAGE_AUTH`).
 */
export const TEST_STORAGE_PORT = TEST_MAINNET_PORT;
export const TEST_STORAGE_KEY = 'test-key';
export const TEST_STORAGE_SECRET = 'test-secret';
