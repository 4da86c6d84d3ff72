import { createServer } from 'net';

import { StartError } from './start-error';

/** The three ports `npm start` listens on, each moved by its variable. */
export type PortName = 'node' | 'snap' | 'site';

export type PortSetting = {
  name: PortName;
  /** The environment variable that moves it. */
  variable: string;
  /** What listens there, for messages. */
  what: string;
  port: number;
};

const DEFAULTS: Record<
  PortName,
  { variable: string; what: string; port: number }
> = {
  node: { variable: 'LOCAL_NODE_PORT', what: 'the Starknet node', port: 5050 },
  snap: { variable: 'SNAP_SERVER_PORT', what: 'the snap server', port: 8081 },
  site: { variable: 'SITE_PORT', what: 'the companion page', port: 8000 },
};

/**
 * Reads one port variable: its default when unset, 0 for any free port.
 *
 * @param name - Which port.
 * @param env - The environment.
 * @returns The setting.
 */
function readPort(
  name: PortName,
  env: Record<string, string | undefined>,
): PortSetting {
  const { variable, what, port } = DEFAULTS[name];
  const text = env[variable];
  if (text === undefined) {
    return { name, variable, what, port };
  }
  if (!/^\d{1,5}$/u.test(text) || Number(text) > 65535) {
    throw new StartError(
      `${variable} must be a port number (0–65535, 0 for any free port), not "${text}"`,
    );
  }
  return { name, variable, what, port: Number(text) };
}

/**
 * The ports of `npm start`, from the environment.
 *
 * @param env - The environment.
 * @returns Each port's setting.
 */
export function readPorts(
  env: Record<string, string | undefined>,
): Record<PortName, PortSetting> {
  return {
    node: readPort('node', env),
    snap: readPort('snap', env),
    site: readPort('site', env),
  };
}

/**
 * The code of a failed listen that is about the port (held by another
 * process, or privileged), if it is one.
 *
 * @param error - The error.
 * @returns `EADDRINUSE`, `EACCES`, or undefined.
 */
function portErrorCode(error: unknown): string | undefined {
  if (error instanceof Error && 'code' in error) {
    const { code } = error;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      return code;
    }
  }
  return undefined;
}

/**
 * The message for a port that cannot be listened on: which port, what it was
 * for, and the variable that moves it.
 *
 * @param setting - The port.
 * @param code - `EADDRINUSE` or `EACCES`.
 * @param avoid - Ports the example must not suggest (the other parts').
 * @returns The message.
 */
function portMessage(
  setting: PortSetting,
  code: string,
  avoid: number[] = [],
): string {
  let other = setting.port;
  do {
    other = other >= 65535 ? 1024 : other + 1;
  } while (avoid.includes(other));
  const problem =
    code === 'EACCES'
      ? 'needs privileges to listen on'
      : 'is in use: something else listens';
  return `Port ${setting.port} ${problem} on 127.0.0.1, where ${setting.what} should listen. Stop it, or move ${setting.what} with ${setting.variable}, e.g. ${setting.variable}=${other} npm start`;
}

/**
 * Why a port cannot be listened on at 127.0.0.1, found by listening there and
 * closing at once. A port held on every interface (0.0.0.0, ::) is taken here
 * too.
 *
 * @param port - The port.
 * @returns The error code, or undefined when the port is free.
 */
async function portProblem(port: number): Promise<string | undefined> {
  const server = createServer();
  const problem = await new Promise<string | undefined>((resolve, reject) => {
    server.once('error', (error) => {
      const code = portErrorCode(error);
      return code === undefined ? reject(error) : resolve(code);
    });
    server.listen({ port, host: '127.0.0.1' }, () => resolve(undefined));
  });
  if (problem === undefined) {
    await new Promise((resolve) => server.close(resolve));
  }
  return problem;
}

/**
 * Checks the ports before anything starts, and fails naming each one taken
 * with its variable (0, any free port, is never taken), or two set alike.
 *
 * @param settings - The ports.
 */
export async function checkPortsFree(settings: PortSetting[]): Promise<void> {
  for (const setting of settings) {
    const twin = settings.find(
      (other) => other !== setting && other.port === setting.port,
    );
    if (twin && setting.port !== 0) {
      throw new StartError(
        `${setting.variable} and ${twin.variable} are both ${setting.port}: give them different ports`,
      );
    }
  }
  const messages: string[] = [];
  for (const setting of settings) {
    const problem =
      setting.port === 0 ? undefined : await portProblem(setting.port);
    if (problem !== undefined) {
      messages.push(
        portMessage(
          setting,
          problem,
          settings.map(({ port }) => port),
        ),
      );
    }
  }
  if (messages.length > 0) {
    throw new StartError(messages.join('\n'));
  }
}

/**
 * Runs a listen step, turning a port error (something took the port after
 * the check) into the same message as the check's.
 *
 * @param setting - The port it listens on.
 * @param listen - The step.
 * @returns What the step returns.
 */
export async function listeningOn<Result>(
  setting: PortSetting,
  listen: () => Promise<Result>,
): Promise<Result> {
  try {
    return await listen();
  } catch (error) {
    const code = portErrorCode(error);
    throw code === undefined
      ? error
      : new StartError(portMessage(setting, code));
  }
}

/**
 * A port free on 127.0.0.1 right now, for a program that cannot be told
 * "any free port" and report which (starknet-devnet; the tests use it too).
 *
 * @returns The port.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') {
    throw new Error('no free port on 127.0.0.1');
  }
  return address.port;
}
