import type { CairoAssembly, Call, RpcProvider } from 'starknet';
import {
  Account,
  CallData,
  TransactionType,
  cairo,
  ec,
  hash,
  num as numUtils,
  OutsideExecutionVersion,
  uint256,
} from 'starknet';

import {
  ARGENT_CLASS_HASH,
  STRK,
  checkedMethods,
  checkedProvider,
  readArgentSierra,
  readFixture,
  readFixtureText,
} from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

const TRANSFER_KEY = numUtils.toHex(hash.starknetKeccak('Transfer'));
const SEQUENCER = '0x1000';
const WAIT = { retryInterval: 20 };

let node: LocalNode;
let provider: RpcProvider;
let funder: Account;

const balanceOf = async (token: string, address: string): Promise<bigint> => {
  const [low = '0x0', high = '0x0'] = await provider.callContract({
    contractAddress: token,
    entrypoint: 'balance_of',
    calldata: [address],
  });
  return uint256.uint256ToBN({ low, high });
};

const transferCall = (recipient: string, amount: bigint): Call => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: CallData.compile({ recipient, amount: cairo.uint256(amount) }),
});

/**
 * Builds an Argent 0.3.1 account for a key, funded by the first predeployed account.
 *
 * @param privateKey - The owner key.
 * @returns The account (not yet deployed) and its public key.
 */
async function fundedArgent(
  privateKey: string,
): Promise<{ account: Account; publicKey: string }> {
  const publicKey = ec.starkCurve.getStarkKey(privateKey);
  const address = hash.calculateContractAddressFromHash(
    publicKey,
    ARGENT_CLASS_HASH,
    [publicKey, 0],
    0,
  );
  const funding = await funder.execute(transferCall(address, 10n ** 18n));
  await provider.waitForTransaction(funding.transaction_hash, WAIT);
  return {
    account: new Account({ provider, address, signer: privateKey }),
    publicKey,
  };
}

beforeAll(async () => {
  node = await startLocalNode({ seed: 7 });
  provider = checkedProvider(node.url);
  const first = node.accounts[0];
  if (!first) {
    throw new Error('no predeployed account');
  }
  funder = new Account({
    provider,
    address: first.address,
    signer: first.privateKey,
  });
});

afterAll(async () => {
  await node.stop();
});

describe('starknet.js against the local node', () => {
  let argent: Account;
  let argentKey: string;
  let transferHash: string;

  it('answers the chain basics', async () => {
    expect(await provider.getSpecVersion()).toBe('0.10.2');
    expect(await provider.getChainId()).toBe('0x534e5f5345504f4c4941');
    expect(await provider.getBlockNumber()).toBe(0);
  });

  it('deploys an Argent 0.3.1 account for a fresh key', async () => {
    argentKey =
      '0x3a1f0e5b6c7d8e9f00112233445566778899aabbccddeeff0011223344556';
    const { account, publicKey } = await fundedArgent(argentKey);
    argent = account;
    const deployed = await argent.deployAccount({
      classHash: ARGENT_CLASS_HASH,
      constructorCalldata: [publicKey, 0],
      addressSalt: publicKey,
      contractAddress: argent.address,
    });
    expect(numUtils.toBigInt(deployed.contract_address)).toBe(
      numUtils.toBigInt(argent.address),
    );
    const receipt = await provider.waitForTransaction(
      deployed.transaction_hash,
      WAIT,
    );
    expect(receipt.isSuccess()).toBe(true);
    expect(await provider.getClassHashAt(argent.address)).toBe(
      ARGENT_CLASS_HASH,
    );
    expect(await provider.getNonceForAddress(argent.address)).toBe('0x1');
    const version = await provider.callContract({
      contractAddress: argent.address,
      entrypoint: 'getVersion',
    });
    expect(version).toStrictEqual(['0x302e332e31']);
    const owner = await provider.callContract({
      contractAddress: argent.address,
      entrypoint: 'get_owner',
    });
    expect(owner).toStrictEqual([numUtils.toHex(publicKey)]);
  });

  it('estimates and executes an ERC-20 transfer with exact balance and fee changes', async () => {
    const recipient = node.accounts[1]?.address ?? '0x1';
    const amount = 123_456_789n;
    const before = {
      sender: await balanceOf(STRK, argent.address),
      recipient: await balanceOf(STRK, recipient),
      sequencer: await balanceOf(STRK, SEQUENCER),
    };
    const call = transferCall(recipient, amount);
    const estimate = await argent.estimateInvokeFee(call);
    expect(estimate.overall_fee > 0n).toBe(true);

    const { transaction_hash: txHash } = await argent.execute(call);
    transferHash = txHash;
    const receipt = await provider.waitForTransaction(txHash, WAIT);
    expect(receipt.isSuccess()).toBe(true);
    const value = await provider.getTransactionReceipt(txHash);
    if (!value.isSuccess()) {
      throw new Error('transfer did not succeed');
    }
    const fee = BigInt(value.value.actual_fee.amount);
    const resources = value.value.execution_resources;
    expect(fee).toBe(
      BigInt(resources.l1_gas + resources.l1_data_gas + resources.l2_gas) *
        1_000_000_000n,
    );
    expect(await balanceOf(STRK, argent.address)).toBe(
      before.sender - amount - fee,
    );
    expect(await balanceOf(STRK, recipient)).toBe(before.recipient + amount);
    expect(await balanceOf(STRK, SEQUENCER)).toBe(before.sequencer + fee);

    const { events } = value.value;
    expect(events.map((event) => event.keys[0])).toStrictEqual([
      TRANSFER_KEY,
      '0x1dcde06aabdbca2f80aa51392b345d7549d7757aa855f7e37f5d335ac8243b1',
      TRANSFER_KEY,
    ]);
    // Cairo 1 token layout, as STRK emits it on Starknet: parties are keys.
    expect(events[2]?.keys).toStrictEqual([
      TRANSFER_KEY,
      numUtils.toHex(argent.address),
      SEQUENCER,
    ]);
    expect(events[2]?.data).toStrictEqual([numUtils.toHex(fee), '0x0']);
  });

  it('agrees between getStorageAt and balanceOf', async () => {
    const slot = hash.computePedersenHash(
      hash.starknetKeccak('ERC20_balances'),
      argent.address,
    );
    const low = await provider.getStorageAt(STRK, slot);
    const high = await provider.getStorageAt(
      STRK,
      numUtils.toBigInt(slot) + 1n,
    );
    expect(uint256.uint256ToBN({ low: low.value, high: high.value })).toBe(
      await balanceOf(STRK, argent.address),
    );
    const receipt = await provider.getTransactionReceipt(transferHash);
    const withBlock = await provider.getStorageAt(STRK, slot, 'latest', [
      'INCLUDE_LAST_UPDATE_BLOCK',
    ]);
    expect(withBlock.last_update_block).toBe(
      (receipt.value as { block_number: number }).block_number,
    );
  });

  it('reads blocks by hash, number and tag', async () => {
    const receipt = await provider.getTransactionReceipt(transferHash);
    const { block_hash: blockHash, block_number: blockNumber } =
      receipt.value as {
        block_hash: string;
        block_number: number;
      };
    const byNumber = await provider.getBlockWithTxHashes(blockNumber);
    const byHash = await provider.getBlockWithTxHashes(blockHash);
    const latest = await provider.getBlockWithTxHashes('latest');
    expect(byNumber).toStrictEqual(byHash);
    expect(latest).toStrictEqual(byHash);
    expect(byHash.transactions).toStrictEqual([transferHash]);
    expect(
      (await provider.getBlockWithTxs(blockNumber)).transactions[0]
        ?.transaction_hash,
    ).toBe(transferHash);
    const withReceipts = await provider.getBlockWithReceipts(blockHash);
    expect(withReceipts.transactions[0]?.receipt.transaction_hash).toBe(
      transferHash,
    );
    const tx = await provider.getTransactionByBlockIdAndIndex(blockNumber, 0);
    expect(tx.transaction_hash).toBe(transferHash);
    expect(await provider.getBlockTransactionCount(blockHash)).toBe(1);
    const preConfirmed = await provider.getBlockWithTxHashes('pre_confirmed');
    expect(preConfirmed.transactions).toStrictEqual([]);
    const stateUpdate = await provider.getStateUpdate(blockNumber);
    expect(JSON.stringify(stateUpdate.state_diff.storage_diffs)).toContain(
      numUtils.toHex(STRK).replace('0x0', '0x'),
    );
    // Historical state: the sender's balance before the transfer block.
    const before = await provider.getStorageAt(
      STRK,
      hash.computePedersenHash(
        hash.starknetKeccak('ERC20_balances'),
        argent.address,
      ),
      blockNumber - 1,
    );
    expect(BigInt(before.value) > (await balanceOf(STRK, argent.address))).toBe(
      true,
    );
  });

  it('pages through events with a continuation token', async () => {
    const all = await provider.getEvents({
      address: STRK,
      keys: [[TRANSFER_KEY]],
      from_block: { block_number: 0 },
      to_block: 'latest',
      chunk_size: 100,
    });
    expect(all.continuation_token).toBeUndefined();
    expect(all.events.length).toBeGreaterThanOrEqual(5);
    const paged: unknown[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await provider.getEvents({
        address: [STRK],
        keys: [[TRANSFER_KEY]],
        from_block: { block_number: 0 },
        to_block: 'latest',
        chunk_size: 2,
        ...(token === undefined ? {} : { continuation_token: token }),
      });
      expect(page.events.length).toBeLessThanOrEqual(2);
      paged.push(...page.events);
      token = page.continuation_token;
      pages += 1;
    } while (token !== undefined && pages < 50);
    expect(pages).toBeGreaterThan(1);
    expect(paged).toStrictEqual(all.events);
    expect(JSON.stringify(paged).includes(transferHash)).toBe(true);
  });

  it('simulates an invoke with traces, events and a fee estimate', async () => {
    const {
      simulated_transactions: [simulated],
    } = await argent.simulateTransaction(
      [{ type: TransactionType.INVOKE, payload: transferCall(SEQUENCER, 5n) }],
      { skipValidate: false },
    );
    const trace = simulated?.transaction_trace;
    if (trace?.type !== 'INVOKE' || !('calls' in trace.execute_invocation)) {
      throw new Error('expected an invoke trace');
    }
    expect(
      trace.execute_invocation.calls?.[0]?.events[0]?.keys[0],
    ).toStrictEqual(TRANSFER_KEY);
    expect(trace.validate_invocation?.result).toStrictEqual(['0x56414c4944']);
    expect(trace.state_diff?.nonces).toEqual([
      { contract_address: numUtils.toHex(argent.address), nonce: '0x3' },
    ]);
    expect(BigInt(simulated?.overall_fee ?? 0)).toBeGreaterThan(0n);
    // Nothing was committed.
    expect(await provider.getNonceForAddress(argent.address)).toBe('0x2');
  });

  it('estimates deploy-then-invoke as one sequence', async () => {
    const { account, publicKey } = await fundedArgent(
      '0x52a1f0e5b6c7d8e9f00112233445566778899aabbccddeeff001122334455',
    );
    const estimates = await account.estimateFeeBulk([
      {
        type: TransactionType.DEPLOY_ACCOUNT,
        payload: {
          classHash: ARGENT_CLASS_HASH,
          constructorCalldata: [publicKey, 0],
          addressSalt: publicKey,
          contractAddress: account.address,
        },
      },
      { type: TransactionType.INVOKE, payload: transferCall(SEQUENCER, 1n) },
    ]);
    expect(estimates).toHaveLength(2);
    expect(
      await provider.getClassHashAt(account.address).catch(() => 'none'),
    ).toBe('none');
  });

  it('answers is_valid_signature and supports_interface on Argent', async () => {
    const message = '0x1234abcd';
    const signature = ec.starkCurve.sign(message, argentKey);
    const valid = await provider.callContract({
      contractAddress: argent.address,
      entrypoint: 'is_valid_signature',
      calldata: CallData.compile([message, [signature.r, signature.s]]),
    });
    expect(valid).toStrictEqual(['0x56414c4944']);
    const invalid = await provider.callContract({
      contractAddress: argent.address,
      entrypoint: 'is_valid_signature',
      calldata: CallData.compile([message, [signature.r, signature.s + 1n]]),
    });
    expect(invalid).toStrictEqual(['0x0']);
    const src6 = await provider.callContract({
      contractAddress: argent.address,
      entrypoint: 'supports_interface',
      calldata: [
        '0x2ceccef7f994940b3962a6c67e0ba4fcd37df7d131417c604f91e03caecc1cd',
      ],
    });
    expect(src6).toStrictEqual(['0x1']);
  });

  it('declares classes from the fixtures and computes their class hashes', async () => {
    const sierra = readArgentSierra();
    const casm: CairoAssembly = JSON.parse(
      readFixtureText('ArgentAccount-0.3.1.casm.json'),
    );
    expect(hash.computeContractClassHash(JSON.stringify(sierra))).toBe(
      ARGENT_CLASS_HASH,
    );
    const bounds = {
      l1_gas: { max_amount: 0n, max_price_per_unit: 2_000_000_000n },
      l2_gas: { max_amount: 20_000_000n, max_price_per_unit: 2_000_000_000n },
      l1_data_gas: { max_amount: 1_000n, max_price_per_unit: 2_000_000_000n },
    };
    // Argent is predeclared: the node computes the same class hash and refuses it.
    await expect(
      funder.declare(
        { contract: JSON.stringify(sierra), casm },
        { resourceBounds: bounds },
      ),
    ).rejects.toThrow(/51.*Class already declared/su);

    const erc20 = { ...readFixture('ERC20-StarkGate.sierra.json'), abi: [] };
    const expected = hash.computeContractClassHash(JSON.stringify(erc20));
    const declared = await funder.declare(
      { contract: JSON.stringify(erc20), compiledClassHash: '0x1234' },
      { resourceBounds: bounds },
    );
    expect(declared.class_hash).toBe(expected);
    await provider.waitForTransaction(declared.transaction_hash, WAIT);
    const stored = await provider.getClassByHash(expected);
    expect(
      'sierra_program' in stored && stored.sierra_program.length,
    ).toBeGreaterThan(1000);

    // Deploy it through the UDC and use it.
    const holder = node.accounts[2]?.address ?? '0x1';
    const deployed = await funder.deployContract(
      {
        classHash: expected,
        // name and symbol are ByteArrays: [full words, pending word, length].
        constructorCalldata: [
          0,
          '0x54455354', // 'TEST'
          4,
          0,
          '0x545354',
          3,
          18,
          5000,
          0,
          holder,
          holder,
          holder,
          0,
        ],
      },
      WAIT,
    );
    expect(await balanceOf(deployed.contract_address, holder)).toBe(5000n);
  });

  it('runs an owner-signed outside execution once, and refuses forgeries, replays, wrong callers and stale windows', async () => {
    const recipient = '0xabc123';
    const now = Math.floor(Date.now() / 1000);
    const window = {
      caller: 'ANY_CALLER',
      execute_after: now - 60,
      execute_before: now + 600,
    };
    const signed = await argent.getOutsideTransaction(
      window,
      transferCall(recipient, 7n),
      OutsideExecutionVersion.V1,
      '0x901',
    );
    expect(
      await provider.callContract({
        contractAddress: argent.address,
        entrypoint: 'is_valid_outside_execution_nonce',
        calldata: ['0x901'],
      }),
    ).toStrictEqual(['0x1']);
    const [sigR = '0x0'] = Array.isArray(signed.signature)
      ? signed.signature.map(String)
      : [];
    const forged = { ...signed, signature: [sigR, '0x1234'] };
    await expect(funder.executeFromOutside(forged)).rejects.toThrow(
      /argent\/invalid-owner-sig/u,
    );
    const relayed = await funder.executeFromOutside(signed);
    await provider.waitForTransaction(relayed.transaction_hash, WAIT);
    expect(await balanceOf(STRK, recipient)).toBe(7n);
    await expect(funder.executeFromOutside(signed)).rejects.toThrow(
      /argent\/duplicated-outside-nonce/u,
    );
    const onlyOther = await argent.getOutsideTransaction(
      { ...window, caller: '0x1234' },
      transferCall(recipient, 1n),
      OutsideExecutionVersion.V1,
      '0x902',
    );
    await expect(funder.executeFromOutside(onlyOther)).rejects.toThrow(
      /argent\/invalid-caller/u,
    );
    const stale = await argent.getOutsideTransaction(
      { ...window, execute_before: now - 30 },
      transferCall(recipient, 1n),
      OutsideExecutionVersion.V1,
      '0x903',
    );
    await expect(funder.executeFromOutside(stale)).rejects.toThrow(
      /argent\/invalid-timestamp/u,
    );
    expect(await balanceOf(STRK, recipient)).toBe(7n);
  });

  it('checked every response against the OpenRPC documents', () => {
    for (const method of [
      'starknet_getBlockWithTxs',
      'starknet_getBlockWithTxHashes',
      'starknet_getBlockWithReceipts',
      'starknet_getTransactionReceipt',
      'starknet_getTransactionStatus',
      'starknet_estimateFee',
      'starknet_simulateTransactions',
      'starknet_getEvents',
      'starknet_getStateUpdate',
      'starknet_addInvokeTransaction',
      'starknet_addDeployAccountTransaction',
      'starknet_addDeclareTransaction',
      'starknet_getClassAt',
      'starknet_getClass',
      'starknet_call',
    ]) {
      expect([method, checkedMethods.get(method) ?? 0]).toStrictEqual([
        method,
        expect.any(Number),
      ]);
      expect(checkedMethods.get(method)).toBeGreaterThan(0);
    }
  });
});
