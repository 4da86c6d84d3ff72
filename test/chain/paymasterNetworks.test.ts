import { mint, SN_DEVNET, SPONSORED, useRuntimeNetworkNode } from './node';
import { ACCOUNT_0, DAPP_ORIGIN, ETH } from '../fixtures';
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
 * Paymasters are configuration: a site's own network may name one (shown
 * when it is added, and in every paymaster dialog on it); a network that
 * names none has none.
 */

const siteNode = useRuntimeNetworkNode();

/**
 * The test site adds its own network, the user approving.
 *
 * @param wallet - The snap.
 * @param paymasterUrl - Its paymaster, if it names one.
 * @returns The add dialog's text.
 */
async function addSiteNetwork(
  wallet: Wallet,
  paymasterUrl?: string,
): Promise<string> {
  const adding = invoke(wallet, 'snapnet_addNetwork', {
    name: 'Site chain',
    chainId: SN_DEVNET,
    rpcUrl: siteNode().url,
    ...(paymasterUrl === undefined ? {} : { paymasterUrl }),
  });
  const dialog = await confirmationOf(adding);
  const shown = textOf(dialog.content);
  await dialog.ok();
  expect(await plainResultOf(adding)).toBe(true);
  return shown;
}

/**
 * A sponsored ETH transfer on the site's network.
 *
 * @param wallet - The snap.
 * @returns The pending request.
 */
function sponsoredTransfer(wallet: Wallet): ReturnType<typeof invoke> {
  return invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    chainId: SN_DEVNET,
    calls: [
      {
        contractAddress: ETH,
        entrypoint: 'transfer',
        calldata: [ACCOUNT_0.address, '0x1', '0x0'],
      },
    ],
    paymaster: SPONSORED,
  });
}

describe("a site network's paymaster", () => {
  beforeAll(async () => {
    await mint(siteNode(), ACCOUNT_0.address, 10n ** 18n, 'WEI');
  });

  it('is named when the site adds it, and used and shown on that network', async () => {
    const wallet = await installSharedWallet();
    const paymasterUrl = siteNode().url;
    const shown = await addSiteNetwork(wallet, paymasterUrl);
    expect(shown).toContain('Paymaster URL');
    expect(shown).toContain(paymasterUrl);
    const sending = sponsoredTransfer(wallet);
    const dialog = await confirmationOf(sending);
    const text = textOf(dialog.content);
    expect(text).toContain(`Sponsored by ${new URL(paymasterUrl).host}`);
    expect(text).toContain('Site chain');
    expect(text).toContain(DAPP_ORIGIN);
    await dialog.ok();
    const { transaction_hash: hash } = await plainResultOf(sending);
    expect(hash).toMatch(/^0x[0-9a-f]+$/u);
  });

  it('is none when the site names none: refused, naming the field', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet);
    const error = await errorOf(sponsoredTransfer(wallet));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('paymaster: Site chain has no paymaster');
  });
});
