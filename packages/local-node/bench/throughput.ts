/* eslint-disable n/no-process-exit, n/no-process-env -- a command-line entry point */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { Call } from 'starknet';
import { Account, CallData, RpcProvider, cairo, config } from 'starknet';

/**
 * Invoke throughput of the local node with several concurrent starknet.js
 * clients. The node runs in a child process (its own core); the clients run
 * here. Loops are bounded and only 127.0.0.1 is targeted.
 */

type Ready = {
  type: 'ready';
  url: string;
  accounts: { address: string; privateKey: string }[];
};

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? '8');
const TXS_PER_CLIENT = Math.min(Number(process.env.BENCH_TXS ?? '60'), 1000);
const FULL_FLOW_TXS = 10;
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const BOUNDS = {
  l1_gas: { max_amount: 0n, max_price_per_unit: 2_000_000_000n },
  l2_gas: { max_amount: 2_000_000n, max_price_per_unit: 2_000_000_000n },
  l1_data_gas: { max_amount: 1_000n, max_price_per_unit: 2_000_000_000n },
};

config.set('logLevel', 'ERROR');

const percentile = (sorted: number[], pct: number): number =>
  sorted[
    Math.min(sorted.length - 1, Math.floor((pct / 100) * sorted.length))
  ] ?? 0;

const transfer = (recipient: string): Call => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: CallData.compile({ recipient, amount: cairo.uint256(1n) }),
});

/**
 * Runs the benchmark.
 */
async function main(): Promise<void> {
  const child = fork(join(__dirname, 'node-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_ACCOUNTS: String(CLIENTS + 1) },
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message: Ready) => resolve(message));
    child.once('exit', (code) => reject(new Error(`node exited with ${code}`)));
  });
  if (!new URL(ready.url).hostname.startsWith('127.0.0.1')) {
    throw new Error('the benchmark only targets 127.0.0.1');
  }
  const recipient = ready.accounts[CLIENTS]?.address ?? '0x1';
  const clients = ready.accounts.slice(0, CLIENTS).map(
    (entry) =>
      new Account({
        provider: new RpcProvider({ nodeUrl: ready.url }),
        address: entry.address,
        signer: entry.privateKey,
        cairoVersion: '1',
      }),
  );
  // Warm up: chain id caches and JIT.
  await Promise.all(
    clients.map(async (client) =>
      client.execute(transfer(recipient), {
        nonce: 0,
        resourceBounds: BOUNDS,
        tip: 0,
      }),
    ),
  );

  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 1; i <= TXS_PER_CLIENT; i++) {
        const t0 = performance.now();
        await client.execute(transfer(recipient), {
          nonce: i,
          resourceBounds: BOUNDS,
          tip: 0,
        });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const total = CLIENTS * TXS_PER_CLIENT;

  // The default starknet.js path (tip scan, nonce, estimate, submit), for reference.
  const flowLatencies: number[] = [];
  const flowClient = clients[0];
  if (flowClient) {
    const flowStart = performance.now();
    for (let i = 0; i < FULL_FLOW_TXS; i++) {
      const t0 = performance.now();
      await flowClient.execute(transfer(recipient));
      flowLatencies.push(performance.now() - t0);
    }
    flowLatencies.sort((a, b) => a - b);
    process.stdout.write(
      `full starknet.js execute flow (1 client, ${FULL_FLOW_TXS} tx): ${(FULL_FLOW_TXS / ((performance.now() - flowStart) / 1000)).toFixed(1)} tx/s, p50 ${percentile(flowLatencies, 50).toFixed(1)} ms\n`,
    );
  }

  child.send('count');
  const counts = await new Promise<{ total: number; invokes: number }>(
    (resolve) => {
      child.on(
        'message',
        (message: { type: string; total: number; invokes: number }) => {
          if (message.type === 'count') {
            resolve(message);
          }
        },
      );
    },
  );
  child.send('stop');
  process.stdout.write(
    [
      `invoke throughput: ${total} tx from ${CLIENTS} concurrent starknet.js clients in ${elapsed.toFixed(2)} s`,
      `  ${(total / elapsed).toFixed(1)} tx/s`,
      `  latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (sign + submit + execute + block)`,
      `  node saw ${counts.total} JSON-RPC calls (${counts.invokes} addInvokeTransaction)`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
