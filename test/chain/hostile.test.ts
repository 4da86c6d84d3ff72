import {
  addSiteNetwork,
  SITE_NETWORK_NAME,
  useHostileNode,
} from './hostile-node';
import { ONE_STRK, SN_DEVNET } from './node';
import { ACCOUNT_0, DAPP_ORIGIN, STRK } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

// A site that brings its own node, and the node lies: every answer the
// wallet signs or shows from must be checked, never just repeated.

const { hostile } = useHostileNode(ACCOUNT_0.address, 100n * ONE_STRK);

const transfer = {
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: ['0xabcdef', '1000', '0'],
};

describe('a node that refuses what it should simply read', () => {
  it('is a node error (-32002) naming the network, not a refused transaction', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
    hostile().script('starknet_getNonce', () => ({
      error: { code: 63, message: 'An unexpected error occurred' },
    }));
    const error = await errorOf(
      invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls: [transfer],
        chainId: SN_DEVNET,
      }),
    );
    expect(error.code).toBe(-32002);
    expect(error.data?.network).toBe(SITE_NETWORK_NAME);
    expect(error.message).toContain('An unexpected error occurred');
  });
});

describe('a node whose fee estimate is past its protocol types', () => {
  it('is a node error (-32002) before any dialog: an amount past u64 would spill into its price when signed', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
    hostile().script('starknet_simulateTransactions', (_call, honest) => {
      const traces = honest.result as { fee_estimation: object }[];
      return {
        result: traces.map((trace) => ({
          ...trace,
          fee_estimation: {
            ...trace.fee_estimation,
            l2_gas_consumed: `0x${(2n ** 64n).toString(16)}`,
          },
        })),
      };
    });
    const error = await errorOf(
      invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls: [transfer],
        chainId: SN_DEVNET,
      }),
    );
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('l2_gas_consumed');
    expect(
      hostile()
        .seen()
        .map(({ method }) => method),
    ).not.toContain('starknet_addInvokeTransaction');
  });
});

/** A site that is not the one whose node this is. */
const OTHER_SITE = 'https://other.example';

/**
 * An address as a node body would carry it, to look for: its hex digits
 * without 0x and leading zeros.
 *
 * @param address - The address.
 * @returns The digits.
 */
function digitsOf(address: string): string {
  return BigInt(address).toString(16);
}

/**
 * The other site creates (and is given) the account at an index, on
 * Testnet: an account shared only with another site.
 *
 * @param wallet - The snap.
 * @param addressIndex - The index.
 * @returns What would identify the account to a node: its address and
 * public key, as digits to look for in what the node received.
 */
async function shareWithOtherSite(
  wallet: Wallet,
  addressIndex: number,
): Promise<{ address: string; identifiers: string[] }> {
  const pending = invoke(
    wallet,
    'snapnet_createAccount',
    { addressIndex },
    OTHER_SITE,
  );
  await (await confirmationOf(pending)).ok();
  const { address }: { address: string } = await plainResultOf(pending);
  const publicKey: string = await plainResultOf(
    invoke(
      wallet,
      'snapnet_extractPublicKey',
      { userAddress: address },
      OTHER_SITE,
    ),
  );
  return { address, identifiers: [digitsOf(address), digitsOf(publicKey)] };
}

/**
 * Whether the hostile node received any of an account's identifiers.
 *
 * @param identifiers - Its address and public key digits.
 * @returns Whether any went out.
 */
function leaked(identifiers: string[]): boolean {
  return identifiers.some((identifier) => hostile().received(identifier));
}

describe("a site's own node sees only the accounts shared with that site", () => {
  it('estimateAccountDeployFee of an account it was not given: a stand-in is simulated, the same fee, and the account never leaves', async () => {
    const wallet = await installSharedWallet();
    const otherAccount = await shareWithOtherSite(wallet, 5);
    await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
    hostile().forget();
    const estimate = async (addressIndex: number): Promise<unknown> =>
      plainResultOf(
        invoke(wallet, 'snapnet_estimateAccountDeployFee', {
          addressIndex,
          chainId: SN_DEVNET,
        }),
      );
    const forOther = await estimate(5);
    expect(leaked(otherAccount.identifiers)).toBe(false);
    expect(
      hostile()
        .seen()
        .map(({ method }) => method),
    ).toContain('starknet_simulateTransactions');
    // Account 0 is the site's: estimated as itself, at the same fee.
    expect(await estimate(0)).toStrictEqual(forOther);
    expect(hostile().received(digitsOf(ACCOUNT_0.publicKey))).toBe(true);
  });

  it('recoverAccounts asks before its node sees addresses the site was not given; declined, nothing is sent', async () => {
    const wallet = await installSharedWallet();
    const otherAccount = await shareWithOtherSite(wallet, 1);
    await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
    hostile().forget();
    const scan = (): ReturnType<typeof invoke> =>
      invoke(wallet, 'snapnet_recoverAccounts', {
        startScanIndex: 0,
        maxScanned: 3,
        maxMissed: 3,
        chainId: SN_DEVNET,
      });
    const declined = scan();
    const dialog = await confirmationOf(declined);
    const text = textOf(dialog.content);
    expect(text).toContain('Look for your accounts');
    expect(text).toContain(`added by ${DAPP_ORIGIN}`);
    expect(text).toContain('accounts 0 to 2');
    expect(hostile().seen()).toStrictEqual([]);
    await dialog.cancel();
    expect(await declined).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
    expect(hostile().seen()).toStrictEqual([]);

    const approved = scan();
    await (await confirmationOf(approved)).ok();
    // Nothing is deployed there yet: nothing found, nothing shared.
    expect(await approved).toRespondWith([]);
    expect(hostile().received(digitsOf(otherAccount.address))).toBe(true);
  });

  it('createAccount {deploy} of an account it was not given: shared in its own dialog before its node sees it', async () => {
    const wallet = await installSharedWallet();
    const otherAccount = await shareWithOtherSite(wallet, 3);
    await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
    hostile().forget();
    const deploy = (): ReturnType<typeof invoke> =>
      invoke(wallet, 'snapnet_createAccount', {
        addressIndex: 3,
        deploy: true,
        chainId: SN_DEVNET,
      });
    const declined = deploy();
    const share = await confirmationOf(declined);
    expect(textOf(share.content)).toContain('Share account');
    expect(textOf(share.content)).toContain(
      `Already shared with ${OTHER_SITE}`,
    );
    expect(hostile().seen()).toStrictEqual([]);
    await share.cancel();
    expect(await declined).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
    expect(leaked(otherAccount.identifiers)).toBe(false);

    const approved = deploy();
    await (await confirmationOf(approved)).ok();
    // Shared now: the deployment's own dialog follows, simulated by the node.
    const deployment = await confirmationOf(approved);
    expect(textOf(deployment.content)).toContain('Deploy account');
    expect(textOf(deployment.content)).not.toContain('also shares');
    await deployment.cancel();
    expect(await approved).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });

  it('another site can neither use nor see the network', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
    const refused = await errorOf(
      invoke(
        wallet,
        'snapnet_estimateAccountDeployFee',
        { chainId: SN_DEVNET },
        OTHER_SITE,
      ),
    );
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('not a supported network');
    expect(refused.message).not.toContain(SITE_NETWORK_NAME);
    expect(
      await invoke(
        wallet,
        'snapnet_switchNetwork',
        { chainId: SN_DEVNET },
        OTHER_SITE,
      ),
    ).toRespondWith(false);
  });

  it('the home page on that network reads only the accounts the site has', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
    // Accounts 0 and 2 recorded on the site's network; the site then gives
    // account 2 back: its node may see account 0 only.
    await plainResultOf(
      invoke(wallet, 'snapnet_createAccount', { chainId: SN_DEVNET }),
    );
    const second = invoke(wallet, 'snapnet_createAccount', {
      addressIndex: 2,
      chainId: SN_DEVNET,
    });
    await (await confirmationOf(second)).ok();
    const { address: withdrawn }: { address: string } =
      await plainResultOf(second);
    await plainResultOf(
      invoke(wallet, 'snapnet_revokeAccess', { addresses: [withdrawn] }),
    );
    const switching = invoke(wallet, 'snapnet_switchNetwork', {
      chainId: SN_DEVNET,
    });
    await (await confirmationOf(switching)).ok();
    await switching;
    hostile().forget();
    const home = textOf((await wallet.onHomePage()).getInterface().content);
    expect(home).toContain(withdrawn);
    expect(home).toContain(
      `added by ${DAPP_ORIGIN}, which was not given this account`,
    );
    expect(hostile().received(digitsOf(withdrawn))).toBe(false);
    expect(hostile().received(digitsOf(ACCOUNT_0.address))).toBe(true);
  });
});

/**
 * The wallet's own records of ACCOUNT_0 on the site's network.
 *
 * @param wallet - The snap.
 * @returns Their types and hashes.
 */
async function recordsOf(
  wallet: Wallet,
): Promise<{ txnType: string; txnHash: string }[]> {
  const records: { txnType: string; txnHash: string }[] = await plainResultOf(
    invoke(wallet, 'snapnet_getTransactions', {
      senderAddress: ACCOUNT_0.address,
      onlyFromState: true,
      withDeployTxn: true,
      chainId: SN_DEVNET,
    }),
  );
  return records.map(({ txnType, txnHash }) => ({ txnType, txnHash }));
}

describe('what a send reports', () => {
  it('a deployment that went out before its invoke was refused: the error carries its hash, and it is recorded', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
    hostile().script('starknet_addInvokeTransaction', () => ({
      error: { code: 55, message: 'Account validation failed' },
    }));
    const pending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [transfer],
      chainId: SN_DEVNET,
    });
    await (await confirmationOf(pending)).ok();
    const error = await errorOf(pending);
    expect(error.code).toBe(-32603);
    expect(error.message).toContain('Account validation failed');
    expect(error.data?.nodeCode).toBe(55);
    // Values from the snap come from another realm: read them as JSON.
    const sent: { type: string; transaction_hash: string }[] = JSON.parse(
      JSON.stringify(error.data?.sent ?? []),
    );
    expect(sent.map(({ type }) => type)).toStrictEqual(['DEPLOY_ACCOUNT']);
    const deployHash = sent[0]?.transaction_hash ?? '';
    expect(deployHash).toMatch(/^0x[0-9a-f]+$/u);
    expect(await recordsOf(wallet)).toStrictEqual([
      { txnType: 'deploy_account', txnHash: deployHash },
    ]);
  });

  it('a node that answers another transaction hash than the one signed: an error naming both, and nothing recorded', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
    hostile().script('starknet_addInvokeTransaction', () => ({
      result: { transaction_hash: '0xdead' },
    }));
    const pending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [transfer],
      chainId: SN_DEVNET,
    });
    await (await confirmationOf(pending)).ok();
    const error = await errorOf(pending);
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('0xdead');
    expect(error.message).toContain('not the hash of the transaction signed');
    expect(await recordsOf(wallet)).toStrictEqual([]);
  });
});
