import type { Json } from '@metamask/snaps-sdk';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';
import type { WALLET_API } from '@starknet-io/starknet-types-0104';
import { hash, RpcProvider, WalletAccountV5 } from 'starknet';
import type { CompiledSierra } from 'starknet';

import {
  account0Shared,
  connectSharing,
  simulatedMetaMask,
  SNAP_ID,
  withoutDialog,
} from './metamask';
import { defaultState } from '../../../src/state/schema';
import {
  nodeRequest,
  SN_DEVNET,
  useRuntimeNetworkNode,
} from '../../../test/chain/node';
import {
  ACCOUNT_0,
  DAPP_ORIGIN,
  ETH,
  STRK,
  TESTNET,
} from '../../../test/fixtures';
import { TEST_NODE_PORT } from '../../../test/ports';
import { readContract } from '../../../test/vendored';
import {
  createStarknetWallet,
  SnapClient,
  UserRejectedError,
  WalletApiError,
} from '../src';
import type { StarknetSnapWallet } from '../src';
import type { SimulatedMetaMask } from '@snapnet/client/testing';

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';
const ONE_STRK = 10n ** 18n;

let node: LocalNode;
let provider: RpcProvider;

beforeAll(async () => {
  node = await startLocalNode({
    host: '127.0.0.1',
    port: TEST_NODE_PORT,
    seed: 42,
  });
  provider = new RpcProvider({ nodeUrl: node.url });
  await nodeRequest(node, 'devnet_mint', {
    address: ACCOUNT_0.address,
    amount: (100n * ONE_STRK).toString(),
    unit: 'FRI',
  });
});

afterAll(async () => {
  await node.stop();
});

/**
 * The snap's wallet over a fresh snap.
 *
 * @param state - The snap's state to start from (default: a fresh install).
 * @returns The wallet and its MetaMask.
 */
async function freshWallet(state?: Record<string, Json>): Promise<{
  wallet: StarknetSnapWallet;
  metamask: SimulatedMetaMask;
}> {
  const metamask = await simulatedMetaMask(state);
  return {
    wallet: createStarknetWallet({ client: new SnapClient(metamask, SNAP_ID) }),
    metamask,
  };
}

/**
 * The wallet API error code a request fails with.
 *
 * @param request - The pending request.
 * @returns Its code.
 */
async function walletErrorCode(request: Promise<unknown>): Promise<number> {
  try {
    await request;
  } catch (error) {
    if (error instanceof WalletApiError) {
      if (error.code === 163) {
        // Unexpected here: fail with its reason rather than a bare code.
        throw new Error(error.data);
      }
      return error.code;
    }
    throw error;
  }
  throw new Error('Expected the request to fail');
}

describe('the wallet on chain, through starknet.js WalletAccountV5', () => {
  it('connects, sends a transfer (deploying the account first) and declares a class', async () => {
    const { wallet, metamask } = await freshWallet();
    const connecting = WalletAccountV5.connect(provider, wallet);
    expect(await metamask.approveNext('snapnet_createAccount')).toContain(
      ACCOUNT_0.address,
    );
    const account = await connecting;
    expect(account.address).toBe(ACCOUNT_0.address);

    const sending = account.execute({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [RECIPIENT, '1000', '0'],
    });
    await (await metamask.nextConfirmation('snapnet_executeTxn')).ok();
    const { transaction_hash: transactionHash } = await sending;
    const receipt = await provider.waitForTransaction(transactionHash, {
      retryInterval: 50,
    });
    expect(receipt.isSuccess()).toBe(true);
    expect(
      await provider.callContract({
        contractAddress: STRK,
        entrypoint: 'balanceOf',
        calldata: [RECIPIENT],
      }),
    ).toStrictEqual(['0x3e8', '0x0']);

    const contract = {
      ...readContract<CompiledSierra>('ERC20-StarkGate.sierra.json'),
      abi: [],
    };
    const declaring = account.declare({
      contract,
      compiledClassHash: '0x1234',
    });
    await (await metamask.nextConfirmation('snapnet_declareContract')).ok();
    const declared = await declaring;
    expect(declared.class_hash).toBe(hash.computeContractClassHash(contract));
    const declareReceipt = await provider.waitForTransaction(
      declared.transaction_hash,
      { retryInterval: 50 },
    );
    expect(declareReceipt.isSuccess()).toBe(true);
  });

  it('declines a transfer with 113 and sends nothing', async () => {
    const { wallet, metamask } = await freshWallet();
    await connectSharing(wallet, metamask);
    const sending = wallet.api.request({
      type: 'wallet_addInvokeTransaction',
      params: {
        calls: [
          {
            contract_address: STRK,
            entry_point: 'transfer',
            calldata: [RECIPIENT, '1', '0'],
          },
        ],
      },
    });
    const before = node.requestCount('starknet_addInvokeTransaction');
    await (await metamask.nextConfirmation('snapnet_executeTxn')).cancel();
    expect(await walletErrorCode(sending)).toBe(113);
    expect(node.requestCount('starknet_addInvokeTransaction')).toBe(before);
  });
});

describe('wallet_watchAsset on chain', () => {
  it('adds an ERC-20 after approval; a tracked token is already watched', async () => {
    const state = defaultState();
    state.tokens = state.tokens.filter((token) => token.symbol !== 'ETH');
    const { wallet, metamask } = await freshWallet(
      JSON.parse(JSON.stringify(state)),
    );
    await connectSharing(wallet, metamask);
    const { request } = wallet.features['starknet:walletApi'];
    expect(
      await request({
        type: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: STRK, symbol: 'STRK' } },
      }),
    ).toBe(true);

    const watching = request({
      type: 'wallet_watchAsset',
      params: {
        type: 'ERC20',
        options: {
          address: ETH,
          symbol: 'ETH',
          name: 'Ether',
          decimals: 18,
        },
      },
    });
    await (await metamask.nextConfirmation('snapnet_addErc20Token')).ok();
    expect(await watching).toBe(true);
    expect(
      await request({
        type: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: ETH, symbol: 'ETH' } },
      }),
    ).toBe(true);
  });

  it('answers NOT_ERC20 (111) for an address with no token', async () => {
    const { wallet, metamask } = await freshWallet();
    await connectSharing(wallet, metamask);
    expect(
      await walletErrorCode(
        wallet.api.request({
          type: 'wallet_watchAsset',
          params: {
            type: 'ERC20',
            options: { address: '0x7777', symbol: 'NOPE', name: 'Nope' },
          },
        }),
      ),
    ).toBe(111);
  });
});

describe('wallet_addStarknetChain on chain', () => {
  const devnet = useRuntimeNetworkNode();

  const chain = (): WALLET_API.AddStarknetChainParameters => ({
    id: 'devnet',
    chain_id: SN_DEVNET,
    chain_name: 'Local devnet',
    rpc_urls: [devnet().url],
  });

  it('adds the chain after the user approves; the dapp then switches to it', async () => {
    const { wallet, metamask } = await freshWallet();
    await connectSharing(wallet, metamask);
    const adding = wallet.api.request({
      type: 'wallet_addStarknetChain',
      params: chain(),
    });
    const dialog = await metamask.approveNext('snapnet_addNetwork');
    expect(dialog).toContain(DAPP_ORIGIN);
    expect(dialog).toContain('Local devnet');
    expect(dialog).toContain(devnet().url);
    expect(await adding).toBe(true);

    // Known now: added again, it is true without a dialog.
    expect(
      await withoutDialog(
        wallet.api.request({
          type: 'wallet_addStarknetChain',
          params: chain(),
        }),
      ),
    ).toBe(true);

    const switching = wallet.api.request({
      type: 'wallet_switchStarknetChain',
      params: { chainId: SN_DEVNET },
    });
    await metamask.approveNext('snapnet_switchNetwork');
    expect(await switching).toBe(true);
    expect(await wallet.api.request({ type: 'wallet_requestChainId' })).toBe(
      SN_DEVNET,
    );
  });

  it('answers 113 when the user declines, and nothing is added', async () => {
    const { wallet, metamask } = await freshWallet();
    await connectSharing(wallet, metamask);
    const adding = wallet.api.request({
      type: 'wallet_addStarknetChain',
      params: chain(),
    });
    await (await metamask.nextConfirmation('snapnet_addNetwork')).cancel();
    expect(await walletErrorCode(adding)).toBe(113);
    expect(
      await walletErrorCode(
        wallet.api.request({
          type: 'wallet_switchStarknetChain',
          params: { chainId: SN_DEVNET },
        }),
      ),
    ).toBe(112);
  });

  it('answers 114 with no dialog when the node serves another chain', async () => {
    const { wallet, metamask } = await freshWallet();
    await connectSharing(wallet, metamask);
    const error = wallet.api.request({
      type: 'wallet_addStarknetChain',
      params: { ...chain(), chain_id: '0x534e5f4f54484552' },
    });
    expect(await walletErrorCode(withoutDialog(error))).toBe(114);
  });
});

describe('snapnet_recoverAccounts on chain', () => {
  beforeAll(async () => {
    // The first test of this file deploys account 0; run alone, this does.
    const deployed = await provider.getClassHashAt(ACCOUNT_0.address).then(
      () => true,
      () => false,
    );
    if (!deployed) {
      const { metamask } = await freshWallet();
      const client = new SnapClient(metamask, SNAP_ID);
      await client.connect();
      const deploying = client.invoke('snapnet_createAccount', {
        addressIndex: 0,
        deploy: true,
        chainId: TESTNET,
      });
      await metamask.approveNext('snapnet_createAccount');
      await provider.waitForTransaction((await deploying).transaction_hash, {
        retryInterval: 50,
      });
    }
  });

  it('returns the deployed accounts only, once the user shares them; again without a dialog', async () => {
    // Account 0 is deployed, indices 1 and 2 are not: the scan stops there.
    const { metamask } = await freshWallet();
    const client = new SnapClient(metamask, SNAP_ID);
    await client.connect();
    const scan = {
      startScanIndex: 0,
      maxScanned: 5,
      maxMissed: 2,
      chainId: TESTNET,
    };
    const recovering = client.invoke('snapnet_recoverAccounts', scan);
    const dialog = await metamask.approveNext('snapnet_recoverAccounts');
    expect(dialog).toContain(DAPP_ORIGIN);
    expect(dialog).toContain(ACCOUNT_0.address);
    const found = await recovering;
    expect(
      found.map(({ address, addressIndex }) => ({ address, addressIndex })),
    ).toStrictEqual([{ address: ACCOUNT_0.address, addressIndex: 0 }]);
    expect(
      await withoutDialog(client.invoke('snapnet_recoverAccounts', scan)),
    ).toStrictEqual(found);
    expect(
      await client.invoke('snapnet_extractPublicKey', {
        userAddress: ACCOUNT_0.address,
        chainId: TESTNET,
      }),
    ).toBe(ACCOUNT_0.publicKey);
  });

  it('shares nothing when the user declines', async () => {
    const { metamask } = await freshWallet();
    const client = new SnapClient(metamask, SNAP_ID);
    await client.connect();
    const recovering = client.invoke('snapnet_recoverAccounts', {
      chainId: TESTNET,
    });
    await (await metamask.nextConfirmation('snapnet_recoverAccounts')).cancel();
    await expect(recovering).rejects.toThrow(UserRejectedError);
    expect(await account0Shared(metamask)).toBe(false);
  });
});
