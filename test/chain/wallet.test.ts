import { ec, typedData } from 'starknet';

import { deployAccount0 } from './actions';
import { ONE_STRK, freshStateWithoutEth, useFundedNode } from './node';
import {
  ACCOUNT_0,
  ETH,
  RESOURCE_BOUNDS,
  STRK,
  TESTNET,
  typedDataRevision1,
} from '../fixtures';
import {
  confirmationOf,
  createAccount,
  errorOf,
  installSharedWallet,
  installWallet,
  invoke,
  plainResultOf,
  resultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

const testNode = useFundedNode(ACCOUNT_0.address, 50n * ONE_STRK);

/**
 * Sends STRK from ACCOUNT_0 through the snap.
 *
 * @param wallet - The snap.
 * @param to - The recipient.
 * @param amount - How much (FRI).
 * @returns The transaction hash.
 */
async function sendStrk(
  wallet: Wallet,
  to: string,
  amount: bigint,
): Promise<string> {
  const pending = invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls: [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [to, amount.toString(), '0'],
      },
    ],
  });
  await (await confirmationOf(pending)).ok();
  return (await plainResultOf(pending)).transaction_hash;
}

describe('the wallet on chain', () => {
  // One snap runs at a time in the simulation: each test installs its own,
  // over the same node, where ACCOUNT_0 is deployed once.
  let wallet: Wallet;

  beforeAll(async () => {
    await deployAccount0(await installSharedWallet());
  });

  beforeEach(async () => {
    wallet = await installSharedWallet();
  });

  it('recovers deployed accounts only, and stops after maxMissed undeployed ones', async () => {
    testNode().resetRequestCount();
    const records = await plainResultOf(
      invoke(wallet, 'snapnet_recoverAccounts', {
        maxScanned: 10,
        maxMissed: 2,
      }),
    );
    // Indices 0 to 2 were scanned (one round trip); only 0 is deployed.
    expect(testNode().roundTripCount()).toBe(1);
    expect(
      records.map((record: { addressIndex: number }) => record.addressIndex),
    ).toStrictEqual([0]);
    expect(records[0]).toStrictEqual({
      address: ACCOUNT_0.address,
      addressIndex: 0,
      publicKey: ACCOUNT_0.publicKey,
      addressSalt: ACCOUNT_0.publicKey,
      deployTxnHash: '',
      derivationPath: "m/44'/9004'/0'/0/0",
      chainId: TESTNET,
    });
    const created = await createAccount(wallet);
    expect(created.address).not.toBe(ACCOUNT_0.address);
  });

  it('asks before showing recovered accounts to a site that was not given them', async () => {
    const fresh = await installWallet();
    const declined = invoke(fresh, 'snapnet_recoverAccounts', {
      maxScanned: 3,
    });
    const dialog = await confirmationOf(declined);
    expect(textOf(dialog.content)).toContain('Share account');
    expect(textOf(dialog.content)).toContain(ACCOUNT_0.address);
    await dialog.cancel();
    expect(await declined).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
    expect(
      textOf((await fresh.onHomePage()).getInterface().content),
    ).not.toContain(ACCOUNT_0.address);

    const approved = invoke(fresh, 'snapnet_recoverAccounts', {
      maxScanned: 3,
    });
    await (await confirmationOf(approved)).ok();
    expect(await plainResultOf(approved)).toHaveLength(1);
    // Shared now: a second scan asks nothing, and the key is readable.
    expect(
      await plainResultOf(
        invoke(fresh, 'snapnet_recoverAccounts', { maxScanned: 3 }),
      ),
    ).toHaveLength(1);
    expect(
      await plainResultOf(
        invoke(fresh, 'snapnet_extractPublicKey', {
          userAddress: ACCOUNT_0.address,
        }),
      ),
    ).toBe(ACCOUNT_0.publicKey);
  });

  it('refuses to scan more than its maximum in one call', async () => {
    expect(
      await invoke(wallet, 'snapnet_recoverAccounts', { maxScanned: 101 }),
    ).toRespondWithError(
      expect.objectContaining({
        code: -32602,
        message: expect.stringContaining('maxScanned'),
      }),
    );
  });

  it('estimates an invoke of a deployed account without a deployment', async () => {
    const estimate = await plainResultOf(
      invoke(wallet, 'snapnet_estimateFee', {
        address: ACCOUNT_0.address,
        invocations: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: ['0x1', '1', '0'],
          },
        ],
      }),
    );
    expect(estimate.includeDeploy).toBe(false);
    expect(BigInt(estimate.suggestedMaxFee)).toBeGreaterThan(
      BigInt(estimate.overallFee),
    );
  });

  it('lists its transactions with every field, statuses from the node', async () => {
    const recipient =
      '0x00000000000000000000000000000000000000000000000000000000000b0b01';
    const sent = await sendStrk(wallet, recipient, 7n);
    const records = await plainResultOf(
      invoke(wallet, 'snapnet_getTransactions', {
        senderAddress: ACCOUNT_0.address,
        withDeployTxn: true,
      }),
    );
    const invokeRecord = records.find(
      (record: { txnHash: string }) => record.txnHash === sent,
    );
    expect(invokeRecord).toMatchObject({
      txnType: 'invoke',
      senderAddress: ACCOUNT_0.address,
      contractAddress: STRK,
      contractFuncName: 'transfer',
      status: 'ACCEPTED_ON_L2',
      failureReason: null,
      chainId: TESTNET,
    });
    expect(invokeRecord.contractCallData).toHaveLength(3);
    expect(typeof invokeRecord.timestamp).toBe('number');

    const withoutDeploy = await plainResultOf(
      invoke(wallet, 'snapnet_getTransactions', {
        senderAddress: ACCOUNT_0.address,
        onlyFromState: true,
      }),
    );
    expect(
      withoutDeploy.some(
        (record: { txnType: string }) => record.txnType === 'deploy_account',
      ),
    ).toBe(false);
  });

  it('finds from the node what another install of the same seed sent (no state)', async () => {
    const sent = await sendStrk(wallet, '0x123', 1n);
    const other = await installSharedWallet();
    const records = await plainResultOf(
      invoke(other, 'snapnet_getTransactions', {
        senderAddress: ACCOUNT_0.address,
        pageSize: 25,
      }),
    );
    const found = records.find(
      (record: { txnHash: string }) => BigInt(record.txnHash) === BigInt(sent),
    );
    expect(found).toMatchObject({
      txnType: 'invoke',
      contractFuncName: 'transfer',
      status: 'ACCEPTED_ON_L2',
    });
    expect(found.contractAddress).toBe(STRK);
    expect(found.eventIds.length).toBeGreaterThan(0);
  });

  it('filters by called contract, answers the getTransaction alias alike', async () => {
    await sendStrk(wallet, '0x456', 2n);
    const query = {
      senderAddress: ACCOUNT_0.address,
      contractAddress: STRK,
      txnsInLastNumOfDays: '1',
      onlyFromState: true,
    };
    const records = await plainResultOf(
      invoke(wallet, 'snapnet_getTransactions', query),
    );
    expect(records.length).toBeGreaterThan(0);
    expect(
      records.every(
        (record: { contractAddress: string }) =>
          record.contractAddress === STRK,
      ),
    ).toBe(true);
    expect(
      await plainResultOf(invoke(wallet, 'snapnet_getTransaction', query)),
    ).toStrictEqual(records);
    const elsewhere = await plainResultOf(
      invoke(wallet, 'snapnet_getTransactions', {
        ...query,
        contractAddress: ETH,
      }),
    );
    expect(elsewhere).toStrictEqual([]);
  });

  it('rejects a page size the API does not allow', async () => {
    expect(
      await invoke(wallet, 'snapnet_getTransactions', {
        senderAddress: ACCOUNT_0.address,
        pageSize: 7,
      }),
    ).toRespondWithError(
      expect.objectContaining({
        code: -32602,
        message: expect.stringContaining('pageSize'),
      }),
    );
  });

  it('signs a declare with the nonce from the node when the dapp gives none', async () => {
    const pending = invoke(wallet, 'snapnet_signDeclareTransaction', {
      address: ACCOUNT_0.address,
      chainId: TESTNET,
      details: {
        classHash: '0x1234',
        compiledClassHash: '0x5678',
        resourceBounds: RESOURCE_BOUNDS,
      },
    });
    const dialog = await confirmationOf(pending);
    const nonceShown = /Nonce Text (\d+)/u.exec(textOf(dialog.content))?.[1];
    expect(Number(nonceShown)).toBeGreaterThan(0);
    await dialog.ok();
    expect((await plainResultOf(pending)).signature).toHaveLength(2);
    const unbounded = await errorOf(
      invoke(wallet, 'snapnet_signDeclareTransaction', {
        address: ACCOUNT_0.address,
        chainId: TESTNET,
        details: { classHash: '0x1234', compiledClassHash: '0x5678' },
      }),
    );
    expect(unbounded.message).toContain('details.resourceBounds');
  });

  it('signs with the nonce and bounds from the node when the dapp gives none', async () => {
    const calls = [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: ['0x1', '1', '0'],
      },
    ];
    const pending = invoke(wallet, 'snapnet_signTransaction', {
      address: ACCOUNT_0.address,
      chainId: TESTNET,
      transactions: calls,
    });
    const dialog = await confirmationOf(pending);
    const nonceShown = /Nonce Text (\d+)/u.exec(textOf(dialog.content))?.[1];
    expect(nonceShown).toBeDefined();
    await dialog.ok();
    const signature = await plainResultOf(pending);
    expect(signature).toHaveLength(2);
  });

  it('adds a token after checking it on chain, and refuses duplicates and non-tokens', async () => {
    const state = JSON.parse(JSON.stringify(freshStateWithoutEth()));
    const withoutEth = await installWallet({ state });
    const wrongDecimals = await errorOf(
      invoke(withoutEth, 'snapnet_addErc20Token', {
        tokenAddress: ETH,
        tokenName: 'Ether',
        tokenSymbol: 'ETH',
        tokenDecimals: '6',
        chainId: TESTNET,
      }),
    );
    expect(wrongDecimals.code).toBe(-32602);
    expect(wrongDecimals.message).toContain(
      "differs from the token's 18 decimals",
    );
    const pending = invoke(withoutEth, 'snapnet_addErc20Token', {
      tokenAddress: ETH,
      tokenName: 'Ether',
      tokenSymbol: 'ETHX',
      tokenDecimals: 18,
      chainId: TESTNET,
    });
    const dialog = await confirmationOf(pending);
    expect(textOf(dialog.content)).toContain(
      'the contract says its symbol is "ETH"',
    );
    await dialog.ok();
    expect(await pending).toRespondWith({
      address: ETH,
      name: 'Ether',
      symbol: 'ETHX',
      decimals: 18,
      chainId: TESTNET,
    });
    const duplicate = await errorOf(
      invoke(withoutEth, 'snapnet_addErc20Token', {
        tokenAddress: ETH,
        tokenName: 'Ether',
        tokenSymbol: 'ETH',
        chainId: TESTNET,
      }),
    );
    expect(duplicate.message).toContain('already in the wallet');
    const notToken = await errorOf(
      invoke(withoutEth, 'snapnet_addErc20Token', {
        tokenAddress: ACCOUNT_0.address,
        tokenName: 'Nope',
        tokenSymbol: 'NOPE',
        chainId: TESTNET,
      }),
    );
    expect(notToken.message).toContain(
      'does not answer decimals() and symbol()',
    );
    const nothing = await errorOf(
      invoke(withoutEth, 'snapnet_addErc20Token', {
        tokenAddress: '0x7777',
        tokenName: 'Nope',
        tokenSymbol: 'NOPE',
        chainId: TESTNET,
      }),
    );
    expect(nothing.message).toContain('no contract is deployed');
  });

  it('asks a foreign account contract to verify a signature', async () => {
    const [predeployed] = testNode().accounts;
    if (!predeployed) {
      throw new Error('The node has no predeployed account');
    }
    const messageHash = typedData.getMessageHash(
      typedDataRevision1,
      predeployed.address,
    );
    const { r, s } = ec.starkCurve.sign(messageHash, predeployed.privateKey);
    const signature = [`0x${r.toString(16)}`, `0x${s.toString(16)}`];
    const verify = async (candidate: string[]): Promise<unknown> =>
      resultOf(
        invoke(wallet, 'snapnet_verifySignedMessage', {
          typedDataMessage: typedDataRevision1,
          address: predeployed.address,
          signature: candidate,
        }),
      );
    expect(await verify(signature)).toBe(true);
    expect(await verify([signature[0] ?? '', '0x1'])).toBe(false);
  });

  it('shows raw the calldata of a contract with no code, whatever ABI the dapp gives', async () => {
    // A site's ABI describes only a class the chain shows without an ABI
    // (test/chain/calls.test.ts); here there is no class at all.
    const abi = [
      {
        type: 'function',
        name: 'transfer',
        inputs: [
          {
            name: 'recipient',
            type: 'core::starknet::contract_address::ContractAddress',
          },
          { name: 'amount', type: 'core::integer::u256' },
        ],
      },
    ];
    const target =
      '0x0000000000000000000000000000000000000000000000000000000000005555';
    const pending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [
        {
          contractAddress: target,
          entrypoint: 'transfer',
          calldata: ['0x1', '0x5', '0x0'],
        },
      ],
      abis: { [target]: abi },
      details: { nonce: '0x5', resourceBounds: RESOURCE_BOUNDS },
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).not.toContain('transfer(recipient, amount)');
    expect(text).toContain('0x1, 0x5, 0x0');
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });
});
