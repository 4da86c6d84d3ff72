/* eslint-disable n/no-process-env, n/no-unsupported-features/node-builtins -- npm start reads its settings from the environment; Node 20's fetch */
import { spawn } from 'child_process';
import type { ChildProcess } from 'child_process';
import { randomUUID } from 'crypto';
import { readdir, readFile } from 'fs/promises';
import { createServer } from 'net';
import type { Server } from 'net';
import { resolve } from 'path';

const root = resolve(__dirname, '../..');

/** The variable that marks every process of one run: children inherit it. */
const MARK_VARIABLE = 'SNAPNET_START_TEST_RUN';

/** How long a run's processes may take to go once it was told to stop. */
const GONE_LIMIT_MS = 20_000;

export type StartPorts = { node: number; snap: number; site: number };

export type StartRun = {
  /** The process the test started: `npm` or the script itself. */
  child: ChildProcess;
  /** Its mark (see MARK_VARIABLE). */
  mark: string;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output: () => string;
  /** Settles when the started process exits: its code, or its signal. */
  exited: Promise<number | NodeJS.Signals>;
  /**
   * Settles once the output holds `text`; fails if the process exits first.
   *
   * @param text - What to wait for.
   */
  waitFor: (text: string) => Promise<void>;
};

export type RunOptions = {
  /** `npm`: `npm start -- <args>`, as a developer types it; `script`: the script itself. */
  via: 'npm' | 'script';
  args: string[];
  ports: StartPorts;
  /** START_BUILD_DIR. */
  buildDir: string;
  /** More environment. */
  env?: Record<string, string>;
};

/**
 * The environment without the `SNAP_*` variables of the one running the
 * tests (the build takes them in), with the run's ports, folder and mark.
 *
 * @param options - The run.
 * @param mark - Its mark.
 * @returns The environment.
 */
function runEnvironment(options: RunOptions, mark: string): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SNAP_')),
  );
  return {
    ...inherited,
    LOCAL_NODE_PORT: String(options.ports.node),
    SNAP_SERVER_PORT: String(options.ports.snap),
    SITE_PORT: String(options.ports.site),
    START_BUILD_DIR: options.buildDir,
    [MARK_VARIABLE]: mark,
    ...options.env,
  };
}

/**
 * Starts `npm start` (or its script) in a process group of its own, as a
 * terminal would run it in the foreground.
 *
 * @param options - How.
 * @returns The run.
 */
export function runStart(options: RunOptions): StartRun {
  const mark = randomUUID();
  const [command, args] =
    options.via === 'npm'
      ? ['npm', ['start', '--', ...options.args]]
      : [
          process.execPath,
          ['--import', 'tsx', 'scripts/start.ts', ...options.args],
        ];
  const child = spawn(command, args, {
    cwd: root,
    env: runEnvironment(options, mark),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  const waiters: (() => void)[] = [];
  const take = (chunk: Buffer): void => {
    printed += chunk.toString('utf8');
    waiters.forEach((waiter) => waiter());
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | NodeJS.Signals>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit(signal ?? code ?? -1));
  });
  const waitFor = async (text: string): Promise<void> =>
    new Promise((resolveWait, rejectWait) => {
      const check = (): void => {
        if (printed.includes(text)) {
          resolveWait();
        }
      };
      waiters.push(check);
      check();
      exited
        .then((how) =>
          rejectWait(
            new Error(
              `npm start ended (${how}) before printing "${text}":\n${printed}`,
            ),
          ),
        )
        .catch(rejectWait);
    });
  return { child, mark, output: () => printed, exited, waitFor };
}

/**
 * The processes that carry a run's mark: the run's own and every descendant,
 * even one that left the group or lost its parent.
 *
 * @param mark - The run's mark.
 * @returns Each one's pid and command line.
 */
export async function markedProcesses(mark: string): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/u.test(name));
  const found: string[] = [];
  for (const pid of pids) {
    // A process that ended meanwhile, or one of another user: not ours.
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(
      () => '',
    );
    if (environ.split('\0').includes(`${MARK_VARIABLE}=${mark}`)) {
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(
        () => '',
      );
      found.push(`${pid} ${command.split('\0').join(' ').trim()}`);
    }
  }
  return found;
}

/**
 * Waits until no process of the run is left, for at most GONE_LIMIT_MS.
 *
 * @param mark - The run's mark.
 * @returns Those still there at the limit (none when all went).
 */
export async function processesLeft(mark: string): Promise<string[]> {
  const deadline = Date.now() + GONE_LIMIT_MS;
  let left = await markedProcesses(mark);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    left = await markedProcesses(mark);
  }
  return left;
}

/**
 * Ends whatever is left of a run (a failed test must not leave it running).
 *
 * @param mark - The run's mark.
 */
export async function killRun(mark: string): Promise<void> {
  for (const line of await markedProcesses(mark)) {
    try {
      process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
}

/**
 * Listens on a loopback port, as another program holding it would.
 *
 * @param port - The port; 0 for any.
 * @returns The server.
 */
export async function holdPort(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, '127.0.0.1', resolveListen);
  });
  return server;
}

/**
 * Stops holding a port.
 *
 * @param server - The server holding it.
 */
export async function releasePort(server: Server): Promise<void> {
  await new Promise((resolveClose) => server.close(resolveClose));
}

/**
 * Three distinct loopback ports free right now.
 *
 * @returns The ports.
 */
export async function freeStartPorts(): Promise<StartPorts> {
  const servers = await Promise.all([holdPort(0), holdPort(0), holdPort(0)]);
  const [node, snap, site] = servers.map((server) => {
    const address = server.address();
    if (address === null || typeof address === 'string') {
      throw new Error('no free port');
    }
    return address.port;
  });
  await Promise.all(servers.map(releasePort));
  if (node === undefined || snap === undefined || site === undefined) {
    throw new Error('no free ports');
  }
  return { node, snap, site };
}

/**
 * Which of the ports something listens on at 127.0.0.1: none once a run
 * has freed them.
 *
 * @param ports - The ports.
 * @returns The taken ones.
 */
export async function takenPorts(ports: StartPorts): Promise<number[]> {
  const taken: number[] = [];
  for (const port of [ports.node, ports.snap, ports.site]) {
    const server = await holdPort(port).catch(() => undefined);
    if (server) {
      await releasePort(server);
    } else {
      taken.push(port);
    }
  }
  return taken;
}

/**
 * The local addresses of the listening TCP sockets on these ports, from
 * /proc/net/tcp and tcp6 (e.g. `127.0.0.1:5050`): where each part listens.
 *
 * @param ports - The ports.
 * @returns The addresses.
 */
export async function listeningAddresses(ports: number[]): Promise<string[]> {
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8')).split('\n').slice(1);
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/u);
      const [hexAddress, hexPort] = (local ?? '').split(':');
      // 0A: LISTEN.
      if (state !== '0A' || !hexAddress || !hexPort) {
        continue;
      }
      const port = parseInt(hexPort, 16);
      if (ports.includes(port)) {
        addresses.push(`${readAddress(hexAddress)}:${port}`);
      }
    }
  }
  return addresses.sort();
}

/**
 * An address as /proc/net prints it (little-endian hex words), readable.
 *
 * @param printed - The address.
 * @returns 127.0.0.1 for IPv4 loopback, `::1`, `0.0.0.0`, `::`, or the hex.
 */
function readAddress(printed: string): string {
  const known: Record<string, string> = {
    '0100007F': '127.0.0.1',
    '00000000': '0.0.0.0',
    '00000000000000000000000001000000': '::1',
    '00000000000000000000000000000000': '::',
  };
  return known[printed] ?? printed;
}

/**
 * The JSON-RPC body of the banner's `devnet_mint` line, for an address.
 *
 * @param banner - What npm start printed.
 * @param placeholder - What stands for the address in the line.
 * @param address - The address to fund.
 * @returns The body, as the line would send it.
 */
export function mintBody(
  banner: string,
  placeholder: string,
  address: string,
): string {
  const body = /curl -s \S+ .*-d '([^']+)'/u.exec(banner)?.[1];
  if (!body?.includes('devnet_mint') || !body.includes(placeholder)) {
    throw new Error(`no devnet_mint line in the banner:\n${banner}`);
  }
  return body.replace(placeholder, address);
}

/**
 * One JSON-RPC call over HTTP.
 *
 * @param url - The node.
 * @param body - The request.
 * @returns The answer.
 */
export async function post(url: string, body: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  return response.json();
}
