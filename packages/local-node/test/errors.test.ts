import type { Call, RpcProvider } from 'starknet';
import { Account, CallData, RpcError, cairo, hash } from 'starknet';

import { ETH, STRK, checkedProvider, rpc } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

const BOUNDS = {
  l1_gas: { max_amount: 0n, max_price_per_unit: 2_000_000_000n },
  l2_gas: { max_amount: 2_000_000n, max_price_per_unit: 2_000_000_000n },
  l1_data_gas: { max_amount: 1_000n, max_price_per_unit: 2_000_000_000n },
};

let node: LocalNode;
let provider: RpcProvider;
let sender: Account;
let recipient: string;

const transfer = (amount: bigint): Call => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: CallData.compile({ recipient, amount: cairo.uint256(amount) }),
});

/**
 * Asserts a starknet.js call fails with a node error code and exact message.
 *
 * @param promise - The call.
 * @param code - Expected code.
 * @param message - Expected message.
 */
async function expectNodeError(
  promise: Promise<unknown>,
  code: number,
  message: string,
): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof RpcError)) {
    throw new Error(`expected an RpcError, got ${String(error)}`);
  }
  expect({
    code: error.baseError.code,
    message: error.baseError.message,
  }).toStrictEqual({
    code,
    message,
  });
}

/**
 * Asserts a raw JSON-RPC call fails with a code and exact message.
 *
 * @param method - The method.
 * @param params - The params.
 * @param code - Expected code.
 * @param message - Expected message.
 * @returns The error data.
 */
async function expectRawError(
  method: string,
  params: unknown,
  code: number,
  message: string,
): Promise<unknown> {
  const reply = await rpc(node.url, method, params);
  expect({
    code: reply.error?.code,
    message: reply.error?.message,
  }).toStrictEqual({
    code,
    message,
  });
  return reply.error?.data;
}

beforeAll(async () => {
  node = await startLocalNode({ seed: 3, accounts: 3 });
  provider = checkedProvider(node.url);
  const [first, second] = node.accounts;
  if (!first || !second) {
    throw new Error('missing accounts');
  }
  sender = new Account({
    provider,
    address: first.address,
    signer: first.privateKey,
    cairoVersion: '1',
  });
  recipient = second.address;
});

afterAll(async () => {
  await node.stop();
});

describe('every node error code, provoked once', () => {
  let snapshot: { nonce: string; balance: unknown; block: number };

  beforeAll(async () => {
    snapshot = {
      nonce: await provider.getNonceForAddress(sender.address),
      balance: await provider.callContract({
        contractAddress: STRK,
        entrypoint: 'balance_of',
        calldata: [sender.address],
      }),
      block: await provider.getBlockNumber(),
    };
  });

  it('20 Contract not found', async () => {
    await expectNodeError(
      provider.callContract({
        contractAddress: '0x123456',
        entrypoint: 'balance_of',
        calldata: [],
      }),
      20,
      'Contract not found',
    );
    await expectRawError(
      'starknet_getNonce',
      { block_id: 'latest', contract_address: '0x99' },
      20,
      'Contract not found',
    );
  });

  it('21 Requested entry point does not exist in the contract', async () => {
    await expectNodeError(
      provider.callContract({
        contractAddress: STRK,
        entrypoint: 'no_such_function',
        calldata: [],
      }),
      21,
      'Requested entry point does not exist in the contract',
    );
  });

  it('24 Block not found', async () => {
    await expectNodeError(
      provider.getBlockWithTxHashes(99_999),
      24,
      'Block not found',
    );
    await expectRawError(
      'starknet_getBlockWithTxs',
      { block_id: 'l1_accepted' },
      24,
      'Block not found',
    );
  });

  it('27 Invalid transaction index in a block', async () => {
    await expectNodeError(
      provider.getTransactionByBlockIdAndIndex('latest', 5),
      27,
      'Invalid transaction index in a block',
    );
  });

  it('28 Class hash not found', async () => {
    await expectNodeError(
      provider.getClassByHash('0xabc'),
      28,
      'Class hash not found',
    );
  });

  it('29 Transaction hash not found', async () => {
    await expectNodeError(
      provider.getTransactionReceipt('0xdead'),
      29,
      'Transaction hash not found',
    );
  });

  it('31 Requested page size is too big', async () => {
    await expectRawError(
      'starknet_getEvents',
      { filter: { chunk_size: 100_000 } },
      31,
      'Requested page size is too big',
    );
  });

  it('33 The supplied continuation token is invalid or unknown', async () => {
    await expectRawError(
      'starknet_getEvents',
      { filter: { chunk_size: 10, continuation_token: 'bogus' } },
      33,
      'The supplied continuation token is invalid or unknown',
    );
  });

  it('40 Contract error', async () => {
    const data = await expectRawError(
      'starknet_call',
      {
        request: {
          contract_address: STRK,
          entry_point_selector: hash.getSelectorFromName('transfer'),
          calldata: [recipient, '0x5', '0x0'],
        },
        block_id: 'latest',
      },
      40,
      'Contract error',
    );
    expect(JSON.stringify(data)).toContain('ERC20: insufficient balance');
  });

  it('41 Transaction execution error', async () => {
    const error = await sender.estimateInvokeFee(transfer(10n ** 30n)).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof RpcError)) {
      throw new Error('expected an RpcError');
    }
    expect(error.baseError.code).toBe(41);
    expect(error.baseError.message).toBe('Transaction execution error');
    expect(error.baseError.data).toEqual({
      transaction_index: 0,
      execution_error: 'ERC20: insufficient balance',
    });
  });

  it('52 Invalid transaction nonce', async () => {
    await expectNodeError(
      sender.execute(transfer(1n), {
        nonce: 7,
        resourceBounds: BOUNDS,
        tip: 0,
      }),
      52,
      'Invalid transaction nonce',
    );
  });

  it("53 The transaction's resources don't cover validation or the minimal transaction fee", async () => {
    await expectNodeError(
      sender.execute(transfer(1n), {
        resourceBounds: {
          ...BOUNDS,
          l2_gas: { max_amount: 10n, max_price_per_unit: 2_000_000_000n },
        },
        tip: 0,
      }),
      53,
      "The transaction's resources don't cover validation or the minimal transaction fee",
    );
  });

  it("54 Account balance is smaller than the transaction's maximal fee", async () => {
    await expectNodeError(
      sender.execute(transfer(1n), {
        resourceBounds: {
          ...BOUNDS,
          l2_gas: {
            max_amount: 10n ** 18n,
            max_price_per_unit: 10n ** 9n * 10n ** 9n,
          },
        },
        tip: 0,
      }),
      54,
      "Account balance is smaller than the transaction's maximal fee (calculated as the sum of each resource's limit x max price)",
    );
  });

  it('55 Account validation failed', async () => {
    const impostor = new Account({
      provider,
      address: sender.address,
      signer: '0x1234',
      cairoVersion: '1',
    });
    await expectNodeError(
      impostor.execute(transfer(1n), { resourceBounds: BOUNDS, tip: 0 }),
      55,
      'Account validation failed',
    );
  });

  it('58 Sender address is not an account contract', async () => {
    const token = new Account({
      provider,
      address: ETH,
      signer: '0x1234',
      cairoVersion: '1',
    });
    await expectNodeError(
      token.execute(transfer(1n), { nonce: 0, resourceBounds: BOUNDS, tip: 0 }),
      58,
      'Sender address is not an account contract',
    );
  });

  it('61 the transaction version is not supported', async () => {
    await expectRawError(
      'starknet_addInvokeTransaction',
      {
        invoke_transaction: {
          type: 'INVOKE',
          version: '0x1',
          sender_address: sender.address,
          calldata: [],
          max_fee: '0x1',
          signature: [],
          nonce: '0x0',
        },
      },
      61,
      'the transaction version is not supported',
    );
  });

  it('left the state untouched after every rejection', async () => {
    expect({
      nonce: await provider.getNonceForAddress(sender.address),
      balance: await provider.callContract({
        contractAddress: STRK,
        entrypoint: 'balance_of',
        calldata: [sender.address],
      }),
      block: await provider.getBlockNumber(),
    }).toStrictEqual(snapshot);
  });

  it('59 A transaction with the same hash already exists in the mempool (replay)', async () => {
    const { transaction_hash: txHash } = await sender.execute(transfer(1n), {
      resourceBounds: BOUNDS,
      tip: 0,
    });
    const sent = await rpc(node.url, 'starknet_getTransactionByHash', {
      transaction_hash: txHash,
    });
    const { transaction_hash: _ignored, ...tx } = sent.result as Record<
      string,
      unknown
    >;
    await expectRawError(
      'starknet_addInvokeTransaction',
      { invoke_transaction: tx },
      59,
      'A transaction with the same hash already exists in the mempool',
    );
  });

  it('a failing call reverts the transaction, charges the fee and bumps the nonce', async () => {
    const nonce = BigInt(await provider.getNonceForAddress(sender.address));
    const { transaction_hash: txHash } = await sender.execute(
      transfer(10n ** 30n),
      {
        resourceBounds: BOUNDS,
        tip: 0,
      },
    );
    const receipt = await provider.getTransactionReceipt(txHash);
    expect(receipt.isReverted()).toBe(true);
    const value = receipt.value as {
      revert_reason?: string;
      actual_fee: { amount: string };
    };
    expect(value.revert_reason).toBe('ERC20: insufficient balance');
    expect(BigInt(value.actual_fee.amount)).toBeGreaterThan(0n);
    expect(BigInt(await provider.getNonceForAddress(sender.address))).toBe(
      nonce + 1n,
    );
    const status = await provider.getTransactionStatus(txHash);
    expect(status).toEqual({
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'REVERTED',
      failure_reason: 'ERC20: insufficient balance',
    });
  });
});
