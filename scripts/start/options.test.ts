import { parseStartOptions } from './options';
import { checkPortsFree, readPorts } from './ports';

describe("npm start's command line", () => {
  it('is the local node and a build by default', () => {
    expect(parseStartOptions([])).toStrictEqual({
      node: { kind: 'local' },
      build: true,
      help: false,
    });
  });

  it('takes --devnet, --no-build, and --rpc-url with its URL apart or after =', () => {
    expect(parseStartOptions(['--devnet', '--no-build'])).toStrictEqual({
      node: { kind: 'devnet' },
      build: false,
      help: false,
    });
    for (const argv of [
      ['--rpc-url', 'http://127.0.0.1:5050/rpc'],
      ['--rpc-url=http://127.0.0.1:5050/rpc'],
    ]) {
      expect(parseStartOptions(argv).node).toStrictEqual({
        kind: 'existing',
        url: 'http://127.0.0.1:5050/rpc',
      });
    }
  });

  it('refuses what it cannot run, naming the option', () => {
    expect(() => parseStartOptions(['--devnet', '--rpc-url', 'x'])).toThrow(
      '--rpc-url',
    );
    expect(() =>
      parseStartOptions(['--devnet', '--rpc-url=http://127.0.0.1:1/rpc']),
    ).toThrow('--devnet and --rpc-url exclude each other');
    expect(() => parseStartOptions(['--rpc-url'])).toThrow(
      '--rpc-url needs the URL of a node',
    );
    expect(() =>
      parseStartOptions(['--rpc-url', 'http://example.com/rpc']),
    ).toThrow('--rpc-url');
    expect(() => parseStartOptions(['--port', '1'])).toThrow(
      'unknown option: --port',
    );
  });
});

describe("npm start's ports", () => {
  it('are 5050, 8081 and 8000 unless their variables say otherwise', () => {
    const ports = readPorts({ SNAP_SERVER_PORT: '0' });
    expect([ports.node.port, ports.snap.port, ports.site.port]).toStrictEqual([
      5050, 0, 8000,
    ]);
  });

  it('refuses a variable that is not a port, naming it', () => {
    for (const text of ['abc', '70000', '-1', '']) {
      expect(() => readPorts({ SITE_PORT: text })).toThrow(
        `SITE_PORT must be a port number (0–65535, 0 for any free port), not "${text}"`,
      );
    }
  });

  it('refuses two parts on one port, naming both variables', async () => {
    const ports = readPorts({ LOCAL_NODE_PORT: '7000', SITE_PORT: '7000' });
    await expect(
      checkPortsFree([ports.node, ports.snap, ports.site]),
    ).rejects.toThrow('LOCAL_NODE_PORT and SITE_PORT are both 7000');
  });
});
