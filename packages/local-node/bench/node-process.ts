/* eslint-disable n/no-process-exit, n/no-process-env -- a command-line entry point */
import { startLocalNode } from '../src';

/**
 * Child process for the benchmark: runs the node on its own core and reports
 * its URL and accounts over IPC. Answers 'count' and 'stop' messages.
 */
async function run(): Promise<void> {
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? '8');
  const node = await startLocalNode({ host: '127.0.0.1', port: 0, accounts });
  process.send?.({ type: 'ready', url: node.url, accounts: node.accounts });
  process.on('message', (message) => {
    if (message === 'count') {
      process.send?.({
        type: 'count',
        total: node.requestCount(),
        invokes: node.requestCount('starknet_addInvokeTransaction'),
      });
    } else if (message === 'stop') {
      node
        .stop()
        .finally(() => process.exit(0))
        .catch(() => process.exit(1));
    }
  });
}

run().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
