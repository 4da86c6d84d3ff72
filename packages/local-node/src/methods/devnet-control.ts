import { parseAmount } from './amount';
import type { Params } from './params';
import { parseBlockId, parseIndex, required } from './params';
import type { MethodContext, MethodTable } from './types';
import { ETH_ADDRESS, STRK_ADDRESS } from '../base/constants';
import { RpcError, STARKNET_ERRORS, invalidParams } from '../base/errors';
import { parseFelt, toHex } from '../base/felt';
import { classKey } from '../base/state-store';
import {
  GAS_PRICE_FIELDS,
  isGasPrice,
  isGasPriceField,
  withGasPrices,
} from '../chain/gas-prices';
import type { GasPriceField } from '../chain/gas-prices';
import type { GasPrices } from '../chain/types';
import { balanceOf } from '../contracts/erc20';

/**
 * starknet-devnet's answer to a dev request it cannot carry out.
 *
 * @param message - What went wrong, in starknet-devnet's words.
 * @returns The error.
 */
const devnetError = (message: string): RpcError => new RpcError(-1, message);

/**
 * A JSON number when it is exact, else a decimal string.
 *
 * @param value - The value.
 * @returns The JSON value.
 */
const numberJson = (value: bigint): number | string =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();

/**
 * The prices as devnet_setGasPrice answers them.
 *
 * @param prices - The prices.
 * @returns JSON.
 */
function pricesJson(prices: GasPrices): Record<GasPriceField, number | string> {
  const entries = Object.entries(GAS_PRICE_FIELDS).map(
    ([field, [gas, unit]]) => [field, numberJson(prices[gas][unit])],
  );
  return Object.fromEntries(entries);
}

/**
 * Refuses parameters a method does not know (a typo would be ignored
 * silently otherwise), as starknet-devnet does.
 *
 * @param params - The params.
 * @param known - The names it takes.
 */
function refuseUnknown(params: Params, known: readonly string[]): void {
  const unknown = Object.keys(params).find((name) => !known.includes(name));
  if (unknown !== undefined) {
    throw invalidParams(
      `${unknown}: unknown parameter (expected one of ${known.join(', ')})`,
    );
  }
}

/**
 * The chain id as starknet-devnet shows it: its short-string name when it
 * has one.
 *
 * @param chainId - The hex chain id.
 * @returns The name, or the hex id.
 */
function chainName(chainId: string): string {
  const text = Buffer.from(chainId.slice(2), 'hex').toString('latin1');
  return /^[\x20-\x7e]+$/u.test(text) ? text : chainId;
}

/**
 * The first block devnet_abortBlocks removes: the pre-confirmed block is
 * closed first, as starknet-devnet does.
 *
 * @param params - The params.
 * @param ctx - The context.
 * @returns The block number.
 */
function firstAbortedBlock(params: Params, ctx: MethodContext): number {
  const id = parseBlockId(
    required(params, 'starting_block_id'),
    'starting_block_id',
  );
  const { chain } = ctx.node;
  if (
    ('tag' in id && id.tag === 'pre_confirmed') ||
    ('number' in id && id.number === chain.pending.number)
  ) {
    return chain.closeBlock().number;
  }
  let number: number;
  try {
    ({ number } = ctx.node.block(id));
  } catch (error) {
    if (
      error instanceof RpcError &&
      error.code === STARKNET_ERRORS.BLOCK_NOT_FOUND[0]
    ) {
      throw devnetError('No block found');
    }
    throw error;
  }
  if (number === 0) {
    throw devnetError("Genesis block can't be aborted");
  }
  return number;
}

/** starknet-devnet's methods for driving the chain, beyond devnet.ts. */
export const devnetControlMethods: MethodTable = {
  devnet_restart: {
    params: ['restart_l1_to_l2_messaging'],
    handler: (params, ctx) => {
      refuseUnknown(params, ['restart_l1_to_l2_messaging']);
      ctx.reset();
      return {};
    },
  },
  devnet_getConfig: {
    params: [],
    handler: (_params, ctx) => {
      const { node, settings } = ctx;
      const { options } = node;
      const state = node.chain.pendingState;
      const [first] = node.accounts;
      const classOf = (address: bigint): string =>
        toHex(state.read(classKey(address)));
      return {
        seed: options.seed,
        total_accounts: options.accounts,
        account_contract_class_hash: first
          ? classOf(BigInt(first.address))
          : null,
        predeployed_accounts_initial_balance: options.initialBalance.toString(),
        start_time: options.startTime ?? null,
        ...pricesJson(options.gasPrices),
        chain_id: chainName(options.chainId),
        dump_on: settings.dumpOn ?? null,
        dump_path: settings.dumpPath ?? null,
        dump_dir: settings.dumpDirectory.path,
        block_generation_on: options.blockGeneration,
        lite_mode: false,
        proof_mode: 'none',
        state_archive: 'full',
        fork_config: { url: null, block_number: null, caching_enabled: null },
        eth_erc20_class_hash: classOf(ETH_ADDRESS),
        strk_erc20_class_hash: classOf(STRK_ADDRESS),
        server_config: {
          host: settings.server.host,
          port: settings.server.port,
          timeout: null,
          restricted_methods: null,
          allowed_origins: settings.allowedOrigins,
        },
      };
    },
  },
  devnet_getAccountBalance: {
    params: ['address', 'unit', 'block_id'],
    handler: (params, ctx) => {
      const address = parseFelt(required(params, 'address'), 'address');
      const unit = params.unit ?? 'FRI';
      if (unit !== 'FRI' && unit !== 'WEI') {
        throw invalidParams('unit: expected "FRI" or "WEI"');
      }
      const block = ctx.node.block(
        params.block_id === undefined
          ? { tag: 'latest' }
          : parseBlockId(params.block_id),
      );
      const amount = balanceOf(
        ctx.node.chain.stateAt(block.number),
        unit === 'FRI' ? STRK_ADDRESS : ETH_ADDRESS,
        address,
      );
      return { amount: amount.toString(), unit };
    },
  },
  devnet_increaseTime: {
    params: ['time'],
    handler: (params, ctx) => {
      const time = parseIndex(required(params, 'time'), 'time');
      const { chain } = ctx.node;
      chain.increaseTime(time);
      return {
        timestamp_increased_by: time,
        block_hash: toHex(chain.closeBlock().hash),
      };
    },
  },
  devnet_setGasPrice: {
    params: [...Object.keys(GAS_PRICE_FIELDS), 'generate_block'],
    handler: (params, ctx) => {
      refuseUnknown(params, [
        ...Object.keys(GAS_PRICE_FIELDS),
        'generate_block',
      ]);
      const { chain } = ctx.node;
      const changes: Partial<Record<GasPriceField, bigint>> = {};
      for (const [field, value] of Object.entries(params)) {
        if (!isGasPriceField(field) || value === undefined) {
          continue;
        }
        const price = parseAmount(value, field);
        if (!isGasPrice(price)) {
          throw invalidParams(`${field}: expected a price from 1 to 2^128 - 1`);
        }
        changes[field] = price;
      }
      const prices = withGasPrices(chain.prices, changes);
      if (
        params.generate_block !== undefined &&
        typeof params.generate_block !== 'boolean'
      ) {
        throw invalidParams('generate_block: expected a boolean');
      }
      chain.setPrices(prices);
      if (params.generate_block === true) {
        chain.closeBlock();
      }
      return pricesJson(prices);
    },
  },
  devnet_abortBlocks: {
    params: ['starting_block_id'],
    handler: (params, ctx) => {
      const first = firstAbortedBlock(params, ctx);
      return { aborted: ctx.node.chain.abortFrom(first).map(toHex) };
    },
  },
};
