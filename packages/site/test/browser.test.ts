/**
 * The companion page in headless Chromium against the real snap: MetaMask is
 * the client tests' simulated MetaMask in front of the snap that snaps-jest
 * installs from the root dist/, announced to the page over EIP-6963; the
 * snap's Testnet is a local node on port 5055. Dialogs are approved (or
 * declined) by the test through the snap request's `getInterface()`.
 */
import { installSnap } from '@metamask/snaps-jest';
import { SnapClient } from '@snapnet/client';
import {
  NPM_SNAP_ID as SNAP_ID,
  provideMetaMask,
  SimulatedMetaMask,
} from '@snapnet/client/testing';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';
import type { Locator, Page } from 'playwright-core';

import { mintStrk } from '../../../test/chain/node';
import {
  launchChromium,
  screenshot as saveScreenshot,
} from '../../../test/chromium';
import type { RunningChromium } from '../../../test/chromium';
import { TEST_NODE_PORT } from '../../../test/ports';
import { serveSite } from '../src/serve';
import type { RunningSite } from '../src/serve';

/** The snap's Testnet (Sepolia) chain id. */
const TESTNET = '0x534e5f5345504f4c4941';
const STRK_100 = 100n * 10n ** 18n;
/** Another site the user gave an account to. */
const OTHER_SITE = 'https://other.example';
/** Any well-formed address: the symbol is refused before it is read. */
const SOME_ADDRESS = '0x1234';

let browser: RunningChromium | undefined;
let site: RunningSite | undefined;
let node: LocalNode | undefined;
let metamask: SimulatedMetaMask;
let page: Page;
let account = '';

/**
 * Saves a screenshot of the whole page as a test artifact.
 *
 * @param name - The file's name, without extension.
 */
async function screenshot(name: string): Promise<void> {
  await saveScreenshot(page, name);
}

/**
 * The balance shown for a token.
 *
 * @param symbol - The token's symbol.
 * @returns The balance cell.
 */
function balanceCell(symbol: string): Locator {
  return page.locator(`#balances tr[data-symbol="${symbol}"] td:nth-child(2)`);
}

/**
 * Gives an address STRK on the local node.
 *
 * @param address - The receiver.
 * @param amount - How much, in FRI.
 */
async function mint(address: string, amount: bigint): Promise<void> {
  if (!node) {
    throw new Error('The local node is not running');
  }
  await mintStrk(node, address, amount);
}

/**
 * Deploys account 1 from another site, as a user who used the wallet there:
 * that site was given the account, this page was not.
 *
 * @returns The account's address.
 */
async function deployAccount1Elsewhere(): Promise<string> {
  const elsewhere = metamask.forOrigin(OTHER_SITE);
  const client = new SnapClient(elsewhere, SNAP_ID);
  await client.connect();
  const creating = client.invoke('snapnet_createAccount', {
    addressIndex: 1,
    chainId: TESTNET,
  });
  await elsewhere.approveNext('snapnet_createAccount');
  const { address } = await creating;
  await mint(address, STRK_100);
  const deploying = client.invoke('snapnet_createAccount', {
    addressIndex: 1,
    deploy: true,
    chainId: TESTNET,
  });
  await elsewhere.approveNext('snapnet_createAccount');
  expect((await deploying).transaction_hash).toMatch(/^0x[0-9a-f]+$/u);
  return address;
}

beforeAll(async () => {
  node = await startLocalNode({
    host: '127.0.0.1',
    port: TEST_NODE_PORT,
    seed: 42,
  });
  site = await serveSite({ port: 0, snapId: SNAP_ID });
  metamask = new SimulatedMetaMask(await installSnap(), {
    origin: new URL(site.url).origin,
  });
  browser = await launchChromium();
  page = browser.page;
  await provideMetaMask(page, metamask);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await node?.stop();
});

describe('the companion page in Chromium', () => {
  it('finds MetaMask Flask over EIP-6963 and connects the snap', async () => {
    await page.goto(site?.url ?? '');
    await page
      .locator('#connection', { hasText: 'io.metamask.flask found' })
      .waitFor();
    await page.click('#connect');
    await page.locator('#connection[data-state="connected"]').waitFor();
    await page.locator('#network-name', { hasText: 'Testnet' }).waitFor();
    await screenshot('01-connected');
  });

  it('creates an account once the user shares it with the page (not when declined), and shows its balances once funded', async () => {
    await page.click('#create-account');
    await (await metamask.nextConfirmation('snapnet_createAccount')).cancel();
    await page
      .locator('#error', { hasText: 'You declined the request in MetaMask.' })
      .waitFor();
    await page.locator('#accounts-empty').waitFor();
    await screenshot('02a-share-declined');

    await page.click('#create-account');
    const dialog = await metamask.approveNext('snapnet_createAccount');
    expect(dialog).toContain('Share account');
    expect(dialog).toContain(metamask.origin);
    const item = page.locator('#accounts li[data-deployed="false"]');
    await item.waitFor();
    account = (await item.getAttribute('data-address')) ?? '';
    expect(account).toMatch(/^0x[0-9a-f]{64}$/u);

    expect(dialog).toContain(account);
    await mint(account, STRK_100);
    await page.click('#refresh-balances');
    await balanceCell('STRK').filter({ hasText: /^100$/u }).waitFor();
    await balanceCell('ETH').filter({ hasText: /^0$/u }).waitFor();
    await screenshot('02-account-funded');
  });

  it('deploys the account once the user approves in MetaMask', async () => {
    await page.click('#deploy-account');
    const dialog = await metamask.nextConfirmation('snapnet_createAccount');
    await dialog.ok();
    await page
      .locator(`#accounts li[data-address="${account}"][data-deployed="true"]`)
      .waitFor();
    await page
      .locator('#account-result', { hasText: /Deployment sent: 0x/u })
      .waitFor();
    await page.locator('#history tr', { hasText: 'DEPLOY_ACCOUNT' }).waitFor();
    await screenshot('03-deployed');
  });

  it('sends STRK and shows the transfer in the history with its status', async () => {
    const recipient = node?.accounts[0]?.address ?? '';
    await page.selectOption('#send-token', { label: 'STRK' });
    await page.fill('#send-recipient', recipient);
    await page.fill('#send-amount', '1.5');
    await page.click('#send-form button[type="submit"]');
    const dialog = await metamask.nextConfirmation('snapnet_executeTxn');
    await dialog.ok();

    const result = page.locator('#send-result', { hasText: /Sent: 0x/u });
    await result.waitFor();
    const hash = /0x[0-9a-f]+/u.exec((await result.textContent()) ?? '')?.[0];
    expect(hash).toBeDefined();
    const sent = page.locator(`#history tr[data-hash="${hash ?? ''}"]`);
    await sent.waitFor();
    expect(await sent.textContent()).toContain('transfer');
    await page
      .locator(
        `#history tr[data-hash="${hash ?? ''}"]:is([data-status="ACCEPTED_ON_L2"], [data-status="ACCEPTED_ON_L1"])`,
      )
      .waitFor();
    // 100 STRK, less 1.5 sent and the fees of two transactions.
    const strk = await balanceCell('STRK').textContent();
    expect(Number(strk)).toBeLessThan(98.5);
    expect(Number(strk)).toBeGreaterThan(90);
    await screenshot('04-sent');
  });

  it('signs a typed message, and says so plainly when the user declines', async () => {
    await page.click('#sign-form button[type="submit"]');
    const approved = await metamask.nextConfirmation('snapnet_signMessage');
    await approved.ok();
    await page
      .locator('#sign-result', {
        hasText: /Signature \(r,s\): 0x[0-9a-f]+,0x[0-9a-f]+/u,
      })
      .waitFor();

    await page.click('#sign-form button[type="submit"]');
    const declined = await metamask.nextConfirmation('snapnet_signMessage');
    await declined.cancel();
    await page
      .locator('#error', { hasText: 'You declined the request in MetaMask.' })
      .waitFor();
    await screenshot('05-declined');
  });

  it('shows invalid params with the field the snap named', async () => {
    await page.fill('#token-address', SOME_ADDRESS);
    await page.fill('#token-name', 'Not a token');
    await page.fill('#token-symbol', 'NO SPACES');
    await page.click('#token-form button[type="submit"]');
    await page
      .locator('#error', { hasText: 'Invalid params (field tokenSymbol)' })
      .waitFor();
    await page.locator('#token-symbol[aria-invalid="true"]').waitFor();
    await screenshot('06-invalid-params');
  });

  it('recovers the deployed accounts, asking before it shares one the page was not given', async () => {
    const elsewhere = await deployAccount1Elsewhere();

    await page.click('#recover-accounts');
    const declined = await metamask.nextConfirmation('snapnet_recoverAccounts');
    await declined.cancel();
    await page
      .locator('#error', { hasText: 'You declined the request in MetaMask.' })
      .waitFor();
    expect(await page.locator('#accounts li').count()).toBe(1);

    await page.click('#recover-accounts');
    const dialog = await metamask.approveNext('snapnet_recoverAccounts');
    // Only the account this page was not given yet is asked for.
    expect(dialog).toContain(metamask.origin);
    expect(dialog).toContain(elsewhere);
    expect(dialog).not.toContain(account);
    await page
      .locator('#account-result', { hasText: 'Recovered 2 account(s).' })
      .waitFor();
    for (const address of [account, elsewhere]) {
      await page
        .locator(
          `#accounts li[data-address="${address}"][data-deployed="true"]`,
        )
        .waitFor();
    }
    expect(await page.locator('#accounts li').count()).toBe(2);
    expect(
      await page.locator('#accounts li[data-deployed="false"]').count(),
    ).toBe(0);
    await screenshot('06b-recovered');
  });

  it('switches to Mainnet once approved, says plainly that its node is down, and switches back', async () => {
    await page.selectOption('#switch-chain', { label: 'Mainnet' });
    await page.click('#switch-form button[type="submit"]');
    const toMainnet = await metamask.nextConfirmation('snapnet_switchNetwork');
    await toMainnet.ok();
    await page.locator('#network-name', { hasText: 'Mainnet' }).waitFor();
    // No account listed on Mainnet yet; looking for them needs its node,
    // which the test build points at port 5056, where nothing runs.
    await page.locator('#accounts-empty').waitFor();
    await page.click('#recover-accounts');
    await page.locator('#error', { hasText: 'Mainnet node error' }).waitFor();
    await screenshot('07-mainnet-down');

    await page.selectOption('#switch-chain', { label: 'Testnet (Sepolia)' });
    await page.click('#switch-form button[type="submit"]');
    const toTestnet = await metamask.nextConfirmation('snapnet_switchNetwork');
    await toTestnet.ok();
    await page.locator('#network-name', { hasText: 'Testnet' }).waitFor();
    await page.locator('#error').waitFor({ state: 'hidden' });
    await page.locator(`#accounts li[data-address="${account}"]`).waitFor();
  });
});
