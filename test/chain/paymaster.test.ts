import type { Json } from '@metamask/snaps-sdk';

import { balanceOn, receiptOf, relayerOf } from './actions';
import { SPONSORED, mint, nodeRequest, useFundedNode } from './node';
import { formatUnits } from '../../src/format';
import { ACCOUNT_0, ETH, STRK } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * Fees through the network's SNIP-29 paymaster, end to end: the built snap
 * asks the test node's paymaster (the local node's, or the devnet tier's in
 * front of starknet-devnet), the user sees and approves, the relayer sends,
 * and the balances on the node say who paid what.
 */

const RECIPIENT =
  '0x00000000000000000000000000000000000000000000000000000000000b0b01';
const ONE_ETH = 10n ** 18n;

// ACCOUNT_0 holds no STRK at all: only ETH, minted below.
const testNode = useFundedNode(ACCOUNT_0.address, 0n);

const balance = async (token: string, owner: string): Promise<bigint> =>
  balanceOn(testNode(), token, owner);
const relayer = (): string => relayerOf(testNode());

/**
 * An ETH transfer from ACCOUNT_0 through the paymaster.
 *
 * @param wallet - The snap.
 * @param amount - How much (wei).
 * @param paymaster - The paymaster param.
 * @returns The pending request.
 */
function sendEth(
  wallet: Wallet,
  amount: bigint,
  paymaster: Json,
): ReturnType<typeof invoke> {
  return invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls: [
      {
        contractAddress: ETH,
        entrypoint: 'transfer',
        calldata: [RECIPIENT, `0x${amount.toString(16)}`, '0x0'],
      },
    ],
    paymaster,
  });
}

describe('fees through the paymaster', () => {
  let wallet: Wallet;

  beforeAll(async () => {
    await mint(testNode(), ACCOUNT_0.address, 2n * ONE_ETH, 'WEI');
    wallet = await installSharedWallet();
  });

  it('estimates the fee in ETH, deployment included, as a send would sign it', async () => {
    const estimate = await plainResultOf(
      invoke(wallet, 'snapnet_estimateFee', {
        address: ACCOUNT_0.address,
        invocations: [
          {
            contractAddress: ETH,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, '0x1', '0x0'],
          },
        ],
        paymaster: { feeMode: { mode: 'default', gasToken: ETH } },
      }),
    );
    expect(estimate.includeDeploy).toBe(true);
    expect(estimate.gasToken).toBe(ETH);
    expect(BigInt(estimate.overallFee)).toBeGreaterThan(0n);
    expect(BigInt(estimate.suggestedMaxFee)).toBeGreaterThanOrEqual(
      BigInt(estimate.overallFee),
    );
    expect(testNode().requestCount('paymaster_executeTransaction')).toBe(0);
  });

  it('deploys an account that holds only ETH with its first transfer, the fee paid in ETH, in one confirmation', async () => {
    const payee = relayer();
    const payeeBefore = await balance(ETH, payee);
    const sending = sendEth(wallet, ONE_ETH / 10n, {
      feeMode: { mode: 'default', gasToken: ETH },
    });
    const dialog = await confirmationOf(sending);
    const shown = textOf(dialog.content);
    // What the user asked, in the title; the paymaster's fee transfer is not.
    expect(shown).toContain(
      `Heading Deploy account and send 0.1 ETH to ${RECIPIENT.slice(0, 6)}…${RECIPIENT.slice(-4)}, through a paymaster`,
    );
    expect(shown).toContain('127.0.0.1');
    expect(shown).toContain('The paymaster deploys it');
    expect(shown).toContain('Fee, paid in ETH');
    expect(shown).toContain(RECIPIENT);
    expect(shown).toContain(ACCOUNT_0.address);
    await dialog.ok();
    const { transaction_hash: hash } = await plainResultOf(sending);
    const receipt = await receiptOf(testNode(), hash);
    expect(receipt.execution_status).toBe('SUCCEEDED');

    // Deployed, the transfer done, the fee taken in ETH, no STRK ever.
    const classHash = await nodeRequest(testNode(), 'starknet_getClassHashAt', {
      block_id: 'latest',
      contract_address: ACCOUNT_0.address,
    });
    expect(BigInt(String(classHash))).not.toBe(0n);
    expect(await balance(ETH, RECIPIENT)).toBe(ONE_ETH / 10n);
    const fee = (await balance(ETH, payee)) - payeeBefore;
    expect(fee).toBeGreaterThan(0n);
    expect(await balance(ETH, ACCOUNT_0.address)).toBe(
      2n * ONE_ETH - ONE_ETH / 10n - fee,
    );
    expect(await balance(STRK, ACCOUNT_0.address)).toBe(0n);
    // The fee taken is the amount the dialog showed.
    expect(shown).toContain(`${formatUnits(fee, 18)} ETH`);
  });

  it('sends a sponsored transaction: the account pays nothing', async () => {
    const before = await balance(ETH, ACCOUNT_0.address);
    const recipientBefore = await balance(ETH, RECIPIENT);
    const sending = sendEth(wallet, 5n, SPONSORED);
    const dialog = await confirmationOf(sending);
    const shown = textOf(dialog.content);
    expect(shown).toContain(
      `Heading Send 0.000000000000000005 ETH to ${RECIPIENT.slice(0, 6)}…${RECIPIENT.slice(-4)}, through a paymaster`,
    );
    expect(shown).toContain('Sponsored by 127.0.0.1');
    expect(shown).not.toContain('Fee, paid in');
    await dialog.ok();
    const { transaction_hash: hash } = await plainResultOf(sending);
    expect((await receiptOf(testNode(), hash)).execution_status).toBe(
      'SUCCEEDED',
    );
    expect(await balance(ETH, ACCOUNT_0.address)).toBe(before - 5n);
    expect(await balance(ETH, RECIPIENT)).toBe(recipientBefore + 5n);
  });

  it('sends nothing when the user declines (4001), and signs nothing', async () => {
    const before = await balance(ETH, ACCOUNT_0.address);
    testNode().resetRequestCount();
    const sending = sendEth(wallet, 7n, {
      feeMode: { mode: 'default', gasToken: ETH },
    });
    await (await confirmationOf(sending)).cancel();
    expect((await errorOf(sending)).code).toBe(4001);
    expect(testNode().requestCount('paymaster_executeTransaction')).toBe(0);
    expect(await balance(ETH, ACCOUNT_0.address)).toBe(before);
  });

  it('counts the round trips of a paymaster executeTxn', async () => {
    testNode().resetRequestCount();
    const sending = sendEth(wallet, 3n, {
      feeMode: { mode: 'default', gasToken: ETH },
    });
    await (await confirmationOf(sending)).ok();
    await plainResultOf(sending);
    const roundTrips = testNode().roundTripCount();
    console.log(
      `snapnet_executeTxn through the paymaster (deployed account): ${roundTrips} round trips (node and paymaster)`,
    );
    // Node: nonce + classes, simulation + ABIs + nonce check, the answered
    // hash's receipt (did it run what was signed?); paymaster: build,
    // execute.
    expect(roundTrips).toBe(5);
  });

  it('deploys a new account sponsored, from createAccount, signing nothing', async () => {
    const creating = invoke(wallet, 'snapnet_createAccount', {
      addressIndex: 1,
      deploy: true,
      paymaster: SPONSORED,
    });
    const dialog = await confirmationOf(creating);
    const shown = textOf(dialog.content);
    expect(shown).toContain('Deploy account through a paymaster');
    expect(shown).toContain('Sponsored by 127.0.0.1');
    expect(shown).toContain('Nothing is signed');
    expect(shown).toContain('Approving also shares this account');
    await dialog.ok();
    const created = await plainResultOf(creating);
    expect(created.address).not.toBe(ACCOUNT_0.address);
    expect(
      (await receiptOf(testNode(), created.transaction_hash)).execution_status,
    ).toBe('SUCCEEDED');
    const classHash = await nodeRequest(testNode(), 'starknet_getClassHashAt', {
      block_id: 'latest',
      contract_address: created.address,
    });
    expect(BigInt(String(classHash))).not.toBe(0n);
    expect(await balance(STRK, created.address)).toBe(0n);
  });

  it("refuses a fee above the site's cap, and a paymaster without a deployment, naming the field", async () => {
    const capped = await errorOf(
      sendEth(wallet, 1n, {
        feeMode: { mode: 'default', gasToken: ETH },
        maxFeeInGasToken: '1',
      }),
    );
    expect(capped.code).toBe(-32002);
    expect(capped.message).toContain('above the cap of 1 the site set');
    const notDeploying = await errorOf(
      invoke(wallet, 'snapnet_createAccount', {
        addressIndex: 2,
        paymaster: { feeMode: { mode: 'sponsored' } },
      }),
    );
    expect(notDeploying.code).toBe(-32602);
    expect(notDeploying.message).toContain(
      'paymaster: is used only with deploy: true',
    );
  });

  it("refuses sponsorship without the dapp's key as AVNU's service does (163), saying so, before any dialog", async () => {
    testNode().resetRequestCount();
    const error = await errorOf(
      sendEth(wallet, 1n, { feeMode: { mode: 'sponsored' } }),
    );
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('refused (163)');
    expect(error.message).toContain("sponsorship may need the dapp's apiKey");
    expect(testNode().requestCount('paymaster_executeTransaction')).toBe(0);
  });

  it('refuses a gas token the wallet does not know, and a token-less network paymaster choice, naming the field', async () => {
    const unknown = await errorOf(
      sendEth(wallet, 1n, {
        feeMode: { mode: 'default', gasToken: RECIPIENT },
      }),
    );
    expect(unknown.code).toBe(-32602);
    expect(unknown.message).toContain('paymaster.feeMode.gasToken');
    const withDetails = await errorOf(
      invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls: [
          {
            contractAddress: ETH,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, '1', '0'],
          },
        ],
        details: { nonce: '0x5' },
        paymaster: { feeMode: { mode: 'sponsored' } },
      }),
    );
    expect(withDetails.code).toBe(-32602);
    expect(withDetails.message).toContain('details');
  });
});
