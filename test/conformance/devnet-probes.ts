/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch */
import { ask, outcome } from './observe';
import type { Subject } from './observe';
import type { Probe } from './probes';

const WHO = '0x5678';
const ONE_STRK = 10n ** 18n;

/**
 * Sends a call whose params are raw JSON text, so numbers of any size reach
 * the node as written (starknet-devnet's JS client sends amounts so).
 *
 * @param subject - The node.
 * @param method - The method.
 * @param paramsText - The params as JSON text.
 * @returns The reply.
 */
async function askRaw(
  subject: Subject,
  method: string,
  paramsText: string,
): Promise<{ result?: any; error?: { code: number; message: string } }> {
  const response = await fetch(subject.node.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"jsonrpc":"2.0","id":1,"method":"${method}","params":${paramsText}}`,
  });
  return response.json();
}

const balanceOf = async (
  subject: Subject,
  address: string,
  unit = 'FRI',
): Promise<bigint> =>
  BigInt(
    (await ask(subject, 'devnet_getAccountBalance', { address, unit })).result
      .amount,
  );

const latestBlock = async (subject: Subject): Promise<any> =>
  (
    await ask(subject, 'starknet_getBlockWithTxHashes', {
      block_id: 'latest',
    })
  ).result;

const errorOf = (reply: {
  error?: { code: number; message: string };
}): string =>
  reply.error ? `${reply.error.code} ${reply.error.message}` : 'accepted';

/**
 * The starknet-devnet methods beyond the JSON-RPC spec, on both nodes. They
 * run after the other probes: devnet_restart, last, empties the chain.
 */
export const DEVNET_PROBES: Record<string, Probe> = {
  'devnet_mint: amounts as JSON numbers of any size': async (subject) => {
    const minted: string[] = [];
    for (const amount of ['1000000000000000000', '1e21', '3.9']) {
      const before = await balanceOf(subject, WHO);
      const reply = await askRaw(
        subject,
        'devnet_mint',
        `{"address":"${WHO}","amount":${amount}}`,
      );
      minted.push(
        `${Object.keys(reply.result ?? {})
          .sort()
          .join(',')} +${(await balanceOf(subject, WHO)) - before}`,
      );
    }
    const max = (2n ** 256n - 1n).toString();
    return {
      minted,
      negative: (
        await askRaw(subject, 'devnet_mint', `{"address":"${WHO}","amount":-1}`)
      ).error?.code,
      overflow: errorOf(
        await askRaw(
          subject,
          'devnet_mint',
          `{"address":"${WHO}","amount":${max}}`,
        ),
      ),
    };
  },

  'devnet_getAccountBalance: units and blocks': async (subject) => {
    const { address } = subject.funder;
    await ask(subject, 'devnet_mint', {
      address,
      amount: Number(ONE_STRK),
      unit: 'WEI',
    });
    const latest = await ask(subject, 'devnet_getAccountBalance', {
      address,
      unit: 'WEI',
    });
    const atGenesis = await ask(subject, 'devnet_getAccountBalance', {
      address,
      unit: 'WEI',
      block_id: { block_number: 0 },
    });
    const byDefault = await ask(subject, 'devnet_getAccountBalance', {
      address,
    });
    return {
      keys: Object.keys(latest.result).sort(),
      units: [latest.result.unit, byDefault.result.unit],
      grewSinceGenesis:
        BigInt(latest.result.amount) - BigInt(atGenesis.result.amount) >=
        ONE_STRK,
      badUnit: outcome(
        await ask(subject, 'devnet_getAccountBalance', {
          address,
          unit: 'STRK',
        }),
      ),
    };
  },

  'devnet_increaseTime: a new block, later': async (subject) => {
    const before = await latestBlock(subject);
    const reply = await ask(subject, 'devnet_increaseTime', { time: 3600 });
    const after = await latestBlock(subject);
    const moved = after.timestamp - before.timestamp;
    return {
      keys: Object.keys(reply.result).sort(),
      increasedBy: reply.result.timestamp_increased_by,
      newBlock: after.block_number === before.block_number + 1,
      isTheAnsweredBlock: after.block_hash === reply.result.block_hash,
      movedAnHour: moved >= 3600 && moved < 3600 + 120,
      negative: outcome(
        await ask(subject, 'devnet_increaseTime', { time: -1 }),
      ),
      missing: outcome(await ask(subject, 'devnet_increaseTime', {})),
    };
  },

  'devnet_setGasPrice: answer, block prices, errors': async (subject) => {
    const reply = await ask(subject, 'devnet_setGasPrice', {
      gas_price_fri: 7,
      l2_gas_price_fri: 9,
      generate_block: true,
    });
    const block = await latestBlock(subject);
    const restored = await ask(subject, 'devnet_setGasPrice', {
      gas_price_fri: 1_000_000_000,
      l2_gas_price_fri: 1_000_000_000,
      generate_block: true,
    });
    return {
      answer: reply.result,
      blockPrices: [block.l1_gas_price, block.l2_gas_price],
      restored: restored.result,
      zero: outcome(
        await ask(subject, 'devnet_setGasPrice', { gas_price_fri: 0 }),
      ),
      unknownField: outcome(
        await ask(subject, 'devnet_setGasPrice', { gas_price: 5 }),
      ),
    };
  },

  'devnet_abortBlocks: blocks and state forgotten': async (subject) => {
    const minted = await ask(subject, 'devnet_mint', {
      address: WHO,
      amount: 5,
    });
    const first = await latestBlock(subject);
    await ask(subject, 'devnet_createBlock');
    const second = await latestBlock(subject);
    const balanceBefore = await balanceOf(subject, WHO);
    const reply = await ask(subject, 'devnet_abortBlocks', {
      starting_block_id: { block_number: first.block_number },
    });
    const after = await latestBlock(subject);
    const receipt = await ask(subject, 'starknet_getTransactionReceipt', {
      transaction_hash: minted.result.tx_hash,
    });
    await ask(subject, 'devnet_createBlock');
    const next = await latestBlock(subject);
    return {
      aborted:
        JSON.stringify(reply.result) ===
        JSON.stringify({ aborted: [second.block_hash, first.block_hash] }),
      latestIsTheOneBefore: after.block_number === first.block_number - 1,
      mintForgotten: String(balanceBefore - (await balanceOf(subject, WHO))),
      receipt: outcome(receipt),
      abortedByHash: outcome(
        await ask(subject, 'starknet_getBlockWithTxHashes', {
          block_id: { block_hash: first.block_hash },
        }),
      ),
      numberReused: next.block_number === first.block_number,
      genesis: errorOf(
        await ask(subject, 'devnet_abortBlocks', {
          starting_block_id: { block_number: 0 },
        }),
      ),
      unknown: errorOf(
        await ask(subject, 'devnet_abortBlocks', {
          starting_block_id: { block_number: 100_000 },
        }),
      ),
    };
  },

  'devnet_getConfig: fields and values': async (subject) => {
    const config = (await ask(subject, 'devnet_getConfig')).result;
    return {
      keys: Object.keys(config).sort(),
      values: [
        config.seed,
        config.chain_id,
        config.block_generation_on,
        config.predeployed_accounts_initial_balance,
        config.gas_price_fri,
        config.l2_gas_price_wei,
        config.dump_on,
        config.fork_config,
        config.start_time,
      ],
      serverKeys: Object.keys(config.server_config).sort(),
    };
  },

  'devnet_restart: back to genesis': async (subject) => {
    const reply = await ask(subject, 'devnet_restart');
    const number = (await ask(subject, 'starknet_blockNumber')).result;
    return {
      answer: reply.result,
      blockNumber: number,
      mintsGone: String(await balanceOf(subject, WHO)),
      unknownField: outcome(await ask(subject, 'devnet_restart', { x: 1 })),
    };
  },
};
