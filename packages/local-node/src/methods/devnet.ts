import { parseAmount } from './amount';
import { readDumpFile, writeDumpFile } from './dump-files';
import { parseBlockId, parseIndex, required } from './params';
import type { MethodTable } from './types';
import { ETH_ADDRESS, STRK_ADDRESS } from '../base/constants';
import { ExecutionError, RpcError, invalidParams } from '../base/errors';
import { parseFelt, toHex } from '../base/felt';
import type { JournalEntry } from '../chain/local-chain';
import { mint } from '../chain/pipeline';
import { balanceOf } from '../contracts/erc20';

const isJournal = (value: unknown): value is JournalEntry[] =>
  Array.isArray(value) &&
  value.every(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      'method' in entry &&
      typeof entry.method === 'string',
  );

/** starknet-devnet compatible dev methods. */
export const devnetMethods: MethodTable = {
  devnet_mint: {
    params: ['address', 'amount', 'unit'],
    handler: (params, ctx) => {
      const address = parseFelt(required(params, 'address'), 'address');
      const amount = parseAmount(required(params, 'amount'));
      const unit = params.unit ?? 'FRI';
      if (unit !== 'FRI' && unit !== 'WEI') {
        throw invalidParams('unit: expected "FRI" or "WEI"');
      }
      let result: ReturnType<typeof mint>;
      try {
        result = mint(ctx.node, address, amount, unit);
      } catch (error) {
        if (error instanceof ExecutionError) {
          // starknet-devnet's answer when the token's supply would overflow.
          throw new RpcError(-1, 'Minting reverted', {
            revert_reason: `The requested minting amount overflows the token contract's total_supply (${error.message}).`,
          });
        }
        throw error;
      }
      return {
        new_balance: result.newBalance.toString(),
        unit,
        tx_hash: toHex(result.txHash),
      };
    },
  },
  devnet_createBlock: {
    params: [],
    handler: (_params, ctx) => ({
      block_hash: toHex(ctx.node.chain.closeBlock().hash),
    }),
  },
  devnet_getPredeployedAccounts: {
    params: ['with_balance'],
    handler: (params, ctx) => {
      const { node } = ctx;
      const state = node.chain.pendingState;
      return node.accounts.map((account) => ({
        address: account.address,
        public_key: account.publicKey,
        private_key: account.privateKey,
        initial_balance: node.options.initialBalance.toString(),
        ...(params.with_balance === true
          ? {
              balance: {
                eth: {
                  amount: balanceOf(
                    state,
                    ETH_ADDRESS,
                    BigInt(account.address),
                  ).toString(),
                  unit: 'WEI',
                },
                strk: {
                  amount: balanceOf(
                    state,
                    STRK_ADDRESS,
                    BigInt(account.address),
                  ).toString(),
                  unit: 'FRI',
                },
              },
            }
          : {}),
      }));
    },
  },
  devnet_acceptOnL1: {
    params: ['starknet_block_id'],
    handler: (params, ctx) => {
      const id =
        params.starknet_block_id === undefined
          ? { tag: 'latest' as const }
          : parseBlockId(params.starknet_block_id, 'starknet_block_id');
      const block = ctx.node.block(id);
      const upTo =
        block.status === 'PRE_CONFIRMED' ? block.number - 1 : block.number;
      return { accepted: ctx.node.chain.acceptOnL1(upTo).map(toHex) };
    },
  },
  devnet_setTime: {
    params: ['time', 'generate_block'],
    handler: (params, ctx) => {
      const time = parseIndex(required(params, 'time'), 'time');
      const { chain } = ctx.node;
      chain.setTime(time);
      if (params.generate_block === false) {
        return { block_timestamp: time };
      }
      const block = chain.closeBlock();
      return {
        block_timestamp: block.timestamp,
        block_hash: toHex(block.hash),
      };
    },
  },
  devnet_dump: {
    params: ['path'],
    touchesFiles: true,
    handler: (params, ctx) => {
      const dump = ctx.node.journal;
      const { dumpDirectory, dumpPath } = ctx.settings;
      const file =
        params.path === undefined
          ? dumpPath
          : dumpDirectory.resolve(params.path, 'path');
      if (file === undefined) {
        return dump;
      }
      writeDumpFile(file, JSON.stringify(dump));
      return null;
    },
  },
  devnet_load: {
    params: ['path', 'dump'],
    touchesFiles: true,
    handler: (params, ctx) => {
      const dump =
        params.path === undefined
          ? params.dump
          : readDumpFile(ctx.settings.dumpDirectory.resolve(params.path));
      if (!isJournal(dump)) {
        throw invalidParams('dump: expected the result of devnet_dump');
      }
      ctx.reset();
      for (const entry of dump) {
        ctx.replay(entry.method, entry.params);
      }
      return null;
    },
  },
};
