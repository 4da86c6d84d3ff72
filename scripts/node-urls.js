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
 * Each entry must serve spec 0.10 on its network, keyless, to a request
 * from any origin (a snap's requests come from MetaMask's sandbox, whose
 * origin no provider can whitelist). This machine reaches none of them;
 * the sources below were read 2026-11-25. Every path names the spec version
 * it serves (a provider's unversioned path changes version when it
 * upgrades). A provider that rate-limits (HTTP 429, or HTTP 200 with its
 * own JSON-RPC error such as Zan's `-32011`) is failed over, never read as
 * the chain's answer (src/node/rpcErrors.ts).
 * - Zan, `api.zan.top/public/starknet-{mainnet,sepolia}/rpc/v0_10`:
 *   starknet.js's provider guide (www/docs/guides/provider_instance.md,
 *   "verified 22/jun/2026": public URL, v0_8/v0_9/v0_10 on Mainnet and
 *   Sepolia; "limited to 15 calls per second, and has also monthly
 *   limitation") and starknet.js's own default nodes (`RPC_DEFAULT_NODES`
 *   in src/global/constants.ts, main of 2026-07-23), used from browsers.
 *   Its 15 calls/s are shared by every starknet.js default user; its rate
 *   limit answers `-32011 cu limit exceeded` (starknet.js PR #1651,
 *   2026-07-21).
 * - Nethermind, `free-rpc.nethermind.io/{mainnet,sepolia}-juno/v0_10`:
 *   starknet.js's WalletAccount guide (www/docs/guides/account/
 *   walletAccount.md, added 2026-07-01) uses the Sepolia URL as a dapp's
 *   front-end (browser) provider; the Mainnet URL is the same documented
 *   pattern, seen in 2026 projects' code but in no provider document read
 *   here. starknet.js's node table (22/jun/2026) does not list Nethermind,
 *   and its free RPC was announced as sunset in May 2025: if it is gone, the
 *   snap's failover passes it (and its chain id and spec checks refuse
 *   anything else answering there).
 * Left out: Cartridge (docs.cartridge.gg/slot/rpc: an API token, or browser
 * requests from whitelisted domains only), Lava (the starknet.js guide of
 * 22/jun/2026: public Mainnet node v0_8/v0_9 only, Sepolia discontinued),
 * Blast (shut down), Infura and Alchemy (keys only), dRPC and PublicNode
 * (no documented 0.10 path).
 */
const PUBLIC_NODES = {
  mainnet: [
    // https://github.com/starknet-io/starknet.js/blob/main/www/docs/guides/provider_instance.md
    // (verified 22/jun/2026; read 2026-11-25)
    'https://api.zan.top/public/starknet-mainnet/rpc/v0_10',
    // the Sepolia URL's pattern (below); no provider document confirms this
    // one (read 2026-11-25)
    'https://free-rpc.nethermind.io/mainnet-juno/v0_10',
  ],
  testnet: [
    // https://github.com/starknet-io/starknet.js/blob/main/www/docs/guides/provider_instance.md
    // (verified 22/jun/2026; read 2026-11-25)
    'https://api.zan.top/public/starknet-sepolia/rpc/v0_10',
    // https://github.com/starknet-io/starknet.js/blob/main/www/docs/guides/account/walletAccount.md
    // (added 2026-07-01; read 2026-11-25)
    'https://free-rpc.nethermind.io/sepolia-juno/v0_10',
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

/**
 * The public keyless SNIP-29 paymasters: starknet.js's defaults
 * (`PAYMASTER_RPC_NODES` in src/global/constants.ts, starknet.js 10.8.0),
 * AVNU's. Their `default` fee mode (a fee in a supported token) needs no
 * key; `sponsored` needs the dapp's API key, which the dapp brings.
 */
const PUBLIC_PAYMASTERS = {
  mainnet: 'https://starknet.paymaster.avnu.fi',
  testnet: 'https://sepolia.paymaster.avnu.fi',
};

const PAYMASTER_VARIABLES = {
  mainnet: 'SNAP_MAINNET_PAYMASTER_URL',
  testnet: 'SNAP_TESTNET_PAYMASTER_URL',
};

/**
 * AVNU's swap API (avnu-labs/avnu-sdk src/constants.ts: BASE_URL and
 * SEPOLIA_BASE_URL), whose `/swap/v3/quotes` and `/swap/v3/build` the
 * wallet's Swap view asks (src/swap/client.ts).
 */
const PUBLIC_SWAP_APIS = {
  mainnet: 'https://starknet.api.avnu.fi',
  testnet: 'https://sepolia.api.avnu.fi',
};

const SWAP_VARIABLES = {
  mainnet: 'SNAP_MAINNET_SWAP_URL',
  testnet: 'SNAP_TESTNET_SWAP_URL',
};

/**
 * One service's URL on both built-in networks for a build's environment:
 * the network's variable when set (one URL, checked like a node's; `none`
 * builds the network without it), the public one otherwise.
 *
 * @param {Record<string, string | undefined>} env - The build's environment.
 * @param {Record<string, string>} variables - Each network's variable.
 * @param {Record<string, string>} defaults - Each network's public URL.
 * @param {string} what - The service, for the error.
 * @returns {{ mainnet: string, testnet: string }} Each URL ('' for none).
 */
function serviceUrlsFromEnvironment(env, variables, defaults, what) {
  const urlOf = (network) => {
    const variable = variables[network];
    const configured = env[variable]?.trim();
    if (configured === undefined) {
      return defaults[network];
    }
    if (configured === 'none') {
      return '';
    }
    const problem = urlProblem(configured);
    if (configured === '' || problem) {
      throw new Error(
        `${variable}: ${configured || '(empty)'} ${problem ?? 'is not a URL'}: give one ${what} URL, or none`,
      );
    }
    return configured;
  };
  return { mainnet: urlOf('mainnet'), testnet: urlOf('testnet') };
}

/**
 * The paymaster of both built-in networks (see serviceUrlsFromEnvironment).
 *
 * @param {Record<string, string | undefined>} env - The build's environment.
 * @returns {{ mainnet: string, testnet: string }} Each URL ('' for none).
 */
function paymasterUrlsFromEnvironment(env) {
  return serviceUrlsFromEnvironment(
    env,
    PAYMASTER_VARIABLES,
    PUBLIC_PAYMASTERS,
    'paymaster',
  );
}

/**
 * The swap API of both built-in networks (see serviceUrlsFromEnvironment):
 * its base, without `/swap/v3`.
 *
 * @param {Record<string, string | undefined>} env - The build's environment.
 * @returns {{ mainnet: string, testnet: string }} Each URL ('' for none).
 */
function swapApiUrlsFromEnvironment(env) {
  return serviceUrlsFromEnvironment(
    env,
    SWAP_VARIABLES,
    PUBLIC_SWAP_APIS,
    'swap API',
  );
}

module.exports = {
  paymasterUrlsFromEnvironment,
  swapApiUrlsFromEnvironment,
  PUBLIC_NODES,
  parseNodeUrls,
  nodeUrlsFromEnvironment,
};
