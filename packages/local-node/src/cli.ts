/* eslint-disable n/no-process-exit -- a command-line entry point */
import { startLocalNode } from '.';
import type { LocalNodeOptions } from '.';
import { isGasPrice } from './chain/gas-prices';
import { parseDialect } from './paymaster/dialect';
import type { LogLevel } from './server/request-log';
import { LOG_LEVELS } from './server/request-log';

const isLogLevel = (value: string): value is LogLevel =>
  LOG_LEVELS.some((level) => level === value);

/** starknet-devnet's price flags and the prices they set. */
const GAS_PRICE_FLAGS = {
  '--gas-price': 'gas_price_wei',
  '--gas-price-fri': 'gas_price_fri',
  '--data-gas-price': 'data_gas_price_wei',
  '--data-gas-price-fri': 'data_gas_price_fri',
  '--l2-gas-price': 'l2_gas_price_wei',
  '--l2-gas-price-fri': 'l2_gas_price_fri',
} as const;

const HELP = `Usage: local-node [options]

  --host <host>                 Address to listen on (default 127.0.0.1)
  --port <port>                 Port (default 5050; 0 = random)
  --seed <n>                    Seed for the predeployed accounts (default 0)
  --accounts <n>                Number of predeployed accounts (default 10)
  --chain-id <id>               SN_SEPOLIA (default), SN_MAIN, or a hex chain id
  --api-key <key>               Only /v3/<key> (and /ws/v3/<key>) are authorised
  --api-key-secret <secret>     With --api-key: content storage (/api/v0) needs
                                basic auth <key>:<secret>
  --block-generation-on <mode>  "transaction" (default) or "demand"
  --paymaster-dialect <dialect> How the SNIP-29 paymaster answers: "avnu" (default,
                                as AVNU's service) or "snip29" (as SNIP-29 reads)
  --paymaster-api-key <key>     The x-paymaster-api-key sponsored requests need
                                (avnu dialect; default paymaster-local-key)
  --rpc-batch-size-limit <n>    Refuse a JSON-RPC batch of more than n requests
                                whole, as Pathfinder does (default: no limit)
  --initial-balance <amount>    STRK and ETH balance of each account (default 1e21)
  --start-time <seconds>        Unix time of the genesis block; the chain's clock
                                runs on from there (default: now)
  --exit-wait-window <seconds>  The staking contract's exit wait: seconds between
                                a delegator's exit intent and its withdrawal
                                (default 300, Sepolia's; Mainnet waits 604800)
  --liquid-withdrawal-wait <s>  Endur's xSTRK queue: seconds between a redeem and
                                the claim of its STRK (default 604800, 7 days)
  --gas-price <wei>             Starting price of L1 gas in wei (default 1e9);
  --gas-price-fri <fri>         likewise in fri, and --data-gas-price[-fri],
                                --l2-gas-price[-fri] for L1 data gas and L2 gas
  --dump-dir <dir>              The only directory devnet_dump and devnet_load may
                                use (default: that of --dump-path, else the
                                current directory)
  --dump-path <file>            devnet_dump's default file (inside --dump-dir);
                                the node starts from it when it exists
  --dump-on <when>              Also write --dump-path by itself: "exit" (on
                                SIGINT/SIGTERM), "block" (after every block) or
                                "request" (only when devnet_dump asks)
  --log-level <level>           "info" (default: one line per call), "error"
                                (failed calls only) or "silent"
  --allow-origin <origin>       A web page origin (e.g. http://localhost:8000, or
                                *) allowed to call devnet_dump and devnet_load;
                                repeatable. Without it, requests that carry an
                                Origin header (web pages) are refused them
  --help                        Show this help
`;

/**
 * Parses CLI flags into node options.
 *
 * @param argv - Arguments (without node and script).
 * @returns Options, or undefined when help was asked for.
 */
export function parseArgs(argv: string[]): LocalNodeOptions | undefined {
  const options: LocalNodeOptions = { port: 5050, logLevel: 'info' };
  const integerText = (flag: string, value: string): string => {
    if (!/^[0-9]+$/u.test(value)) {
      throw new Error(`${flag} expects a non-negative integer`);
    }
    return value;
  };
  const integer = (flag: string, value: string): number =>
    Number(integerText(flag, value));
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    if (flag === '--help' || flag === '-h') {
      return undefined;
    }
    const value = argv[i + 1];
    if (value === undefined) {
      throw new Error(`${flag} expects a value`);
    }
    i += 1;
    switch (flag) {
      case '--host':
        options.host = value;
        break;
      case '--port':
        options.port = integer(flag, value);
        break;
      case '--seed':
        options.seed = integer(flag, value);
        break;
      case '--accounts':
        options.accounts = integer(flag, value);
        break;
      case '--chain-id':
        options.chainId = value;
        break;
      case '--api-key':
        options.apiKey = value;
        break;
      case '--api-key-secret':
        options.apiKeySecret = value;
        break;
      case '--paymaster-dialect':
        options.paymasterDialect = parseDialect(value);
        break;
      case '--rpc-batch-size-limit':
        options.batchSizeLimit = integer(flag, value);
        break;
      case '--paymaster-api-key':
        options.paymasterApiKey = value;
        break;
      case '--block-generation-on':
        if (value !== 'transaction' && value !== 'demand') {
          throw new Error(
            '--block-generation-on expects "transaction" or "demand"',
          );
        }
        options.blockGeneration = value;
        break;
      case '--dump-dir':
        options.dumpDir = value;
        break;
      case '--dump-path':
        options.dumpPath = value;
        break;
      case '--dump-on':
        if (value !== 'exit' && value !== 'block' && value !== 'request') {
          throw new Error('--dump-on expects "exit", "block" or "request"');
        }
        options.dumpOn = value;
        break;
      case '--log-level':
        if (!isLogLevel(value)) {
          throw new Error(`--log-level expects ${LOG_LEVELS.join(', ')}`);
        }
        options.logLevel = value;
        break;
      case '--allow-origin':
        options.allowedOrigins = [...(options.allowedOrigins ?? []), value];
        break;
      case '--gas-price':
      case '--gas-price-fri':
      case '--data-gas-price':
      case '--data-gas-price-fri':
      case '--l2-gas-price':
      case '--l2-gas-price-fri': {
        const price = BigInt(integerText(flag, value));
        if (!isGasPrice(price)) {
          throw new Error(`${flag} expects a price from 1 to 2^128 - 1`);
        }
        options.gasPrices = {
          ...options.gasPrices,
          [GAS_PRICE_FLAGS[flag]]: price,
        };
        break;
      }
      case '--start-time':
        options.startTime = integer(flag, value);
        break;
      case '--exit-wait-window':
        options.exitWaitWindow = integer(flag, value);
        break;
      case '--liquid-withdrawal-wait':
        options.liquidWithdrawalWait = integer(flag, value);
        break;
      case '--initial-balance':
        options.initialBalance = BigInt(integer(flag, value) === 0 ? 0 : value);
        break;
      default:
        throw new Error(`unknown flag: ${flag}`);
    }
  }
  return options;
}

/**
 * Runs the CLI: starts the node and prints its URL and accounts.
 *
 * @param argv - Arguments.
 */
export async function main(argv: string[]): Promise<void> {
  let options: LocalNodeOptions | undefined;
  try {
    options = parseArgs(argv);
  } catch (error) {
    process.stderr.write(
      `${String(error instanceof Error ? error.message : error)}\n\n${HELP}`,
    );
    process.exitCode = 2;
    return;
  }
  if (!options) {
    process.stdout.write(HELP);
    return;
  }
  const node = await startLocalNode(options);
  const lines = [
    `Local Starknet node (JSON-RPC 0.10.2) listening on ${node.url}`,
    `WebSocket: ${node.url
      .replace(/^http/u, 'ws')
      .replace(/\/(rpc|v3\/)/u, '/ws/v3/')
      .replace(/\/ws\/v3\/$/u, '/ws')}`,
    `Content storage (IPFS HTTP API subset): ${node.storageUrl}/api/v0${
      options.apiKeySecret === undefined ? '' : ' (basic auth <key>:<secret>)'
    }`,
    '',
    'Predeployed accounts (funded with STRK and ETH):',
  ];
  node.accounts.forEach((account, index) => {
    lines.push(
      `| Account #${index}`,
      `| Address:     ${account.address}`,
      `| Private key: ${account.privateKey}`,
      `| Public key:  ${account.publicKey}`,
      '',
    );
  });
  process.stdout.write(`${lines.join('\n')}\n`);
  const shutdown = (): void => {
    node
      .stop()
      .finally(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
}
