import type { Json } from '@metamask/snaps-sdk';
import { hash, num as numUtils, transaction } from 'starknet';
import type { CairoAssembly } from 'starknet';

import { AMPLE_BOUNDS, callView, deployAccount0, receiptOf } from './actions';
import { nodeRequest, ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0, STRK, TESTNET } from '../fixtures';
import {
  confirmationOf,
  installSharedWallet,
  invoke,
  plainResultOf,
} from '../installedWallet';
import { readContract } from '../vendored';

const RECIPIENT =
  '0x00000000000000000000000000000000000000000000000000000000005151a1';

const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/** What every v3 transaction the test submits shares with what the snap signed. */
const V3_FIELDS = {
  version: '0x3',
  resource_bounds: AMPLE_BOUNDS,
  tip: '0x0',
  paymaster_data: [],
  account_deployment_data: [],
  nonce_data_availability_mode: 'L1',
  fee_data_availability_mode: 'L1',
};

/**
 * ACCOUNT_0's nonce on the node.
 *
 * @returns The nonce, hex.
 */
async function nonceOfAccount0(): Promise<string> {
  return String(
    await nodeRequest(testNode(), 'starknet_getNonce', {
      block_id: 'latest',
      contract_address: ACCOUNT_0.address,
    }),
  );
}

/**
 * Sends a JSON-RPC request and returns the whole answer, error included.
 *
 * @param method - The method.
 * @param params - Its params.
 * @returns The result, or the error.
 */
async function submit(
  method: string,
  params: unknown,
): Promise<{
  result?: { transaction_hash: string };
  error?: { code: number };
}> {
  // eslint-disable-next-line n/no-unsupported-features/node-builtins
  const response = await fetch(testNode().url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return response.json();
}

// The dapp takes the signature away and sends the transaction itself: the
// account contract's own __validate__ is the judge.
describe('signatures the wallet gives are accepted by the account contract', () => {
  beforeAll(async () => {
    await deployAccount0(await installSharedWallet());
  });

  it('signTransaction: the signed invoke is executed; a altered one is refused', async () => {
    const calls = [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [RECIPIENT, '1234', '0'],
      },
    ];
    const nonce = await nonceOfAccount0();
    const signing = invoke(
      await installSharedWallet(),
      'snapnet_signTransaction',
      {
        address: ACCOUNT_0.address,
        chainId: TESTNET,
        transactions: calls,
        transactionsDetail: { nonce, resourceBounds: AMPLE_BOUNDS },
      },
    );
    await (await confirmationOf(signing)).ok();
    const signature: string[] = await plainResultOf(signing);
    const invokeTransaction = {
      type: 'INVOKE',
      sender_address: ACCOUNT_0.address,
      calldata: transaction
        .getExecuteCalldata(calls, '1')
        .map((felt) => numUtils.toHex(felt)),
      nonce,
      ...V3_FIELDS,
    };

    const altered = await submit('starknet_addInvokeTransaction', {
      invoke_transaction: {
        ...invokeTransaction,
        signature: [
          signature[0],
          `0x${(BigInt(signature[1] ?? 0) + 1n).toString(16)}`,
        ],
      },
    });
    expect(altered.error?.code).toBe(55);

    const sent = await submit('starknet_addInvokeTransaction', {
      invoke_transaction: { ...invokeTransaction, signature },
    });
    expect(sent.error).toBeUndefined();
    const receipt = await receiptOf(
      testNode(),
      sent.result?.transaction_hash ?? '',
    );
    expect(receipt.execution_status).toBe('SUCCEEDED');
    expect(
      await callView(testNode(), STRK, 'balance_of', [RECIPIENT]),
    ).toStrictEqual(['0x4d2', '0x0']);
  });

  it('signDeclareTransaction: the signed declare of a real class is accepted', async () => {
    const abi = JSON.stringify([]);
    const sierra = readContract<Record<string, Json>>(
      'ERC20-StarkGate.sierra.json',
    );
    const contractClass = {
      sierra_program: sierra.sierra_program,
      contract_class_version: sierra.contract_class_version,
      entry_points_by_type: sierra.entry_points_by_type,
      abi,
    };
    const classHash = hash.computeContractClassHash(
      JSON.stringify({ ...contractClass, abi: [] }),
    );
    // Starknet ≥ 0.14.1 checks the Blake2s compiled class hash.
    const compiledClassHash = hash.computeCompiledClassHashBlake(
      readContract<CairoAssembly>('ERC20-StarkGate.casm.json'),
    );
    const nonce = await nonceOfAccount0();
    const signing = invoke(
      await installSharedWallet(),
      'snapnet_signDeclareTransaction',
      {
        address: ACCOUNT_0.address,
        chainId: TESTNET,
        details: {
          classHash,
          compiledClassHash,
          nonce,
          resourceBounds: AMPLE_BOUNDS,
        },
      },
    );
    await (await confirmationOf(signing)).ok();
    const { signature } = await plainResultOf(signing);
    const sent = await submit('starknet_addDeclareTransaction', {
      declare_transaction: {
        type: 'DECLARE',
        sender_address: ACCOUNT_0.address,
        compiled_class_hash: compiledClassHash,
        contract_class: contractClass,
        signature,
        nonce,
        ...V3_FIELDS,
      },
    });
    expect(sent.error).toBeUndefined();
    const receipt = await receiptOf(
      testNode(),
      sent.result?.transaction_hash ?? '',
    );
    expect(receipt.execution_status).toBe('SUCCEEDED');
    const declared = (await nodeRequest(testNode(), 'starknet_getClass', {
      block_id: 'latest',
      class_hash: classHash,
    })) as { sierra_program: string[] };
    expect(declared.sierra_program).toStrictEqual(sierra.sierra_program);
  });
});
