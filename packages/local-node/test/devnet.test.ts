import type { Call } from 'starknet';
import { Account, CallData, cairo } from 'starknet';

import { STRK, checkedProvider, rpcResult } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

const BOUNDS = {
  l1_gas: { max_amount: 0n, max_price_per_unit: 2_000_000_000n },
  l2_gas: { max_amount: 2_000_000n, max_price_per_unit: 2_000_000_000n },
  l1_data_gas: { max_amount: 1_000n, max_price_per_unit: 2_000_000_000n },
};

const nodes: LocalNode[] = [];

const start = async (
  options: Parameters<typeof startLocalNode>[0],
): Promise<LocalNode> => {
  const node = await startLocalNode(options);
  nodes.push(node);
  return node;
};

const accountOf = (node: LocalNode, index = 0): Account => {
  const entry = node.accounts[index];
  if (!entry) {
    throw new Error('no such account');
  }
  return new Account({
    provider: checkedProvider(node.url),
    address: entry.address,
    signer: entry.privateKey,
    cairoVersion: '1',
  });
};

const transferTo = (recipient: string, amount: bigint): Call => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: CallData.compile({ recipient, amount: cairo.uint256(amount) }),
});

afterAll(async () => {
  await Promise.all(nodes.map(async (node) => node.stop()));
});

describe('dev methods', () => {
  it('is deterministic: same seed, same accounts and transaction hashes', async () => {
    const first = await start({ seed: 42, accounts: 2 });
    const second = await start({ seed: 42, accounts: 2 });
    const other = await start({ seed: 43, accounts: 2 });
    expect(second.accounts).toStrictEqual(first.accounts);
    expect(other.accounts[0]?.address).not.toBe(first.accounts[0]?.address);
    const recipient = first.accounts[1]?.address ?? '0x1';
    const hashes = await Promise.all(
      [first, second].map(async (node) => {
        const result = await accountOf(node).execute(
          transferTo(recipient, 9n),
          {
            resourceBounds: BOUNDS,
            tip: 0,
          },
        );
        return result.transaction_hash;
      }),
    );
    expect(hashes[1]).toBe(hashes[0]);
    const blocks = await Promise.all(
      [first, second].map(async (node) =>
        rpcResult(node.url, 'starknet_blockHashAndNumber'),
      ),
    );
    expect(blocks[1]).toStrictEqual(blocks[0]);
  });

  it('mints, lists predeployed accounts and accepts blocks on L1', async () => {
    const node = await start({ accounts: 2, initialBalance: 1000n });
    const address = node.accounts[0]?.address ?? '0x1';
    const minted = await rpcResult(node.url, 'devnet_mint', {
      address,
      amount: 500,
      unit: 'FRI',
    });
    expect(minted).toEqual({
      new_balance: '1500',
      unit: 'FRI',
      tx_hash: expect.stringMatching(/^0x/u),
    });
    const wei = await rpcResult(node.url, 'devnet_mint', [
      address,
      '0x10',
      'WEI',
    ]);
    expect(wei).toMatchObject({ new_balance: '1016', unit: 'WEI' });
    const accounts = await rpcResult(
      node.url,
      'devnet_getPredeployedAccounts',
      { with_balance: true },
    );
    expect(accounts).toEqual([
      expect.objectContaining({
        address,
        private_key: node.accounts[0]?.privateKey,
        balance: {
          eth: { amount: '1016', unit: 'WEI' },
          strk: { amount: '1500', unit: 'FRI' },
        },
      }),
      expect.objectContaining({ address: node.accounts[1]?.address }),
    ]);
    const provider = checkedProvider(node.url);
    const receipt = await provider.getTransactionReceipt(
      (minted as { tx_hash: string }).tx_hash,
    );
    expect((receipt.value as { finality_status: string }).finality_status).toBe(
      'ACCEPTED_ON_L2',
    );
    const accepted = await rpcResult(node.url, 'devnet_acceptOnL1', {});
    expect((accepted as { accepted: string[] }).accepted).toHaveLength(3);
    const later = await provider.getTransactionReceipt(
      (minted as { tx_hash: string }).tx_hash,
    );
    expect((later.value as { finality_status: string }).finality_status).toBe(
      'ACCEPTED_ON_L1',
    );
    const l1 = await provider.getBlockWithTxHashes('l1_accepted');
    expect(l1.status).toBe('ACCEPTED_ON_L1');
  });

  it('builds blocks on demand: PRE_CONFIRMED until devnet_createBlock', async () => {
    const node = await start({ accounts: 2, blockGeneration: 'demand' });
    const provider = checkedProvider(node.url);
    const account = accountOf(node);
    const recipient = node.accounts[1]?.address ?? '0x1';
    const one = await account.execute(transferTo(recipient, 1n), {
      resourceBounds: BOUNDS,
      tip: 0,
    });
    const two = await account.execute(transferTo(recipient, 2n), {
      nonce: 1,
      resourceBounds: BOUNDS,
      tip: 0,
    });
    expect(await provider.getBlockNumber()).toBe(0);
    const pending = await provider.getBlockWithTxHashes('pre_confirmed');
    expect(pending.transactions).toStrictEqual([
      one.transaction_hash,
      two.transaction_hash,
    ]);
    const receipt = await provider.getTransactionReceipt(one.transaction_hash);
    expect((receipt.value as { finality_status: string }).finality_status).toBe(
      'PRE_CONFIRMED',
    );
    expect('block_hash' in receipt.value).toBe(false);
    expect(await provider.getNonceForAddress(account.address, 'latest')).toBe(
      '0x0',
    );
    expect(
      await provider.getNonceForAddress(account.address, 'pre_confirmed'),
    ).toBe('0x2');
    const created = await rpcResult(node.url, 'devnet_createBlock');
    expect(await provider.getBlockNumber()).toBe(1);
    const block = await provider.getBlockWithTxHashes(1);
    expect(block.block_hash).toBe(
      (created as { block_hash: string }).block_hash,
    );
    expect(
      (await provider.getTransactionStatus(two.transaction_hash))
        .finality_status,
    ).toBe('ACCEPTED_ON_L2');
  });

  it('sets the time of the next block', async () => {
    const node = await start({ accounts: 1 });
    const result = await rpcResult(node.url, 'devnet_setTime', {
      time: 2_000_000_000,
    });
    expect(result).toMatchObject({ block_timestamp: 2_000_000_000 });
    const block = await checkedProvider(node.url).getBlockWithTxHashes(
      'latest',
    );
    expect(block.timestamp).toBe(2_000_000_000);
  });

  it('dumps and loads the chain', async () => {
    const node = await start({ seed: 5, accounts: 2 });
    const recipient = node.accounts[1]?.address ?? '0x1';
    await accountOf(node).execute(transferTo(recipient, 77n), {
      resourceBounds: BOUNDS,
      tip: 0,
    });
    await rpcResult(node.url, 'devnet_mint', { address: recipient, amount: 1 });
    const dump = await rpcResult(node.url, 'devnet_dump');
    const balance = async (url: string): Promise<unknown> =>
      rpcResult(url, 'starknet_call', {
        request: {
          contract_address: STRK,
          entry_point_selector:
            '0x35a73cd311a05d46deda634c5ee045db92f811b4e74bca4437fcb5302b7af33',
          calldata: [recipient],
        },
        block_id: 'latest',
      });
    const fresh = await start({ seed: 5, accounts: 2 });
    await rpcResult(fresh.url, 'devnet_load', { dump });
    expect(await balance(fresh.url)).toStrictEqual(await balance(node.url));
    expect(
      await rpcResult(fresh.url, 'starknet_blockHashAndNumber'),
    ).toStrictEqual(await rpcResult(node.url, 'starknet_blockHashAndNumber'));
  });
});
