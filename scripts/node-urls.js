/**
 * The node URLs the build gives the snap's built-in networks: keyless public
 * endpoints by default, so the package installed from npm reaches Starknet
 * with no configuration; the build's variables replace or precede them.
 * Plain CommonJS: snap.config.ts loads it (the snaps CLI compiles the config
 * file alone), and the unit tests read it too.
 *
 * Each list is tried in order, one endpoint after another when one fails
 * (src/node/client.ts); the snap checks every endpoint's chain id and
 * `starknet_specVersion` (0.10.x) on its first use, so an endpoint that has
 * moved to another spec version is skipped, never trusted.
 *
 * Sources, read 2026-11 (this machine reaches none of the endpoints; the
 * paths name the spec version they serve, and a provider's unversioned
 * path changes version when it upgrades, so none is used):
 * - Zan, `/rpc/v0_10`: starknet.js 10.8's own default nodes
 *   (`RPC_DEFAULT_NODES` in src/global/constants.ts, plus `v0_10` from
 *   `getDefaultNodes`), and its provider guide
 *   (www/docs/guides/provider_instance.md, "verified 22/jun/2026"): public
 *   URLs for v0_8, v0_9 and v0_10 on Mainnet and Sepolia, 15 calls/s.
 * - Cartridge, `/rpc/v0_10`: docs.cartridge.gg/slot/rpc names
 *   api.cartridge.gg/x/starknet/{mainnet,sepolia}; a project's endpoint
 *   notes (September 2026) record `/rpc/v0_10` answering spec 0.10.2 on
 *   both without a key, its unversioned path 0.9. Its docs also speak of
 *   tokens and whitelisted domains, so it comes after Zan.
 * - Lava, `/rpc/v0_10` (Mainnet only): docs.starknet.io's ecosystem page
 *   lists Lava's open endpoints and its `/rpc/vX_Y` suffix; the starknet.js
 *   guide listed v0_8/v0_9 in June 2026 and later projects send 0.10
 *   transactions through this path. Lava's Sepolia endpoint is
 *   discontinued (starknet.js guide), so Sepolia has none from Lava.
 * Left out: Blast (shut down), Nethermind's free RPC (gone), Infura and
 * Alchemy (keys only), dRPC and PublicNode (no documented 0.10 path).
 */
const PUBLIC_NODES = {
  mainnet: [
    'https://api.zan.top/public/starknet-mainnet/rpc/v0_10',
    'https://api.cartridge.gg/x/starknet/mainnet/rpc/v0_10',
    'https://rpc.starknet.lava.build/rpc/v0_10',
  ],
  testnet: [
    'https://api.zan.top/public/starknet-sepolia/rpc/v0_10',
    'https://api.cartridge.gg/x/starknet/sepolia/rpc/v0_10',
  ],
};

/** The keyed node `SNAP_RPC_API_KEY` adds in front of the public ones. */
const KEYED_NODES = {
  mainnet: (key) => `https://starknet-mainnet.infura.io/v3/${key}`,
  testnet: (key) => `https://starknet-sepolia.infura.io/v3/${key}`,
};

/** The variable that replaces each network's list. */
const URL_VARIABLES = {
  mainnet: 'SNAP_MAINNET_RPC_URL',
  testnet: 'SNAP_TESTNET_RPC_URL',
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a configured URL cannot be a node's: not an http(s) URL, credentials
 * in it, or plain http off this computer (the same rule as a network added
 * at runtime, src/methods/structs.ts).
 *
 * @param {string} text - The URL.
 * @returns {string | undefined} The problem, or undefined when it is fine.
 */
function urlProblem(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL';
  }
  if (url.username !== '' || url.password !== '') {
    return 'has a user name or password (put an API key in the path)';
  }
  if (url.protocol === 'https:') {
    return undefined;
  }
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
    ? undefined
    : 'must be https (plain http only on localhost)';
}

/**
 * Reads a variable's list of node URLs: one URL, or several separated by
 * commas (spaces around them allowed), in the order they are tried. A comma
 * inside a URL must be written `%2C`. An empty list, an empty entry, a
 * repeated URL or one that cannot be a node's stops the build.
 *
 * @param {string} text - The variable's value.
 * @param {string} variable - Its name, for the error.
 * @returns {string[]} The URLs.
 */
function parseNodeUrls(text, variable) {
  if (text.trim() === '') {
    throw new Error(
      `${variable} is set but empty: unset it for the default public nodes, or give one or more URLs separated by commas`,
    );
  }
  const urls = text.split(',').map((entry) => entry.trim());
  urls.forEach((url, index) => {
    if (url === '') {
      throw new Error(
        `${variable}: entry ${index + 1} of ${urls.length} is empty (a stray comma?)`,
      );
    }
    const problem = urlProblem(url);
    if (problem) {
      throw new Error(`${variable}: ${url} ${problem}`);
    }
    if (urls.indexOf(url) !== index) {
      throw new Error(`${variable}: ${url} is listed twice`);
    }
  });
  return urls;
}

/**
 * The node URLs of both built-in networks for a build's environment: the
 * network's variable when set (it replaces the defaults), otherwise the
 * keyed node of `SNAP_RPC_API_KEY` when set, then the public nodes. A
 * variable set but empty, an empty key, or a key that no network would use
 * stops the build with an error naming the variable.
 *
 * @param {Record<string, string | undefined>} env - The environment.
 * @returns {{ mainnet: string[], testnet: string[] }} The lists, in order.
 */
function nodeUrlsFromEnvironment(env) {
  const key = env.SNAP_RPC_API_KEY;
  if (key?.trim() === '') {
    throw new Error(
      'SNAP_RPC_API_KEY is set but empty: unset it for the public nodes alone, or give the key',
    );
  }
  const networks = /** @type {const} */ (['mainnet', 'testnet']);
  if (
    key !== undefined &&
    networks.every((network) => env[URL_VARIABLES[network]] !== undefined)
  ) {
    throw new Error(
      'SNAP_RPC_API_KEY is set but unused: SNAP_MAINNET_RPC_URL and SNAP_TESTNET_RPC_URL replace every default node',
    );
  }
  const listOf = (network) => {
    const variable = URL_VARIABLES[network];
    const configured = env[variable];
    if (configured !== undefined) {
      return parseNodeUrls(configured, variable);
    }
    const keyed =
      key === undefined
        ? []
        : parseNodeUrls(
            KEYED_NODES[network](encodeURIComponent(key.trim())),
            'SNAP_RPC_API_KEY',
          );
    return [...keyed, ...PUBLIC_NODES[network]];
  };
  return { mainnet: listOf('mainnet'), testnet: listOf('testnet') };
}

module.exports = {
  PUBLIC_NODES,
  parseNodeUrls,
  nodeUrlsFromEnvironment,
};
