import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import { RpcError } from './base/errors';
import {
  DEFAULT_GAS_PRICES,
  isGasPrice,
  isGasPriceField,
  withGasPrices,
} from './chain/gas-prices';
import type { GasPriceField } from './chain/gas-prices';
import type { PredeployedAccount } from './chain/genesis';
import { GENESIS_VALIDATORS } from './chain/staking-genesis';
import type { GasPrices } from './chain/types';
import { avnuExchangeAddressOf } from './contracts/avnu-exchange-protocol';
import {
  DEFAULT_LIQUID_WITHDRAWAL_WAIT,
  endurAddressesOf,
  MAX_LIQUID_WITHDRAWAL_WAIT,
} from './contracts/endur-protocol';
import {
  DEFAULT_EXIT_WAIT_WINDOW,
  MAX_EXIT_WAIT_WINDOW,
  stakingAddressOf,
} from './contracts/staking-protocol';
import { DumpDirectory } from './methods/dump-files';
import type { DevSettings } from './methods/types';
import type { PaymasterDialect } from './paymaster/dialect';
import { LOCAL_PAYMASTER_API_KEY, parseDialect } from './paymaster/dialect';
import { Dispatcher } from './server/jsonrpc';
import { OriginPolicy } from './server/origin';
import type { LogLevel } from './server/request-log';
import { requestLog } from './server/request-log';
import { startServer } from './server/server';
import { createStorageHandler } from './storage/http';
import { createSwapHandler } from './swap/http';

export type LocalNodeOptions = {
  host?: string;
  /** 0 (the default) picks a random free port. */
  port?: number;
  seed?: number;
  accounts?: number;
  /** Hex chain id, or a short name such as SN_SEPOLIA / SN_MAIN. */
  chainId?: string;
  /** JSON-RPC only under /v3/<apiKey>; with apiKeySecret, content storage needs basic auth. */
  apiKey?: string;
  /** With apiKey: the content-storage API requires basic auth apiKey:apiKeySecret. */
  apiKeySecret?: string;
  blockGeneration?: 'transaction' | 'demand';
  initialBalance?: bigint;
  /**
   * Unix time (seconds) of the genesis block, as starknet-devnet's
   * `--start-time`: later blocks follow from it as real time passes.
   * Default: now.
   */
  startTime?: number;
  /**
   * The staking contract's exit wait (`exit_wait_window`): seconds between
   * a delegator's exit intent and the withdrawal it allows, from 0 to 12
   * weeks. Default: 300, Sepolia's (Mainnet waits 7 days).
   */
  exitWaitWindow?: number;
  /**
   * The liquid staking queue's wait (Endur's `claim_time`): seconds between
   * an xSTRK redeem and the claim of its STRK, from 0 to 12 weeks. Default:
   * 7 days, the wait Endur's app tells its users.
   */
  liquidWithdrawalWait?: number;
  /**
   * The gas prices the chain starts with, per unit of gas, by
   * starknet-devnet's names (`gas_price_wei` is its `--gas-price`,
   * `gas_price_fri` its `--gas-price-fri`, and so on for `data_gas_price_*`
   * and `l2_gas_price_*`): each from 1 to 2^128 − 1, default 1 gwei (10^9).
   */
  gasPrices?: Partial<Record<GasPriceField, bigint>>;
  /**
   * Web origins (`http://localhost:8000`, `*` for any) allowed to call the
   * methods that touch files (devnet_dump, devnet_load). Default: none — a
   * request with an Origin header (a web page) is refused them.
   */
  allowedOrigins?: string[];
  /**
   * How the SNIP-29 paymaster answers: `avnu` (the default), as AVNU's
   * service does, or `snip29`, as SNIP-29's document reads
   * (src/paymaster/dialect.ts).
   */
  paymasterDialect?: PaymasterDialect;
  /**
   * The `x-paymaster-api-key` the paymaster takes for sponsored requests in
   * the avnu dialect. Default: LOCAL_PAYMASTER_API_KEY.
   */
  paymasterApiKey?: string;
  /**
   * The only directory dump files are read from and written to. Default: the
   * directory of `dumpPath`, else the current directory.
   */
  dumpDir?: string;
  /**
   * The dump file (relative to `dumpDir`): devnet_dump's default path, and
   * the state the node starts from when the file exists.
   */
  dumpPath?: string;
  /**
   * When the node writes `dumpPath` by itself: `exit` (on stop), `block`
   * (after every new block), `request` (only when devnet_dump asks).
   */
  dumpOn?: 'exit' | 'block' | 'request';
  /**
   * The most requests one JSON-RPC batch may hold, as real nodes cap it
   * (Pathfinder's `--rpc.batch-size-limit`, default 100; Juno's
   * `rpc-max-batch-size`, default 1000): a longer batch is refused whole
   * with Pathfinder's answer, one `-32700 Parse error` with id null. Default:
   * no limit.
   */
  batchSizeLimit?: number;
  /** One line per JSON-RPC call: `info` all, `error` failed ones; default `silent`. */
  logLevel?: LogLevel;
  /** Where log lines go (default: standard output). */
  logWrite?: (line: string) => void;
};

export type LocalNode = {
  url: string;
  /** The content-storage base, seed 000's `{storage_url}`: `POST {storageUrl}/api/v0/add`, `cat`, `object/get`. */
  storageUrl: string;
  port: number;
  accounts: PredeployedAccount[];
  /** The staking contract the node emulates (the network's address), with its exit wait. */
  staking: { contract: string; exitWaitWindow: number; validators: number };
  /**
   * AVNU's exchange the node emulates (the network's address) and the base
   * of its swap API (`{apiUrl}/swap/v3/quotes`, `{apiUrl}/swap/v3/build`):
   * the node's origin.
   */
  swap: { exchange: string; apiUrl: string };
  /**
   * Endur's liquid staking the node emulates (the network's addresses): the
   * xSTRK vault, its withdrawal queue, and the queue's wait in seconds.
   */
  liquid: { vault: string; queue: string; withdrawalWait: number };
  stop(): Promise<void>;
  /** JSON-RPC calls served (each call of a batch counts), by method or all. */
  requestCount(method?: string): number;
  /** Request bodies served: one per HTTP post or WebSocket message. */
  roundTripCount(): number;
  resetRequestCount(): void;
};

export const DEFAULT_SEED = 0;
export const DEFAULT_ACCOUNTS = 10;
export const DEFAULT_BALANCE = 10n ** 21n;

/**
 * Normalises a chain id: hex passes through, a name is encoded as a short string.
 *
 * @param chainId - The chain id or name.
 * @returns The hex chain id.
 */
export function normalizeChainId(chainId: string): string {
  if (/^0x[0-9a-fA-F]+$/u.test(chainId)) {
    return `0x${BigInt(chainId).toString(16)}`;
  }
  if (!/^[\x20-\x7e]{1,31}$/u.test(chainId)) {
    throw new Error(`invalid chain id: ${chainId}`);
  }
  return `0x${Buffer.from(chainId, 'ascii').toString('hex')}`;
}

/**
 * The gas prices the chain starts with: those given (checked), 1 gwei for
 * the rest.
 *
 * @param given - The prices given, by starknet-devnet's names.
 * @returns Every price.
 */
function initialGasPrices(
  given: Partial<Record<GasPriceField, bigint>>,
): GasPrices {
  for (const [name, price] of Object.entries(given)) {
    if (!isGasPriceField(name)) {
      throw new Error(`gasPrices: unknown price ${name}`);
    }
    if (price === undefined || !isGasPrice(price)) {
      throw new Error(`gasPrices.${name} must be from 1 to 2^128 - 1`);
    }
  }
  return withGasPrices(DEFAULT_GAS_PRICES, given);
}

/**
 * The start time, checked: whole seconds a block timestamp (a u64) holds.
 *
 * @param startTime - The option.
 * @returns It, or undefined for now.
 */
function checkedStartTime(startTime: number | undefined): number | undefined {
  if (
    startTime !== undefined &&
    (!Number.isSafeInteger(startTime) || startTime < 0)
  ) {
    throw new Error(
      `startTime must be whole seconds since 1970, not ${startTime}`,
    );
  }
  return startTime;
}

/**
 * The exit wait, checked: whole seconds, at most the contracts' bound.
 *
 * @param seconds - The option.
 * @returns It, or the default.
 */
function checkedExitWaitWindow(seconds: number | undefined): number {
  if (seconds === undefined) {
    return DEFAULT_EXIT_WAIT_WINDOW;
  }
  if (
    !Number.isSafeInteger(seconds) ||
    seconds < 0 ||
    seconds > MAX_EXIT_WAIT_WINDOW
  ) {
    throw new Error(
      `exitWaitWindow must be whole seconds from 0 to ${MAX_EXIT_WAIT_WINDOW}, not ${seconds}`,
    );
  }
  return seconds;
}

/**
 * The liquid staking queue's wait, checked: whole seconds, at most 12 weeks.
 *
 * @param seconds - The option.
 * @returns It, or the default.
 */
function checkedLiquidWithdrawalWait(seconds: number | undefined): number {
  if (seconds === undefined) {
    return DEFAULT_LIQUID_WITHDRAWAL_WAIT;
  }
  if (
    !Number.isSafeInteger(seconds) ||
    seconds < 0 ||
    seconds > MAX_LIQUID_WITHDRAWAL_WAIT
  ) {
    throw new Error(
      `liquidWithdrawalWait must be whole seconds from 0 to ${MAX_LIQUID_WITHDRAWAL_WAIT}, not ${seconds}`,
    );
  }
  return seconds;
}

/**
 * The batch size limit, checked: a whole number of requests, at least one.
 *
 * @param limit - The option.
 * @returns It, or undefined for no limit.
 */
function checkedBatchSizeLimit(limit: number | undefined): number | undefined {
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) {
    throw new Error(
      `batchSizeLimit must be a whole number from 1, not ${limit}`,
    );
  }
  return limit;
}

/**
 * The dump directory and file from the options; the file must lie inside the
 * directory.
 *
 * @param options - Node options.
 * @returns The settings.
 */
function devSettings(options: LocalNodeOptions): DevSettings {
  const dumpDirectory = new DumpDirectory(
    options.dumpDir ??
      (options.dumpPath === undefined
        ? process.cwd()
        : dirname(resolve(options.dumpPath))),
  );
  let dumpPath: string | undefined;
  if (options.dumpPath !== undefined) {
    try {
      dumpPath = dumpDirectory.resolve(
        options.dumpDir === undefined
          ? resolve(options.dumpPath)
          : options.dumpPath,
        'dumpPath',
      );
    } catch (error) {
      throw new Error(
        `dump path ${options.dumpPath}: ${String(error instanceof RpcError ? error.data : error)}`,
      );
    }
  }
  if (options.dumpOn !== undefined && dumpPath === undefined) {
    throw new Error(`dumpOn ${options.dumpOn} needs dumpPath`);
  }
  return {
    dumpDirectory,
    dumpPath,
    dumpOn: options.dumpOn,
    allowedOrigins: [...(options.allowedOrigins ?? [])],
    server: { host: options.host ?? '127.0.0.1', port: options.port ?? 0 },
    paymaster: {
      dialect: parseDialect(options.paymasterDialect ?? 'avnu'),
      apiKey: options.paymasterApiKey ?? LOCAL_PAYMASTER_API_KEY,
    },
    batchSizeLimit: checkedBatchSizeLimit(options.batchSizeLimit),
  };
}

const padded = (address: bigint): string =>
  `0x${address.toString(16).padStart(64, '0')}`;

/**
 * Starts a local Starknet node serving JSON-RPC 0.10.2 over HTTP and WebSocket.
 *
 * @param options - Node options.
 * @returns The running node.
 */
export async function startLocalNode(
  options: LocalNodeOptions = {},
): Promise<LocalNode> {
  const host = options.host ?? '127.0.0.1';
  if (options.apiKeySecret !== undefined && options.apiKey === undefined) {
    throw new Error('apiKeySecret needs apiKey');
  }
  const settings = devSettings(options);
  const dispatcher = new Dispatcher(
    {
      chainId: normalizeChainId(options.chainId ?? 'SN_SEPOLIA'),
      seed: options.seed ?? DEFAULT_SEED,
      accounts: options.accounts ?? DEFAULT_ACCOUNTS,
      blockGeneration: options.blockGeneration ?? 'transaction',
      initialBalance: options.initialBalance ?? DEFAULT_BALANCE,
      startTime: checkedStartTime(options.startTime),
      gasPrices: initialGasPrices(options.gasPrices ?? {}),
      exitWaitWindow: checkedExitWaitWindow(options.exitWaitWindow),
      liquidWithdrawalWait: checkedLiquidWithdrawalWait(
        options.liquidWithdrawalWait,
      ),
    },
    settings,
    new OriginPolicy(options.allowedOrigins),
    requestLog(
      options.logLevel ?? 'silent',
      options.logWrite ??
        ((line): void => {
          process.stdout.write(line);
        }),
    ),
  );
  // eslint-disable-next-line n/no-sync -- once, at start
  if (settings.dumpPath !== undefined && existsSync(settings.dumpPath)) {
    const loaded = await dispatcher.handleValue({
      jsonrpc: '2.0',
      id: 0,
      method: 'devnet_load',
      params: { path: settings.dumpPath },
    });
    if (loaded && 'error' in loaded) {
      throw new Error(
        `cannot load ${settings.dumpPath}: ${JSON.stringify(loaded.error)}`,
      );
    }
    dispatcher.resetRequestCount();
  }
  const server = await startServer({
    host,
    port: options.port ?? 0,
    apiKey: options.apiKey,
    dispatcher,
    storage: createStorageHandler({
      credentials:
        options.apiKey === undefined || options.apiKeySecret === undefined
          ? undefined
          : { key: options.apiKey, secret: options.apiKeySecret },
      chain: () => dispatcher.node,
    }),
    swap: createSwapHandler({ chain: () => dispatcher.node }),
  });
  settings.server.port = server.port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const path = options.apiKey === undefined ? '/rpc' : `/v3/${options.apiKey}`;
  return {
    url: `http://${urlHost}:${server.port}${path}`,
    storageUrl: `http://${urlHost}:${server.port}`,
    port: server.port,
    accounts: dispatcher.node.accounts.map((account) => ({ ...account })),
    staking: {
      contract: `0x${stakingAddressOf(dispatcher.node.options.chainId)
        .toString(16)
        .padStart(64, '0')}`,
      exitWaitWindow: dispatcher.node.options.exitWaitWindow,
      validators: GENESIS_VALIDATORS.length,
    },
    swap: {
      exchange: `0x${avnuExchangeAddressOf(dispatcher.node.options.chainId)
        .toString(16)
        .padStart(64, '0')}`,
      apiUrl: `http://${urlHost}:${server.port}`,
    },
    liquid: {
      vault: padded(endurAddressesOf(dispatcher.node.options.chainId).vault),
      queue: padded(endurAddressesOf(dispatcher.node.options.chainId).queue),
      withdrawalWait: dispatcher.node.options.liquidWithdrawalWait,
    },
    stop: async (): Promise<void> => {
      try {
        dispatcher.dumpOnExit();
      } finally {
        await server.close();
      }
    },
    requestCount: (method) => dispatcher.requestCount(method),
    roundTripCount: () => dispatcher.roundTripCount(),
    resetRequestCount: () => dispatcher.resetRequestCount(),
  };
}

export type { PaymasterEndpoint } from './paymaster/endpoint';
export { rpcPaymasterEndpoint } from './paymaster/endpoint';
export type { PaymasterDialect } from './paymaster/dialect';
export { LOCAL_PAYMASTER_API_KEY } from './paymaster/dialect';
export type { RpcPaymasterOptions } from './paymaster/rpc-chain';
