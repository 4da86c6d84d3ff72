/* eslint-disable n/no-sync, n/no-unsupported-features/node-builtins -- test files on disk; Node 20's fetch */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { LocalNode } from '../src';
import { startLocalNode } from '../src';
import { parseArgs } from '../src/cli';

const scratch = mkdtempSync(join(tmpdir(), 'local-node-dump-on-'));
const running: LocalNode[] = [];

afterAll(async () => {
  await Promise.all(running.map(async (node) => node.stop()));
  rmSync(scratch, { recursive: true, force: true });
});

const call = async (
  node: LocalNode,
  method: string,
  params: unknown = {},
): Promise<any> => {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return response.json();
};

const journalIn = (file: string): { method: string }[] =>
  JSON.parse(readFileSync(file, 'utf8'));

describe('dumps the node writes by itself', () => {
  it('--dump-on exit writes the dump when the node stops; the next start loads it', async () => {
    const file = join(scratch, 'exit.json');
    const node = await startLocalNode({
      accounts: 1,
      dumpPath: file,
      dumpOn: 'exit',
    });
    const address = node.accounts[0]?.address ?? '0x1';
    await call(node, 'devnet_mint', { address, amount: 42 });
    expect(existsSync(file)).toBe(false);
    await node.stop();
    expect(journalIn(file).map((entry) => entry.method)).toStrictEqual([
      'devnet_mint',
    ]);
    const again = await startLocalNode({ accounts: 1, dumpPath: file });
    running.push(again);
    expect((await call(again, 'starknet_blockNumber')).result).toBe(1);
    expect(
      (await call(again, 'devnet_getAccountBalance', { address })).result
        .amount,
    ).toBe(String(10n ** 21n + 42n));
    // The load at start is not counted as a client's request.
    expect(again.requestCount()).toBe(2);
  });

  it('--dump-on block writes the dump after every new block', async () => {
    const file = join(scratch, 'block.json');
    const node = await startLocalNode({
      accounts: 1,
      blockGeneration: 'demand',
      dumpPath: file,
      dumpOn: 'block',
    });
    running.push(node);
    const address = node.accounts[0]?.address ?? '0x1';
    await call(node, 'devnet_mint', { address, amount: 1 });
    // Still pre-confirmed: no block, no dump.
    expect(existsSync(file)).toBe(false);
    await call(node, 'devnet_createBlock');
    expect(journalIn(file).map((entry) => entry.method)).toStrictEqual([
      'devnet_mint',
      'devnet_createBlock',
    ]);
    await call(node, 'devnet_increaseTime', { time: 10 });
    expect(journalIn(file)).toHaveLength(3);
  });

  it('refuses a dump mode without a dump file', async () => {
    await expect(startLocalNode({ dumpOn: 'exit' })).rejects.toThrow(
      'dumpOn exit needs dumpPath',
    );
  });
});

describe('the request log', () => {
  it('writes one line per call at info, failed calls only at error', async () => {
    const lines: string[] = [];
    const node = await startLocalNode({
      accounts: 1,
      logLevel: 'info',
      logWrite: (line) => lines.push(line),
    });
    running.push(node);
    await fetch(node.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://a.test' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'starknet_chainId' },
        { jsonrpc: '2.0', id: 2, method: 'starknet_nope' },
      ]),
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z starknet_chainId ok [\d.]+ ms \(origin http:\/\/a\.test\)\n$/u,
    );
    expect(lines[1]).toMatch(/ starknet_nope error -32601 Method not found /u);

    const errors: string[] = [];
    const quiet = await startLocalNode({
      accounts: 1,
      logLevel: 'error',
      logWrite: (line) => errors.push(line),
    });
    running.push(quiet);
    await call(quiet, 'starknet_chainId');
    await call(quiet, 'starknet_getNonce', {
      block_id: 'latest',
      contract_address: '0x999',
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      'starknet_getNonce error 20 Contract not found',
    );
  });
});

describe('the command line', () => {
  it('takes --dump-on and --log-level, and names a wrong value', () => {
    expect(
      parseArgs([
        '--dump-on',
        'block',
        '--dump-path',
        'x.json',
        '--log-level',
        'error',
      ]),
    ).toStrictEqual({
      port: 5050,
      logLevel: 'error',
      dumpOn: 'block',
      dumpPath: 'x.json',
    });
    expect(() => parseArgs(['--dump-on', 'never'])).toThrow(
      '--dump-on expects "exit", "block" or "request"',
    );
    expect(() => parseArgs(['--log-level', 'loud'])).toThrow(
      '--log-level expects silent, error, info',
    );
  });
});
