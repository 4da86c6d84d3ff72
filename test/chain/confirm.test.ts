import type { Json } from '@metamask/snaps-sdk';
import { EDAMode, hash, transaction } from 'starknet';
import type { ResourceBoundsBN } from 'starknet';

import { mintStrk, nodeRequest, ONE_STRK, useFundedNode } from './node';
import { maxFeeOf } from './sentTransaction';
import type { SentTransaction } from './sentTransaction';
import { formatUnits } from '../../src/format';
import { ACCOUNT_0, RESOURCE_BOUNDS, STRK, TESTNET } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { signedBy } from '../signatures';

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';
/** An address with no contract on the test node. */
const NOWHERE =
  '0x0000000000000000000000000000000000000000000000000000000000077777';

const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/**
 * A transfer of STRK to RECIPIENT.
 *
 * @param amount - How much (FRI).
 * @returns The call.
 */
const transfer = (amount: bigint): { [key: string]: Json } => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: [RECIPIENT, amount.toString(), '0'],
});

/**
 * The account's current nonce on the node.
 *
 * @returns The nonce.
 */
async function nonceOf(): Promise<bigint> {
  return BigInt(
    String(
      await nodeRequest(testNode(), 'starknet_getNonce', {
        block_id: 'pre_confirmed',
        contract_address: ACCOUNT_0.address,
      }),
    ),
  );
}

/**
 * Sends calls through the snap and returns the dialog's text and the pending
 * request.
 *
 * @param wallet - The snap.
 * @param params - executeTxn params besides the address.
 * @returns The dialog text, the dialog and the request.
 */
async function openSend(
  wallet: Wallet,
  params: Record<string, unknown>,
): Promise<{
  text: string;
  dialog: Awaited<ReturnType<typeof confirmationOf>>;
  pending: ReturnType<typeof invoke>;
}> {
  const pending = invoke(
    wallet,
    'snapnet_executeTxn',
    JSON.parse(JSON.stringify({ address: ACCOUNT_0.address, ...params })),
  );
  const dialog = await confirmationOf(pending);
  return { text: textOf(dialog.content), dialog, pending };
}

const BN = (bounds: typeof RESOURCE_BOUNDS): ResourceBoundsBN => ({
  l1_gas: {
    max_amount: BigInt(bounds.l1_gas.max_amount),
    max_price_per_unit: BigInt(bounds.l1_gas.max_price_per_unit),
  },
  l2_gas: {
    max_amount: BigInt(bounds.l2_gas.max_amount),
    max_price_per_unit: BigInt(bounds.l2_gas.max_price_per_unit),
  },
  l1_data_gas: {
    max_amount: BigInt(bounds.l1_data_gas.max_amount),
    max_price_per_unit: BigInt(bounds.l1_data_gas.max_price_per_unit),
  },
});

describe('what you see is what you sign', () => {
  let wallet: Wallet;

  beforeAll(async () => {
    const first = await installSharedWallet();
    const deploying = invoke(first, 'snapnet_createAccount', { deploy: true });
    const dialog = await confirmationOf(deploying);
    const text = textOf(dialog.content);
    expect(text).toContain('Deploy account');
    expect(text).toContain('Account deployment fee');
    expect(text).toContain('L2 gas');
    await dialog.ok();
    await plainResultOf(deploying);
  });

  beforeEach(async () => {
    wallet = await installSharedWallet();
  });

  it('shows the simulated balance change and every signed fee field, and signs exactly that', async () => {
    const tip = 1000n;
    const { text, dialog, pending } = await openSend(wallet, {
      calls: [transfer(2n * ONE_STRK)],
      details: { tip: `0x${tip.toString(16)}` },
    });
    expect(text).toContain('Your balance changes (simulated, before fees)');
    expect(text).toContain('-2 STRK');
    for (const line of [
      'Nonce',
      'Version',
      'L1 gas',
      'L2 gas',
      'L1 data gas',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(`Tip Text ${tip} FRI per unit of L2 gas`);
    await dialog.ok();
    const { transaction_hash: sentHash } = await plainResultOf(pending);
    const sent = (await nodeRequest(
      testNode(),
      'starknet_getTransactionByHash',
      {
        transaction_hash: sentHash,
      },
    )) as SentTransaction;
    expect(BigInt(sent.tip)).toBe(tip);
    // The maximum shown is the one the node received, tip included.
    expect(text).toContain(
      `Maximum fee Text ${formatUnits(maxFeeOf(sent), 18)} STRK`,
    );
  });

  it('flags a tip far above the network price, and counts it against a maxFee cap', async () => {
    const { text, dialog, pending } = await openSend(wallet, {
      calls: [transfer(1n)],
      details: { tip: `0x${(10n ** 12n).toString(16)}` },
    });
    expect(text).toContain('Check the fee');
    expect(text).toContain('The tip (1000000000000 FRI per unit of L2 gas)');
    const nonce = await nonceOf();
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
    expect(await nonceOf()).toBe(nonce);

    const capped = await errorOf(
      invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls: [transfer(1n)],
        details: {
          tip: '0xe8d4a51000',
          resourceBounds: RESOURCE_BOUNDS,
          // Covers the bounds without the tip, not with it.
          maxFee: (0x200000n * 0x3b9aca00n + 0x200n * 0x3b9aca00n).toString(),
        },
      }),
    );
    expect(capped.code).toBe(-32602);
    expect(capped.message).toContain('details.maxFee');
    expect(capped.message).toContain('tip included');
  });

  it.each([
    [{ paymasterData: ['0x1'] }, 'details.paymasterData'],
    [{ accountDeploymentData: ['0x1'] }, 'details.accountDeploymentData'],
    [{ feeDataAvailabilityMode: 'L2' }, 'details.feeDataAvailabilityMode'],
  ])(
    'refuses the signed field %j it could not show, before asking the node',
    async (details, field) => {
      testNode().resetRequestCount();
      expect(
        await invoke(wallet, 'snapnet_executeTxn', {
          address: ACCOUNT_0.address,
          calls: [transfer(1n)],
          details,
        }),
      ).toRespondWithError(
        expect.objectContaining({
          code: -32602,
          message: expect.stringContaining(field),
        }),
      );
      expect(testNode().roundTripCount()).toBe(0);
    },
  );

  it('shows a revert found in simulation, and records the revert when sent anyway', async () => {
    const { text, dialog, pending } = await openSend(wallet, {
      calls: [transfer(10_000n * ONE_STRK)],
    });
    expect(text).toContain('This transaction fails');
    expect(text).toContain('In simulation it reverts');
    await dialog.ok();
    const { transaction_hash: sentHash } = await plainResultOf(pending);
    const status = await plainResultOf(
      invoke(wallet, 'snapnet_getTransactionStatus', {
        transactionHash: sentHash,
      }),
    );
    expect(status).toBe('REVERTED');
  });

  it('flags calls to nowhere, to the account itself, and lost transfers', async () => {
    const { text, dialog, pending } = await openSend(wallet, {
      calls: [
        { contractAddress: NOWHERE, entrypoint: 'mint', calldata: [] },
        {
          contractAddress: ACCOUNT_0.address,
          entrypoint: 'change_guardian',
          calldata: ['0x1'],
        },
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: ['0x0', '1', '0'],
        },
      ],
    });
    expect(text).toContain(`Nothing is deployed at ${NOWHERE}`);
    expect(text).toContain('your own account contract');
    expect(text).toContain('zero address');
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });

  it("labels calls with the chain's ABI, not the one the site sends", async () => {
    // The account's own class (Argent 0.3.1) carries its ABI on every
    // backend; the site describes the same call as something harmless.
    const lyingAbi = [
      {
        type: 'function',
        name: 'change_guardian_backup',
        inputs: [{ name: 'harmless_note', type: 'core::felt252' }],
      },
    ];
    const { text, dialog, pending } = await openSend(wallet, {
      calls: [
        {
          contractAddress: ACCOUNT_0.address,
          entrypoint: 'change_guardian_backup',
          calldata: ['0x1234'],
        },
      ],
      abis: { [ACCOUNT_0.address]: lyingAbi },
    });
    expect(text).toContain(
      "Labelled with the contract's ABI as the chain has it",
    );
    expect(text).toContain('change_guardian_backup(new_guardian_backup)');
    expect(text).not.toContain('harmless_note');
    expect(text).toContain('your own account contract');
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });

  it("does not describe a contract with no code with the site's ABI", async () => {
    // The site's ABI is used only for a class the chain shows without an
    // ABI (test/chain/calls.test.ts); here there is no class at all.
    const siteAbi = [
      {
        type: 'function',
        name: 'mint',
        inputs: [{ name: 'amount', type: 'core::felt252' }],
      },
    ];
    const { text, dialog, pending } = await openSend(wallet, {
      calls: [
        { contractAddress: NOWHERE, entrypoint: 'mint', calldata: ['0x5'] },
      ],
      abis: { [NOWHERE]: siteAbi },
    });
    expect(text).toContain(`Nothing is deployed at ${NOWHERE}`);
    expect(text).not.toContain('As the site describes it');
    expect(text).not.toContain('mint(amount)');
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });
});

describe('signing without sending', () => {
  const calls = [
    {
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [RECIPIENT, '1500000000000000000', '0'],
    },
  ];

  beforeAll(async () => {
    await mintStrk(testNode(), ACCOUNT_0.address, ONE_STRK);
  });

  it('signs the invoke hash of the given nonce, bounds and tip after showing them', async () => {
    const wallet = await installSharedWallet();
    const pending = invoke(wallet, 'snapnet_signTransaction', {
      senderAddress: ACCOUNT_0.address,
      chainId: TESTNET,
      transactions: calls,
      transactionsDetail: {
        nonce: 7,
        resourceBounds: RESOURCE_BOUNDS,
        tip: '0x10',
      },
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain('Heading Sign: Send 1.5 STRK to 0x0000…');
    expect(text).toContain('Signature only');
    expect(text).toContain('Send 1.5 STRK');
    expect(text).toContain('-1.5 STRK');
    expect(text).toContain('Nonce Text 7');
    expect(text).toContain('Tip Text 16 FRI per unit of L2 gas');
    await dialog.ok();
    const expected = hash.calculateInvokeTransactionHash({
      senderAddress: ACCOUNT_0.address,
      version: '0x3',
      compiledCalldata: transaction.getExecuteCalldata(calls, '1'),
      chainId: TESTNET,
      nonce: '0x7',
      accountDeploymentData: [],
      nonceDataAvailabilityMode: EDAMode.L1,
      feeDataAvailabilityMode: EDAMode.L1,
      resourceBounds: BN(RESOURCE_BOUNDS),
      tip: '0x10',
      paymasterData: [],
    });
    expect(
      signedBy(ACCOUNT_0.privateKey, await plainResultOf(pending), expected),
    ).toBe(true);
  });

  it('signs a declaration by hash after showing its fee against current prices', async () => {
    const wallet = await installSharedWallet();
    const classHash = '0x1234';
    const compiledClassHash = '0x5678';
    const greedy = {
      ...RESOURCE_BOUNDS,
      l2_gas: { max_amount: '0x200000', max_price_per_unit: '0x3b9aca0000' },
    };
    const pending = invoke(wallet, 'snapnet_signDeclareTransaction', {
      senderAddress: ACCOUNT_0.address,
      chainId: TESTNET,
      details: {
        classHash,
        compiledClassHash,
        senderAddress: ACCOUNT_0.address,
        chainId: TESTNET,
        nonce: '0x2',
        resourceBounds: greedy,
      },
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain('Sign contract declaration');
    expect(text).toContain(compiledClassHash);
    expect(text).toContain('Check the fee');
    expect(text).toContain('L2 gas price cap');
    await dialog.ok();
    const expected = hash.calculateDeclareTransactionHash({
      classHash,
      compiledClassHash,
      senderAddress: ACCOUNT_0.address,
      version: '0x3',
      chainId: TESTNET,
      nonce: '0x2',
      accountDeploymentData: [],
      nonceDataAvailabilityMode: EDAMode.L1,
      feeDataAvailabilityMode: EDAMode.L1,
      resourceBounds: BN(greedy),
      tip: 0,
      paymasterData: [],
    });
    const { signature } = await plainResultOf(pending);
    expect(signedBy(ACCOUNT_0.privateKey, signature, expected)).toBe(true);
  });

  it('answers 4001 and signs nothing when the user declines', async () => {
    const wallet = await installSharedWallet();
    const pending = invoke(wallet, 'snapnet_signDeclareTransaction', {
      address: ACCOUNT_0.address,
      chainId: TESTNET,
      details: {
        classHash: '0x1234',
        compiledClassHash: '0x5678',
        nonce: '0x2',
        resourceBounds: RESOURCE_BOUNDS,
      },
    });
    await (await confirmationOf(pending)).cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });
});
