import {
  Account,
  CallData,
  RpcError,
  cairo,
  ec,
  hash,
  num as numUtils,
  stark,
  transaction,
} from 'starknet';
import type {
  Call,
  CompiledSierra,
  CairoAssembly,
  UniversalDetails,
} from 'starknet';

import { ask, outcome } from './observe';
import type { Answer, Subject } from './observe';
import { ARGENT_CLASS_HASH, WAIT } from '../chain/classes';
import { ETH, STRK } from '../fixtures';
import { readContract } from '../vendored';

/** What a probe saw, reduced to what must mean the same on both nodes. */
export type Observation = Record<string, unknown>;
export type Probe = (subject: Subject) => Promise<Observation>;

const RECIPIENT = '0x1234';
const TRANSFER = hash.getSelectorFromName('Transfer');
const PRICE = 2_000_000_000n;
/** Bounds that cover any invoke here on both nodes, at twice the gas price. */
const BOUNDS = {
  l1_gas: { max_amount: 0n, max_price_per_unit: PRICE },
  l2_gas: { max_amount: 20_000_000n, max_price_per_unit: PRICE },
  l1_data_gas: { max_amount: 2_000n, max_price_per_unit: PRICE },
};

const transfer = (amount: bigint, to = RECIPIENT): Call => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: CallData.compile({ recipient: to, amount: cairo.uint256(amount) }),
});

/**
 * The JSON-RPC error code a starknet.js call failed with, or "accepted".
 *
 * @param promise - The call.
 * @returns The outcome.
 */
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return error instanceof RpcError
      ? `error ${error.baseError.code}${error.baseError.code === -32602 ? ` ${error.baseError.message}` : ''}`
      : `failed: ${String(error).slice(0, 80)}`;
  }
}

/**
 * Sends an invoke and returns its receipt, reverted or not.
 *
 * @param subject - The node.
 * @param calls - The calls.
 * @param details - Details (bounds, nonce, tip).
 * @param account - The sender (the funder by default).
 * @returns The receipt as JSON.
 */
async function sendAndReceipt(
  subject: Subject,
  calls: Call[],
  details: UniversalDetails = {},
  account: Account = subject.funder,
): Promise<any> {
  const { transaction_hash: sent } = await account.execute(calls, {
    tip: 0n,
    ...details,
  });
  await subject.provider.waitForTransaction(sent, {
    ...WAIT,
    successStates: ['ACCEPTED_ON_L2', 'ACCEPTED_ON_L1'],
    errorStates: [],
  });
  return (
    await ask(subject, 'starknet_getTransactionReceipt', {
      transaction_hash: sent,
    })
  ).result;
}

/**
 * Events by layout: emitter, key and data counts, the first key's name.
 *
 * @param subject - The node (to name its accounts).
 * @param events - The receipt's events.
 * @returns One line per event.
 */
function layoutOf(
  subject: Subject,
  events: { from_address: string; keys: string[]; data: string[] }[],
): string[] {
  const names = new Map<bigint, string>([
    [BigInt(STRK), 'STRK'],
    [BigInt(subject.funder.address), 'sender'],
  ]);
  const keyNames = new Map<bigint, string>(
    ['Transfer', 'Approval', 'TransactionExecuted', 'ContractDeployed'].map(
      (name) => [BigInt(hash.getSelectorFromName(name)), name],
    ),
  );
  return events.map(
    (event) =>
      `${names.get(BigInt(event.from_address)) ?? 'other'} ${keyNames.get(BigInt(event.keys[0] ?? 0)) ?? 'unknown'} keys=${event.keys.length} data=${event.data.length}`,
  );
}

/**
 * A query-version invoke of the funder, unsigned, for estimate/simulate.
 *
 * @param subject - The node.
 * @param calls - The calls.
 * @returns The broadcasted transaction.
 */
async function queryInvoke(subject: Subject, calls: Call[]): Promise<object> {
  const nonce = await subject.provider.getNonceForAddress(
    subject.funder.address,
  );
  return {
    type: 'INVOKE',
    version: '0x100000000000000000000000000000003',
    sender_address: subject.funder.address,
    calldata: transaction
      .getExecuteCalldata(calls, '1')
      .map((felt) => numUtils.toHex(felt)),
    signature: [],
    nonce,
    resource_bounds: stark.resourceBoundsToHexString(BOUNDS),
    tip: '0x0',
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  };
}

const erc20 = {
  ...readContract<CompiledSierra>('ERC20-StarkGate.sierra.json'),
  abi: [],
};
const erc20Casm = readContract<CairoAssembly>('ERC20-StarkGate.casm.json');

/** The scripted flows, in order (later ones rely on earlier state). */
export const PROBES: Record<string, Probe> = {
  'spec version': async (subject) => ({
    version: (await ask(subject, 'starknet_specVersion')).result,
  }),

  'transfer: receipt': async (subject) => {
    const receipt = await sendAndReceipt(subject, [transfer(5n)]);
    const answer = await ask(subject, 'starknet_getTransactionReceipt', {
      transaction_hash: receipt.transaction_hash,
    });
    return {
      shape: outcome(answer),
      execution: receipt.execution_status,
      finality: receipt.finality_status,
      feeUnit: receipt.actual_fee.unit,
      events: layoutOf(subject, receipt.events),
      resourceKinds: Object.keys(receipt.execution_resources).sort(),
    };
  },

  'transfer: status': async (subject) => {
    const receipt = await sendAndReceipt(subject, [transfer(6n)]);
    const answer = await ask(subject, 'starknet_getTransactionStatus', {
      transaction_hash: receipt.transaction_hash,
    });
    return {
      shape: outcome(answer),
      fields: Object.keys(answer.result).sort(),
    };
  },

  'revert: receipt and fee': async (subject) => {
    const receipt = await sendAndReceipt(subject, [transfer(10n ** 30n)], {
      resourceBounds: BOUNDS,
    });
    const maxFee =
      BOUNDS.l2_gas.max_amount * PRICE + BOUNDS.l1_data_gas.max_amount * PRICE;
    return {
      execution: receipt.execution_status,
      reason: typeof receipt.revert_reason === 'string',
      charged:
        BigInt(receipt.actual_fee.amount) === maxFee
          ? 'the whole maximum'
          : 'what it used',
      events: layoutOf(subject, receipt.events),
    };
  },

  'tip: charged per L2 gas': async (subject) => {
    const plain = await sendAndReceipt(subject, [transfer(7n)], {
      resourceBounds: BOUNDS,
    });
    const tipped = await sendAndReceipt(subject, [transfer(7n)], {
      resourceBounds: BOUNDS,
      tip: 1_000n,
    });
    return {
      tipCharged:
        BigInt(tipped.actual_fee.amount) > BigInt(plain.actual_fee.amount),
    };
  },

  'estimate and simulate: fields': async (subject) => {
    const one = await queryInvoke(subject, [transfer(1n)]);
    const three = await queryInvoke(subject, [
      transfer(1n),
      transfer(2n),
      transfer(3n),
    ]);
    const estimate = await ask(subject, 'starknet_estimateFee', {
      request: [one],
      simulation_flags: ['SKIP_VALIDATE'],
      block_id: 'latest',
    });
    const simulate = async (tx: object): Promise<any> =>
      (
        await ask(subject, 'starknet_simulateTransactions', {
          block_id: 'latest',
          transactions: [tx],
          simulation_flags: ['SKIP_VALIDATE'],
        })
      ).result[0].transaction_trace;
    const [traceOne, traceThree] = [await simulate(one), await simulate(three)];
    return {
      estimate: outcome(estimate),
      estimateFields: Object.keys(estimate.result[0]).sort(),
      unit: estimate.result[0].unit,
      // Real execution uses more gas for more work; a fixed model does not.
      innerResourcesGrow:
        traceThree.execute_invocation.execution_resources.l2_gas >
        traceOne.execute_invocation.execution_resources.l2_gas,
    };
  },

  'future nonce': async (subject) => {
    const nonce = BigInt(
      await subject.provider.getNonceForAddress(subject.funder.address),
    );
    const future = await codeOf(
      subject.funder.execute([transfer(8n)], {
        nonce: nonce + 1n,
        resourceBounds: BOUNDS,
        tip: 0n,
      }),
    );
    // Fill the gap so later probes see a clean account.
    const filled = await sendAndReceipt(subject, [transfer(9n)], {
      nonce,
      resourceBounds: BOUNDS,
    });
    return { future, gapFilled: filled.execution_status };
  },

  'declare: real class, redeclare, wrong compiled class hash': async (
    subject,
  ) => {
    const declared = await subject.funder.declare({
      contract: erc20,
      casm: erc20Casm,
    });
    await subject.provider.waitForTransaction(declared.transaction_hash, WAIT);
    const redeclare = await codeOf(
      subject.funder.declare({ contract: erc20, casm: erc20Casm }),
    );
    const other = {
      ...erc20,
      abi: [
        {
          type: 'function',
          name: 'x',
          inputs: [],
          outputs: [],
          state_mutability: 'view',
        },
      ],
    };
    const wrongHash = await codeOf(
      subject.funder.declare(
        { contract: other, compiledClassHash: '0x1234' },
        {
          resourceBounds: {
            ...BOUNDS,
            l2_gas: { max_amount: 3_000_000_000n, max_price_per_unit: PRICE },
          },
          tip: 0n,
        },
      ),
    );
    return { declared: 'accepted', redeclare, wrongHash };
  },

  'Argent 0.3.1: deploy account and invoke': async (subject) => {
    const privateKey = '0x1234567890abcdef';
    const publicKey = ec.starkCurve.getStarkKey(privateKey);
    const calldata = [publicKey, '0'];
    const address = hash.calculateContractAddressFromHash(
      publicKey,
      ARGENT_CLASS_HASH,
      calldata,
      0,
    );
    await sendAndReceipt(subject, [transfer(10n ** 19n, address)]);
    const argent = new Account({
      provider: subject.provider,
      address,
      signer: privateKey,
    });
    const deployed = await argent.deployAccount(
      {
        classHash: ARGENT_CLASS_HASH,
        constructorCalldata: calldata,
        addressSalt: publicKey,
      },
      { tip: 0n },
    );
    await subject.provider.waitForTransaction(deployed.transaction_hash, WAIT);
    const deployReceipt = (
      await ask(subject, 'starknet_getTransactionReceipt', {
        transaction_hash: deployed.transaction_hash,
      })
    ).result;
    const invokeReceipt = await sendAndReceipt(
      subject,
      [transfer(3n)],
      {},
      argent,
    );
    const version = await subject.provider.callContract({
      contractAddress: address,
      entrypoint: 'getVersion',
    });
    return {
      deploy: deployReceipt.execution_status,
      deployEvents: layoutOf(subject, deployReceipt.events),
      invoke: invokeReceipt.execution_status,
      invokeEvents: layoutOf(subject, invokeReceipt.events),
      version,
    };
  },

  'events: paging': async (subject) => {
    const page = await ask(subject, 'starknet_getEvents', {
      filter: {
        address: STRK,
        keys: [[TRANSFER]],
        from_block: { block_number: 0 },
        to_block: 'latest',
        chunk_size: 1,
      },
    });
    const bad = await ask(subject, 'starknet_getEvents', {
      filter: { address: STRK, chunk_size: 1, continuation_token: 'nonsense' },
    });
    const big = await ask(subject, 'starknet_getEvents', {
      filter: { address: STRK, chunk_size: 100_000 },
    });
    return {
      shape: outcome(page),
      events: page.result.events.length,
      token: typeof page.result.continuation_token,
      eventFields: Object.keys(page.result.events[0]).sort(),
      badToken: outcome(bad),
      hugeChunk: outcome(big),
    };
  },

  'events: address lists': async (subject) => {
    // JSON-RPC 0.10's EVENT_FILTER: `address` one address or a list of
    // them; each key position a list of values (empty: any). The ERC-20
    // that pays no fee here (ETH) stands beside STRK, which has events.
    const filter = async (address: unknown, keys: unknown): Promise<Answer> =>
      ask(subject, 'starknet_getEvents', {
        filter: {
          address,
          keys,
          from_block: { block_number: 0 },
          to_block: 'latest',
          chunk_size: 50,
        },
      });
    const alone = await filter(STRK, [[TRANSFER]]);
    const listed = await filter([STRK, ETH], [[TRANSFER]]);
    const listOfOne = await filter([STRK], [[TRANSFER]]);
    const recipients = await filter([ETH, STRK], [[TRANSFER], [], [RECIPIENT]]);
    const senders = (answer: unknown): string[] => {
      const events = (answer as { result?: { events?: unknown[] } }).result
        ?.events;
      return [
        ...new Set(
          (events ?? []).map((event) =>
            BigInt((event as { from_address: string }).from_address) ===
            BigInt(STRK)
              ? 'STRK'
              : 'other',
          ),
        ),
      ].sort();
    };
    return {
      shape: outcome(listed),
      listFromStrkOnly: senders(listed),
      listOfOneAsAlone:
        JSON.stringify(listOfOne) === JSON.stringify(alone)
          ? 'same'
          : 'different',
      listWithKeyValues: senders(recipients),
    };
  },

  'errors: reads': async (subject) => ({
    unknownClass: outcome(
      await ask(subject, 'starknet_getClass', {
        block_id: 'latest',
        class_hash: '0x1',
      }),
    ),
    unknownTransaction: outcome(
      await ask(subject, 'starknet_getTransactionReceipt', {
        transaction_hash: '0x1',
      }),
    ),
    unknownBlock: outcome(
      await ask(subject, 'starknet_getBlockWithTxHashes', {
        block_id: { block_number: 999_999 },
      }),
    ),
    badIndex: outcome(
      await ask(subject, 'starknet_getTransactionByBlockIdAndIndex', {
        block_id: 'latest',
        index: 9999,
      }),
    ),
    undeployedContract: outcome(
      await ask(subject, 'starknet_call', {
        request: {
          contract_address: '0x777',
          entry_point_selector: hash.getSelectorFromName('x'),
          calldata: [],
        },
        block_id: 'latest',
      }),
    ),
    missingEntryPoint: outcome(
      await ask(subject, 'starknet_call', {
        request: {
          contract_address: STRK,
          entry_point_selector: hash.getSelectorFromName('no_such_function'),
          calldata: [],
        },
        block_id: 'latest',
      }),
    ),
    panickingCall: outcome(
      await ask(subject, 'starknet_call', {
        request: {
          contract_address: STRK,
          entry_point_selector: hash.getSelectorFromName('transfer'),
          calldata: ['0x1'],
        },
        block_id: 'latest',
      }),
    ),
    unknownMethod: outcome(await ask(subject, 'starknet_nope', {})),
  }),

  'errors: writes': async (subject) => {
    const nonce = BigInt(
      await subject.provider.getNonceForAddress(subject.funder.address),
    );
    const send = async (details: UniversalDetails): Promise<string> =>
      codeOf(
        subject.funder.execute([transfer(1n)], {
          resourceBounds: BOUNDS,
          tip: 0n,
          ...details,
        }),
      );
    const sent = await subject.funder.execute([transfer(1n)], {
      resourceBounds: BOUNDS,
      tip: 0n,
    });
    await subject.provider.waitForTransaction(sent.transaction_hash, WAIT);
    const again = (
      await ask(subject, 'starknet_getTransactionByHash', {
        transaction_hash: sent.transaction_hash,
      })
    ).result;
    const { transaction_hash: _hash, ...replayed } = again;
    const badSigner = new Account({
      provider: subject.provider,
      address: subject.funder.address,
      signer: '0x1',
    });
    return {
      oldNonce: await send({ nonce: nonce - 1n }),
      tooLittleGas: await send({
        resourceBounds: {
          ...BOUNDS,
          l2_gas: { max_amount: 10n, max_price_per_unit: PRICE },
        },
      }),
      tooLittleBalance: await send({
        resourceBounds: {
          ...BOUNDS,
          l2_gas: {
            max_amount: 2_000_000_000n,
            max_price_per_unit: 10n ** 12n,
          },
        },
      }),
      badSignature: await codeOf(
        badSigner.execute([transfer(1n)], { resourceBounds: BOUNDS, tip: 0n }),
      ),
      replay: outcome(
        await ask(subject, 'starknet_addInvokeTransaction', {
          invoke_transaction: replayed,
        }),
      ),
      oldVersion: outcome(
        await ask(subject, 'starknet_addInvokeTransaction', {
          invoke_transaction: { ...replayed, version: '0x1', max_fee: '0x1' },
        }),
      ),
      notAnAccount: outcome(
        await ask(subject, 'starknet_addInvokeTransaction', {
          invoke_transaction: {
            ...replayed,
            sender_address: STRK,
            nonce: '0x0',
          },
        }),
      ),
      decimalFelt: outcome(
        await ask(subject, 'starknet_getNonce', {
          block_id: 'latest',
          contract_address: '1234',
        }),
      ),
    };
  },

  'HTTP: GET on an unknown path': async (subject) => {
    // eslint-disable-next-line n/no-unsupported-features/node-builtins
    const response = await fetch(new URL('/no/such/path', subject.node.url));
    return { status: response.status };
  },
};
