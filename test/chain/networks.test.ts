import { startHostileNode } from './hostile-node';
import {
  mintStrk,
  nodeRequest,
  ONE_STRK,
  SN_DEVNET,
  useRuntimeNetworkNode,
} from './node';
import { ACCOUNT_0, DAPP_ORIGIN, STRK, TESTNET } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

// The network a site adds at runtime: a second node on another chain.
const devnet = useRuntimeNetworkNode();

/**
 * Asks the snap to add the devnet, and answers its dialog.
 *
 * @param wallet - The snap.
 * @param approve - Whether the user approves.
 * @returns The dialog's text and the result.
 */
async function addDevnet(
  wallet: Wallet,
  approve: boolean,
): Promise<{ text: string; result: unknown }> {
  const pending = invoke(wallet, 'snapnet_addNetwork', {
    name: 'Local devnet',
    chainId: SN_DEVNET,
    rpcUrl: devnet().url,
  });
  const dialog = await confirmationOf(pending);
  const text = textOf(dialog.content);
  await (approve ? dialog.ok() : dialog.cancel());
  return { text, result: await plainResultOf(pending) };
}

describe('networks added at runtime', () => {
  it('adds a network after its node answers its chain id and the user approves; every method then works on it', async () => {
    const wallet = await installSharedWallet();
    const { text, result } = await addDevnet(wallet, true);
    expect(text).toContain('Add network');
    expect(text).toContain(DAPP_ORIGIN);
    expect(text).toContain('Local devnet');
    expect(text).toContain(SN_DEVNET);
    expect(text).toContain(devnet().url);
    expect(result).toBe(true);

    const switching = invoke(wallet, 'snapnet_switchNetwork', {
      chainId: SN_DEVNET,
    });
    await (await confirmationOf(switching)).ok();
    expect(await switching).toRespondWith(true);
    expect(
      await plainResultOf(invoke(wallet, 'snapnet_getCurrentNetwork')),
    ).toStrictEqual({ name: 'Local devnet', chainId: SN_DEVNET });

    // A transaction signed for this chain id is accepted by its node.
    await mintStrk(devnet(), ACCOUNT_0.address, 10n * ONE_STRK);
    const deploying = invoke(wallet, 'snapnet_createAccount', {
      deploy: true,
      chainId: SN_DEVNET,
    });
    const dialog = await confirmationOf(deploying);
    expect(textOf(dialog.content)).toContain('Local devnet');
    expect(textOf(dialog.content)).toContain(`SN_DEVNET (${SN_DEVNET})`);
    expect(textOf(dialog.content)).toContain(`added by ${DAPP_ORIGIN}`);
    await dialog.ok();
    const { transaction_hash: deployed } = await plainResultOf(deploying);
    const receipt = (await nodeRequest(
      devnet(),
      'starknet_getTransactionReceipt',
      {
        transaction_hash: deployed,
      },
    )) as { execution_status: string };
    expect(receipt.execution_status).toBe('SUCCEEDED');
    expect(
      await plainResultOf(
        invoke(wallet, 'snapnet_getErc20TokenBalance', {
          tokenAddress: STRK,
          userAddress: ACCOUNT_0.address,
          chainId: SN_DEVNET,
        }),
      ),
    ).toMatchObject({ balanceLatest: expect.stringMatching(/^0x/u) });
  });

  it('refuses a node that serves another chain, and stores nothing', async () => {
    const wallet = await installSharedWallet();
    const error = await errorOf(
      invoke(wallet, 'snapnet_addNetwork', {
        name: 'Impostor',
        chainId: '0x534e5f4f54484552',
        rpcUrl: devnet().url,
      }),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('chainId');
    expect(error.message).toContain(`serves chain ${SN_DEVNET}`);
    expect(error.message).toContain('nothing was added');
    expect(
      await plainResultOf(
        invoke(wallet, 'snapnet_switchNetwork', {
          chainId: '0x534e5f4f54484552',
        }),
      ),
    ).toBe(false);
  });

  it('refuses a node that speaks another JSON-RPC version than 0.10, naming rpcUrl, and stores nothing', async () => {
    const oldSpec = await startHostileNode({ target: devnet().url });
    oldSpec.script('starknet_specVersion', () => ({ result: '0.9.0' }));
    try {
      const wallet = await installSharedWallet();
      const error = await errorOf(
        invoke(wallet, 'snapnet_addNetwork', {
          name: 'Old devnet',
          chainId: SN_DEVNET,
          rpcUrl: oldSpec.url,
        }),
      );
      expect(error.code).toBe(-32602);
      expect(error.data?.field).toBe('rpcUrl');
      expect(error.message).toContain('speaks Starknet JSON-RPC 0.9.0');
      expect(error.message).toContain('nothing was added');
      expect(
        await plainResultOf(
          invoke(wallet, 'snapnet_switchNetwork', { chainId: SN_DEVNET }),
        ),
      ).toBe(false);
    } finally {
      await oldSpec.close();
    }
  });

  it('answers false and stores nothing when the user declines', async () => {
    const wallet = await installSharedWallet();
    expect((await addDevnet(wallet, false)).result).toBe(false);
    expect(
      await plainResultOf(
        invoke(wallet, 'snapnet_switchNetwork', { chainId: SN_DEVNET }),
      ),
    ).toBe(false);
    // Nothing stored: adding it again asks again, and works.
    expect((await addDevnet(wallet, true)).result).toBe(true);
  });

  it.each([
    [{ rpcUrl: 'http://node.example/rpc' }, 'rpcUrl'],
    [{ rpcUrl: 'ftp://127.0.0.1/rpc' }, 'rpcUrl'],
    [{ rpcUrl: 'https://user:secret@node.example/rpc' }, 'rpcUrl'],
    [{ rpcUrl: 'not a url' }, 'rpcUrl'],
    [{ chainId: TESTNET }, 'chainId'],
    [{ name: 'testnet' }, 'name'],
    [{ name: '' }, 'name'],
    [{ chainId: 'SN_SN_DEVNET' }, 'chainId'],
  ])('rejects %j naming %s, with no dialog', async (override, field) => {
    const wallet = await installSharedWallet();
    expect(
      await invoke(wallet, 'snapnet_addNetwork', {
        name: 'Local devnet',
        chainId: SN_DEVNET,
        rpcUrl: devnet().url,
        ...override,
      }),
    ).toRespondWithError(
      expect.objectContaining({
        code: -32602,
        message: expect.stringContaining(field),
      }),
    );
  });

  it('keeps the built-in networks: a created account stays usable on Testnet', async () => {
    const wallet = await installSharedWallet();
    await addDevnet(wallet, true);
    // Account 0 was shared with the site: on the new network too, no dialog.
    const created = await plainResultOf(
      invoke(wallet, 'snapnet_createAccount', { chainId: SN_DEVNET }),
    );
    expect(created.address).toBe(ACCOUNT_0.address);
    expect(
      await plainResultOf(invoke(wallet, 'snapnet_getCurrentNetwork')),
    ).toStrictEqual({ name: 'Testnet', chainId: TESTNET });
  });
});
