import { statusThroughSnap } from './actions';
import { mintStrk, nodeRequest, ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0, MAINNET, STRK } from '../fixtures';
import {
  confirmationOf,
  createAccount,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  resultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';

const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/**
 * A token balance read through the snap.
 *
 * @param wallet - The snap.
 * @param owner - The holder.
 * @returns The latest balance.
 */
async function balanceOf(wallet: Wallet, owner: string): Promise<bigint> {
  const { balanceLatest } = await plainResultOf(
    invoke(wallet, 'snapnet_getErc20TokenBalance', {
      tokenAddress: STRK,
      userAddress: owner,
    }),
  );
  return BigInt(balanceLatest);
}

describe('an account on chain, end to end', () => {
  it('estimates, deploys, transfers and reports status, counting node calls', async () => {
    const wallet = await installSharedWallet();
    expect(await balanceOf(wallet, ACCOUNT_0.address)).toBe(100n * ONE_STRK);

    const deployFee = await plainResultOf(
      invoke(wallet, 'snapnet_estimateAccountDeployFee', {}),
    );
    expect(deployFee.unit).toBe('wei');
    expect(BigInt(deployFee.overallFee)).toBeGreaterThan(0n);
    expect(BigInt(deployFee.suggestedMaxFee)).toBeGreaterThan(
      BigInt(deployFee.overallFee),
    );

    const estimate = await plainResultOf(
      invoke(wallet, 'snapnet_estimateFee', {
        address: ACCOUNT_0.address,
        invocations: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, '1', '0'],
          },
        ],
      }),
    );
    expect(estimate.includeDeploy).toBe(true);
    expect(BigInt(estimate.overallFee)).toBeGreaterThan(
      BigInt(deployFee.overallFee),
    );

    const deploying = invoke(wallet, 'snapnet_createAccount', { deploy: true });
    const deployDialog = await confirmationOf(deploying);
    expect(textOf(deployDialog.content)).toContain(ACCOUNT_0.address);
    expect(textOf(deployDialog.content)).toContain('STRK');
    await deployDialog.ok();
    const created = await plainResultOf(deploying);
    expect(created.address).toBe(ACCOUNT_0.address);
    expect(created.transaction_hash).toMatch(/^0x[0-9a-f]+$/u);
    expect(await statusThroughSnap(wallet, created.transaction_hash)).toBe(
      'ACCEPTED_ON_L2',
    );

    const before = await balanceOf(wallet, ACCOUNT_0.address);
    testNode().resetRequestCount();
    const sending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [RECIPIENT, '0x29a2241af62c0000', '0x0'],
        },
      ],
    });
    const sendDialog = await confirmationOf(sending);
    const shown = textOf(sendDialog.content);
    expect(shown).toContain('Send 3 STRK');
    expect(shown).toContain(RECIPIENT);
    expect(shown).toContain('https://dapp.example');
    expect(shown).toContain('Maximum fee');
    await sendDialog.ok();
    const { transaction_hash: sent } = await plainResultOf(sending);
    const roundTrips = testNode().roundTripCount();
    console.log(
      `snapnet_executeTxn (deployed account): ${roundTrips} round trips, ${testNode().requestCount()} node calls`,
    );
    expect(roundTrips).toBe(3);

    const receipt = (await nodeRequest(
      testNode(),
      'starknet_getTransactionReceipt',
      {
        transaction_hash: sent,
      },
    )) as { actual_fee: { amount: string }; execution_status: string };
    expect(receipt.execution_status).toBe('SUCCEEDED');
    const after = await balanceOf(wallet, ACCOUNT_0.address);
    expect(before - after).toBe(
      3n * ONE_STRK + BigInt(receipt.actual_fee.amount),
    );
    expect(await balanceOf(wallet, RECIPIENT)).toBe(3n * ONE_STRK);
  });

  it('leaves no trace when the user declines: nothing sent', async () => {
    const wallet = await installSharedWallet();
    const before = await balanceOf(wallet, RECIPIENT);
    const sending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [RECIPIENT, '5', '0'],
        },
      ],
    });
    await (await confirmationOf(sending)).cancel();
    expect(await sending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
    expect(await balanceOf(wallet, RECIPIENT)).toBe(before);
  });

  it('never reuses a nonce for parallel sends from one account', async () => {
    const wallet = await installSharedWallet();
    const before = await balanceOf(wallet, RECIPIENT);
    // Not async: each SnapRequest must keep its getInterface().
    // eslint-disable-next-line @typescript-eslint/promise-function-async
    const sends = [1, 2, 3].map((amount) =>
      invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, String(amount), '0'],
          },
        ],
      }),
    );
    for (const pending of sends) {
      await (await confirmationOf(pending)).ok();
    }
    const hashes = await Promise.all(
      sends.map(async (pending) => resultOf(pending)),
    );
    expect(new Set(hashes.map((hash) => JSON.stringify(hash))).size).toBe(3);
    expect(await balanceOf(wallet, RECIPIENT)).toBe(before + 6n);
  });

  it('names the network when its node is down, and records nothing', async () => {
    const wallet = await installSharedWallet();
    const error = await errorOf(
      invoke(wallet, 'snapnet_getErc20TokenBalance', {
        tokenAddress: STRK,
        userAddress: ACCOUNT_0.address,
        chainId: MAINNET,
      }),
    );
    expect(error.message).toContain('Mainnet');
    expect(error.message).toContain('unreachable');
  });

  it('answers an unknown transaction hash with a clear error', async () => {
    const wallet = await installSharedWallet();
    const error = await errorOf(
      invoke(wallet, 'snapnet_getTransactionStatus', {
        transactionHash: '0x1234',
      }),
    );
    expect(error.message).toContain('0x1234');
    expect(error.message).toContain('not known');
  });
});

describe('the first transaction of an undeployed account', () => {
  it('deploys it and sends the calls in one confirmation', async () => {
    const wallet = await installSharedWallet();
    const created = await createAccount(wallet, { addressIndex: 3 });
    await mintStrk(testNode(), created.address, 10n * ONE_STRK);
    const sending = invoke(wallet, 'snapnet_executeTxn', {
      address: created.address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [RECIPIENT, '9', '0'],
        },
      ],
    });
    const dialog = await confirmationOf(sending);
    expect(textOf(dialog.content)).toContain('not deployed yet');
    await dialog.ok();
    const { transaction_hash: sent } = await plainResultOf(sending);
    expect(await statusThroughSnap(wallet, sent)).toBe('ACCEPTED_ON_L2');
    const records = await plainResultOf(
      invoke(wallet, 'snapnet_getTransactions', {
        senderAddress: created.address,
        withDeployTxn: true,
        onlyFromState: true,
      }),
    );
    expect(
      records.map((record: { txnType: string }) => record.txnType).sort(),
    ).toStrictEqual(['deploy_account', 'invoke']);
  });
});
