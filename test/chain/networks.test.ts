import { startHostileNode } from './hostile-node';
import type { HostileNode, SeenCall } from './hostile-node';
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
import type { LocalNode } from '@snapnet/local-node';
import { startLocalNode } from '@snapnet/local-node';

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

describe("another site's networks cannot be probed", () => {
  const SITE_B = 'https://site-b.example';
  /** A chain no network of the wallet has, for name probes. */
  const SN_PROBE = '0x534e5f50524f4245';
  let probeChain: LocalNode;
  let toDevnet: HostileNode;
  let toProbeChain: HostileNode;

  beforeAll(async () => {
    probeChain = await startLocalNode({
      host: '127.0.0.1',
      chainId: 'SN_PROBE',
    });
    // Site B's nodes, which count what the snap asks them.
    toDevnet = await startHostileNode({ target: devnet().url });
    toProbeChain = await startHostileNode({ target: probeChain.url });
  });

  afterAll(async () => {
    await toDevnet.close();
    await toProbeChain.close();
    await probeChain.stop();
  });

  /**
   * A wallet where the test site (A) added its own network, Local devnet on
   * SN_DEVNET, or a fresh one where no site did.
   *
   * @param siteANetwork - Whether site A added its network.
   * @returns The wallet.
   */
  async function walletWith(siteANetwork: boolean): Promise<Wallet> {
    const wallet = await installSharedWallet();
    if (siteANetwork) {
      expect((await addDevnet(wallet, true)).result).toBe(true);
    }
    return wallet;
  }

  /**
   * Site B asks to add a network; everything it can observe, and what the
   * user saw, with the user declining.
   *
   * @param wallet - The snap.
   * @param params - The network.
   * @param node - Site B's node (the params' rpcUrl).
   * @returns The dialog's content, the response and the calls B's node got.
   */
  async function probe(
    wallet: Wallet,
    params: Record<string, string>,
    node: HostileNode,
  ): Promise<{ dialog: unknown; response: unknown; asked: SeenCall[] }> {
    node.forget();
    const pending = invoke(wallet, 'snapnet_addNetwork', params, SITE_B);
    const dialog = await confirmationOf(pending);
    const { content } = dialog;
    await dialog.cancel();
    const { response } = await pending;
    return {
      dialog: JSON.parse(JSON.stringify(content)),
      response: JSON.parse(JSON.stringify(response)),
      asked: node.seen(),
    };
  }

  it.each([
    ['chain id', { name: 'Probe net', chainId: SN_DEVNET }],
    ['name', { name: 'local DEVNET', chainId: SN_PROBE }],
  ])(
    "a probe of site A's %s is answered exactly like a probe of an unused one",
    async (_, network) => {
      const node = network.chainId === SN_DEVNET ? toDevnet : toProbeChain;
      const params = { ...network, rpcUrl: node.url };
      const taken = await probe(await walletWith(true), params, node);
      const unused = await probe(await walletWith(false), params, node);
      expect(taken).toStrictEqual(unused);
      expect(unused.response).toStrictEqual(
        expect.objectContaining({ result: false }),
      );
      expect(JSON.stringify(taken.dialog)).not.toContain(DAPP_ORIGIN);
      expect(unused.asked.length).toBeGreaterThan(0);
    },
  );

  it('once the user approves, only the user is told why it was not added; site B gets false, as when declined', async () => {
    const wallet = await walletWith(true);
    const pending = invoke(
      wallet,
      'snapnet_addNetwork',
      { name: 'Probe net', chainId: SN_DEVNET, rpcUrl: toDevnet.url },
      SITE_B,
    );
    await (await confirmationOf(pending)).ok();
    const told = await pending.getInterface();
    expect(told.type).toBe('alert');
    const text = textOf(told.content);
    expect(text).toContain('Network not added');
    expect(text).toContain('Local devnet');
    expect(text).toContain(DAPP_ORIGIN);
    if (told.type === 'alert') {
      await told.ok();
    }
    expect(await pending).toRespondWith(false);
    // Nothing changed: site B has no such network; site A keeps its own.
    expect(
      await plainResultOf(
        invoke(wallet, 'snapnet_switchNetwork', { chainId: SN_DEVNET }, SITE_B),
      ),
    ).toBe(false);
    const switching = invoke(wallet, 'snapnet_switchNetwork', {
      chainId: SN_DEVNET,
    });
    const dialog = await confirmationOf(switching);
    expect(textOf(dialog.content)).toContain('Local devnet');
    await dialog.cancel();
  });

  it("a site's own network, or a built-in one, is still answered before any dialog", async () => {
    const wallet = await walletWith(true);
    const again = await errorOf(
      invoke(wallet, 'snapnet_addNetwork', {
        name: 'Another name',
        chainId: SN_DEVNET,
        rpcUrl: devnet().url,
      }),
    );
    expect(again.code).toBe(-32602);
    expect(again.message).toContain(
      `${SN_DEVNET} is already a network of this wallet (Local devnet)`,
    );
    const builtIn = await errorOf(
      invoke(
        wallet,
        'snapnet_addNetwork',
        { name: 'Mine', chainId: TESTNET, rpcUrl: toDevnet.url },
        SITE_B,
      ),
    );
    expect(builtIn.message).toContain('already a network of this wallet');
  });
});
