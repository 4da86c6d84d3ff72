import type { Json } from '@metamask/snaps-sdk';
import { hash, shortString, uint256 } from 'starknet';

import {
  AMPLE_BOUNDS,
  callView,
  deployAccount0,
  executeFromAccount0,
  receiptOf,
  statusThroughSnap,
} from './actions';
import { predeployedAccount } from './classes';
import { ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0, STRK, TESTNET } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  resultOf,
  textOf,
} from '../installedWallet';
import { readContract } from '../vendored';

/** Universal Deployer v2: at the same address on Starknet, devnet and the local node. */
const UDC =
  '0x02ceed65a4bd731034c01113685c831b01c15d7d432f71afb1cf1634b53a2125';
const TRANSFER_KEY = hash.getSelectorFromName('Transfer');
const SUPPLY = 1_000_000n;
const SALT = '0x5eed';

const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/** A real Cairo 1 ERC-20 (StarkGate's), Sierra and the CASM its compiler gives. */
const erc20: Record<string, Json> = {
  ...readContract<Record<string, Json>>('ERC20-StarkGate.sierra.json'),
  abi: [],
};
const erc20Casm = readContract<Record<string, Json>>(
  'ERC20-StarkGate.casm.json',
);
const erc20ClassHash = hash.computeContractClassHash(JSON.stringify(erc20));

/**
 * A short text as a Cairo ByteArray: no full word, the pending word, its length.
 *
 * @param text - At most 31 ASCII characters.
 * @returns The calldata.
 */
const byteArrayOf = (text: string): string[] => [
  '0',
  shortString.encodeShortString(text),
  String(text.length),
];

/**
 * StarkGate's constructor: name and symbol (ByteArray), decimals, initial
 * supply (u256), recipient, permitted minter, governance admin, upgrade delay.
 */
const constructorCalldata = [
  ...byteArrayOf('Test Token'),
  ...byteArrayOf('TTK'),
  '18',
  SUPPLY.toString(),
  '0',
  ACCOUNT_0.address,
  ACCOUNT_0.address,
  ACCOUNT_0.address,
  '0',
];
const tokenAddress = hash.calculateContractAddressFromHash(
  SALT,
  erc20ClassHash,
  constructorCalldata,
  0,
);
const token = `0x${BigInt(tokenAddress).toString(16).padStart(64, '0')}`;

/**
 * A token balance read through the snap.
 *
 * @param owner - The holder.
 * @returns The latest balance.
 */
async function tokenBalance(owner: string): Promise<bigint> {
  const { balanceLatest } = await plainResultOf(
    invoke(await installSharedWallet(), 'snapnet_getErc20TokenBalance', {
      tokenAddress: token,
      userAddress: owner,
    }),
  );
  return BigInt(balanceLatest);
}

/**
 * A transfer call of the test token.
 *
 * @param to - The recipient.
 * @param amount - How much.
 * @returns The call.
 */
function transferCall(
  to: string,
  amount: bigint,
): {
  contractAddress: string;
  entrypoint: string;
  calldata: string[];
} {
  const { low, high } = uint256.bnToUint256(amount);
  return {
    contractAddress: token,
    entrypoint: 'transfer',
    calldata: [to, low.toString(), high.toString()],
  };
}

// One file, one chain: each test builds on the previous one (declared class,
// deployed token, balances), as a dapp session would.
describe('real contracts through the wallet', () => {
  beforeAll(async () => {
    await deployAccount0(await installSharedWallet());
  });

  it('declares a Sierra class with its CASM: the node checks the compiled class hash', async () => {
    const wallet = await installSharedWallet();
    const pending = invoke(wallet, 'snapnet_declareContract', {
      senderAddress: ACCOUNT_0.address,
      contractPayload: { contract: erc20, casm: erc20Casm },
    });
    const dialog = await confirmationOf(pending);
    expect(textOf(dialog.content)).toContain(erc20ClassHash);
    await dialog.ok();
    const declared = await plainResultOf(pending);
    expect(declared.class_hash).toBe(erc20ClassHash);
    const receipt = await receiptOf(testNode(), declared.transaction_hash);
    expect(receipt.execution_status).toBe('SUCCEEDED');
    expect(await statusThroughSnap(wallet, declared.transaction_hash)).toBe(
      'ACCEPTED_ON_L2',
    );
    const again = await errorOf(
      invoke(wallet, 'snapnet_declareContract', {
        senderAddress: ACCOUNT_0.address,
        contractPayload: { contract: erc20, casm: erc20Casm },
      }),
    );
    // Refused by the node's simulation (41) or as a known class (51); the
    // node's own words are not passed on, its code is.
    expect(again.message).toMatch(/rejected the request \((41|51)\)/u);
    expect([41, 51]).toContain(again.data?.nodeCode);
  });

  it('deploys an ERC-20 through the Universal Deployer, then reads and adds it', async () => {
    const sent = await executeFromAccount0(await installSharedWallet(), [
      {
        contractAddress: UDC,
        entrypoint: 'deploy_contract',
        calldata: [
          erc20ClassHash,
          SALT,
          '0',
          String(constructorCalldata.length),
          ...constructorCalldata,
        ],
      },
    ]);
    expect((await receiptOf(testNode(), sent)).execution_status).toBe(
      'SUCCEEDED',
    );
    expect(await tokenBalance(ACCOUNT_0.address)).toBe(SUPPLY);

    const wallet = await installSharedWallet();
    const adding = invoke(wallet, 'snapnet_addErc20Token', {
      tokenAddress: token,
      tokenName: 'Test Token',
      tokenSymbol: 'TTK',
      tokenDecimals: 18,
      chainId: TESTNET,
    });
    await (await confirmationOf(adding)).ok();
    expect(await adding).toRespondWith({
      address: token,
      name: 'Test Token',
      symbol: 'TTK',
      decimals: 18,
      chainId: TESTNET,
    });
  });

  it.each([
    [
      "the fee token's symbol",
      { tokenSymbol: 'STRK', tokenName: 'Test Token' },
    ],
    [
      'its symbol with separators',
      { tokenSymbol: 's.t.r.k', tokenName: 'Test Token' },
    ],
    ['its name', { tokenSymbol: 'TTK', tokenName: 'Starknet  token' }],
  ])(
    'flags a token that copies %s under a danger banner naming the real one',
    async (_case, names) => {
      const wallet = await installSharedWallet();
      const adding = invoke(wallet, 'snapnet_addErc20Token', {
        tokenAddress: token,
        chainId: TESTNET,
        ...names,
      });
      const dialog = await confirmationOf(adding);
      const text = textOf(dialog.content);
      expect(text).toContain('Look-alike token');
      expect(text).toContain(STRK);
      await dialog.cancel();
      expect(await adding).toRespondWithError(
        expect.objectContaining({ code: 4001 }),
      );
    },
  );

  it('sends a multicall: an approve and a transfer in one transaction', async () => {
    const [spender, recipient] = testNode().accounts;
    if (!spender || !recipient) {
      throw new Error('The node has too few predeployed accounts');
    }
    const sent = await executeFromAccount0(await installSharedWallet(), [
      {
        contractAddress: token,
        entrypoint: 'approve',
        calldata: [spender.address, '700', '0'],
      },
      transferCall(recipient.address, 250n),
    ]);
    const receipt = await receiptOf(testNode(), sent);
    expect(receipt.execution_status).toBe('SUCCEEDED');
    expect(
      await callView(testNode(), token, 'allowance', [
        ACCOUNT_0.address,
        spender.address,
      ]),
    ).toStrictEqual(['0x2bc', '0x0']);
    expect(await tokenBalance(recipient.address)).toBe(250n);
    expect(await tokenBalance(ACCOUNT_0.address)).toBe(SUPPLY - 250n);
  });

  it('records a call that reverts on chain as REVERTED, with the reason', async () => {
    const wallet = await installSharedWallet();
    // Resource bounds given: the snap sends without an estimate, which would
    // refuse a reverting call before the user sees it.
    const sent = await executeFromAccount0(
      wallet,
      [transferCall('0x1234', SUPPLY * 2n)],
      { resourceBounds: AMPLE_BOUNDS },
    );
    const receipt = await receiptOf(testNode(), sent);
    expect(receipt.execution_status).toBe('REVERTED');
    expect(BigInt(receipt.actual_fee.amount)).toBeGreaterThan(0n);
    expect(await statusThroughSnap(wallet, sent)).toBe('REVERTED');
    const records = await plainResultOf(
      invoke(wallet, 'snapnet_getTransactions', {
        senderAddress: ACCOUNT_0.address,
        onlyFromState: true,
      }),
    );
    const record = records.find(
      (item: { txnHash: string }) => BigInt(item.txnHash) === BigInt(sent),
    );
    expect(record.status).toBe('REVERTED');
    expect(record.failureReason).toContain(
      receipt.revert_reason?.slice(0, 40) ?? 'no reason on chain',
    );
    expect(await tokenBalance(ACCOUNT_0.address)).toBe(SUPPLY - 250n);
  });

  it('finds incoming transfers in real Transfer events, with no wallet state', async () => {
    const sender = predeployedAccount(testNode(), 1);
    const incoming = await sender.execute([
      transferCall(ACCOUNT_0.address, 50n),
    ]);
    const incomingStrk = await sender.execute([
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [ACCOUNT_0.address, '77', '0'],
      },
    ]);
    for (const { transaction_hash: sent } of [incoming, incomingStrk]) {
      const receipt = await receiptOf(testNode(), sent);
      const transfer = receipt.events.find(
        (event) => BigInt(event.keys[0] ?? 0) === BigInt(TRANSFER_KEY),
      );
      // Cairo 1 OpenZeppelin/StarkGate layout: from and to are keys.
      expect(transfer?.keys.map(BigInt)).toStrictEqual([
        BigInt(TRANSFER_KEY),
        BigInt(sender.address),
        BigInt(ACCOUNT_0.address),
      ]);
    }
    const wallet = await installSharedWallet();
    const adding = invoke(wallet, 'snapnet_addErc20Token', {
      tokenAddress: token,
      tokenName: 'Test Token',
      tokenSymbol: 'TTK',
      chainId: TESTNET,
    });
    await (await confirmationOf(adding)).ok();
    await resultOf(adding);
    const records = await plainResultOf(
      invoke(wallet, 'snapnet_getTransactions', {
        senderAddress: ACCOUNT_0.address,
        pageSize: 25,
      }),
    );
    const hashes = records.map((record: { txnHash: string }) =>
      BigInt(record.txnHash),
    );
    expect(hashes).toContain(BigInt(incoming.transaction_hash));
    expect(hashes).toContain(BigInt(incomingStrk.transaction_hash));
    const found = records.find(
      (record: { txnHash: string }) =>
        BigInt(record.txnHash) === BigInt(incoming.transaction_hash),
    );
    expect(found).toMatchObject({
      txnType: 'invoke',
      contractAddress: token,
      contractFuncName: 'transfer',
      status: 'ACCEPTED_ON_L2',
    });
    expect(BigInt(found.senderAddress)).toBe(BigInt(sender.address));
  });
});
