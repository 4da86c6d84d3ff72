/**
 * How much a node may cost the wallet: every exchange (request, headers and
 * the whole body) ends within a time limit, and every answer within a size
 * limit, so a node that stalls or floods fails the request with a NodeError
 * instead of hanging it (and the account's send queue) or filling memory.
 */

/** The production limit of one exchange with a node, body included. */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * How long one exchange may take. 30 s unless the build sets
 * `SNAP_NODE_TIMEOUT_MS` (snap.config.ts accepts 1–30 s, so no build waits
 * longer; the test build shortens it to test stalled nodes quickly).
 */
export const NODE_TIMEOUT_MS = timeoutFromBuild();

/** Bytes of answer one call may add to a batch's answer. */
export const ANSWER_BYTES_PER_CALL = 2 * 1024 * 1024;

/**
 * Bytes of answer a `starknet_getClass` call may add: Starknet refuses
 * classes over 4,089,446 bytes, and the node's JSON of one is about that.
 */
export const CLASS_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * Bytes of answer a `starknet_getBlockWithTxs` call may add (a tip
 * estimate's blocks, node/tips.ts): a busy Mainnet block of a few hundred
 * transactions with their calldata is a few hundred kB to a few MB.
 */
export const BLOCK_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * Bytes of answer a `starknet_simulateTransactions` call may add: its trace
 * repeats the calldata (the account's `__execute__`, then each call), and a
 * transaction may carry 32 calls of 2,048 felts (~4.3 MB of hex each time).
 */
export const SIMULATION_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * The most calls one JSON-RPC batch may hold, the endpoint checks included:
 * a longer batch is sent as several (src/node/client.ts). Real nodes refuse
 * a batch over their limit as a whole: Pathfinder's `--rpc.batch-size-limit`
 * defaults to 100 (equilibriumco/pathfinder PR #3450, commit 53e0ec09c of
 * 2026-06-06; over it, one `-32700 Parse error` with id null, its
 * `data.reason` "array exceeds maximum length 100"); Juno's
 * `rpc-max-batch-size` defaults to 1000 (NethermindEth/juno PR #3983,
 * 2026-08). The default public endpoints (scripts/node-urls.js) publish no
 * batch limit (Zan's documents name none; Nethermind's free RPC runs Juno).
 * Ethereum's clients and providers cap lower still (Nethermind 100, Besu 50,
 * Alchemy 1000 over HTTP, Moralis 20), none of them Starknet's.
 */
export const MAX_BATCH_CALLS = 100;

/** The most bytes any answer may have, however many calls its batch holds. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * The build-time timeout, or the production one.
 *
 * @returns Milliseconds.
 */
function timeoutFromBuild(): number {
  // `process.env` is replaced at build time by the bundler (snap.config.ts);
  // under jest it is the real environment, where the variable is unset.
  // eslint-disable-next-line no-restricted-globals
  const configured = Number(process.env.SNAP_NODE_TIMEOUT_MS);
  return Number.isInteger(configured) &&
    configured > 0 &&
    configured <= DEFAULT_TIMEOUT_MS
    ? configured
    : DEFAULT_TIMEOUT_MS;
}

/**
 * The size limit of the answer to a batch: each call's allowance added up,
 * never more than MAX_ANSWER_BYTES.
 *
 * @param calls - The calls of the batch.
 * @returns The most bytes the answer may have.
 */
export function answerLimit(
  calls: readonly { maxAnswerBytes?: number | undefined }[],
): number {
  const total = calls.reduce(
    (sum, call) => sum + (call.maxAnswerBytes ?? ANSWER_BYTES_PER_CALL),
    0,
  );
  return Math.min(total, MAX_ANSWER_BYTES);
}

/**
 * How many calls each of the batches that carry `total` calls holds: as few
 * batches as MAX_BATCH_CALLS allows, as even as can be (they travel at the
 * same time, so the largest sets the wait).
 *
 * @param total - The calls, checks included.
 * @returns Each batch's size, in order (one batch when they fit).
 */
export function batchSizes(total: number): number[] {
  const count = Math.max(1, Math.ceil(total / MAX_BATCH_CALLS));
  const base = Math.floor(total / count);
  return Array.from(
    { length: count },
    (_, index) => base + (index < total % count ? 1 : 0),
  );
}

/**
 * Calls cut into the batches that carry them (batchSizes), with the
 * endpoint's checks, if any, at the end of the first.
 *
 * @param calls - The calls, in order.
 * @param checks - The endpoint's checks (none once it was checked).
 * @returns The batches, in order.
 */
export function inBatches<Call>(
  calls: readonly Call[],
  checks: readonly Call[],
): Call[][] {
  let taken = 0;
  return batchSizes(calls.length + checks.length).map((size, index) => {
    const room = index === 0 ? size - checks.length : size;
    const batch = calls.slice(taken, taken + room);
    taken += room;
    return index === 0 ? [...batch, ...checks] : batch;
  });
}

/**
 * A byte count for messages.
 *
 * @param bytes - The count.
 * @returns It in MiB or KiB.
 */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`
    : `${Math.round(bytes / 1024)} KiB`;
}
