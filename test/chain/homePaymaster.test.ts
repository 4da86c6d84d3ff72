import { callView } from './actions';
import { act, approve, decline, openFreshHome, openHome } from './homePage';
import { startHostileNode } from './hostile-node';
import { mint, nodeRequest, useFundedNode } from './node';
import { ACCOUNT_0, ETH, STRK } from '../fixtures';
import { createAccount } from '../installedWallet';
import { TEST_MAINNET_PORT, TEST_NODE_PORT } from '../ports';

/**
 * The page's paymaster: the send form offers the tokens the network's
 * paymaster takes that an account holds, and pays the fee in one (an
 * undeployed account deployed with its first transfer); each network's
 * paymaster is changed (after it says it is available, and the user
 * agrees) and taken back.
 */

const RECIPIENT =
  '0x00000000000000000000000000000000000000000000000000000000000b0b03';
const ONE_ETH = 10n ** 18n;
const testNode = useFundedNode(ACCOUNT_0.address, 0n);

/**
 * A token balance on the node.
 *
 * @param token - The token.
 * @param owner - The holder.
 * @returns The balance (low half: small amounts here).
 */
async function balance(token: string, owner: string): Promise<bigint> {
  const [low = '0'] = await callView(testNode(), token, 'balance_of', [owner]);
  return BigInt(low);
}

describe("the page's paymaster", () => {
  beforeAll(async () => {
    await mint(testNode(), ACCOUNT_0.address, ONE_ETH, 'WEI');
  });

  it('sends ETH from an account with no STRK, the fee in ETH, deploying it in one confirmation', async () => {
    const { snap } = await openFreshHome();
    await createAccount(snap, { addressIndex: 0 });
    const page = await openHome(snap, 'send');
    const opened = JSON.stringify(page.content);
    expect(opened).toContain(`ETH, through 127.0.0.1:${TEST_NODE_PORT}`);
    await page.selectInDropdown('send-from', ACCOUNT_0.address);
    await page.selectInDropdown('send-token', ETH);
    await page.selectInDropdown('send-fee', ETH);
    await page.typeInField('send-to', RECIPIENT);
    await page.typeInField('send-amount', '0.25');
    const sent = await act(
      snap,
      page,
      async () => page.clickElement('home-send:submit'),
      approve,
    );
    expect(sent.dialog).toMatch(
      /Heading Deploy account and send 0\.25 ETH to 0x0000…[0-9a-f]{4}, through a paymaster/u,
    );
    expect(sent.dialog).toContain('Fee, paid in ETH');
    expect(sent.dialog).toContain('The paymaster deploys it');
    expect(sent.text).toMatch(/Sent\. Transaction 0x[0-9a-f]+/u);
    expect(await balance(ETH, RECIPIENT)).toBe(ONE_ETH / 4n);
    expect(await balance(STRK, ACCOUNT_0.address)).toBe(0n);
    const classHash = await nodeRequest(testNode(), 'starknet_getClassHashAt', {
      block_id: 'latest',
      contract_address: ACCOUNT_0.address,
    });
    expect(BigInt(String(classHash))).not.toBe(0n);
  });

  it("changes a network's paymaster after it answers and the user agrees, and takes it back", async () => {
    const { snap, home } = await openFreshHome('settings');
    const url = `http://127.0.0.1:${TEST_NODE_PORT}/rpc`;
    const other = `http://127.0.0.1:${TEST_MAINNET_PORT}/rpc`;
    const form = `home-set-paymaster:0x534e5f4d41494e`;
    await home.typeInField(`${form}:url`, 'ftp://paymaster.example');
    const refused = await act(snap, home, async () =>
      home.clickElement(`${form}:submit`),
    );
    expect(refused.text).toContain('Paymaster URL');
    const page = await openHome(snap, 'settings');
    // Mainnet's paymaster of the test build has nothing behind it.
    await page.typeInField(`${form}:url`, other);
    const down = await act(snap, page, async () =>
      page.clickElement(`${form}:submit`),
    );
    expect(down.text).toContain(`could not be read`);

    const again = await openHome(snap, 'settings');
    await again.typeInField(`${form}:url`, url);
    const declined = await act(
      snap,
      again,
      async () => again.clickElement(`${form}:submit`),
      decline,
    );
    expect(declined.dialog).toContain('Change paymaster');
    expect(declined.dialog).toContain(
      "Sites' sponsorship keys (sent with a sponsored transaction) will go to this paymaster too.",
    );
    expect(declined.text).toContain(
      'Cancelled: the paymaster was not changed.',
    );

    const third = await openHome(snap, 'settings');
    await third.typeInField(`${form}:url`, url);
    const changed = await act(
      snap,
      third,
      async () => third.clickElement(`${form}:submit`),
      approve,
    );
    expect(changed.text).toContain(`Mainnet now uses the paymaster ${url}`);
    expect(changed.text).toContain('Back to the default paymaster of Mainnet');

    const back = await act(snap, changed.page, async () =>
      changed.page.clickElement('home-default-paymaster:0x534e5f4d41494e'),
    );
    expect(back.text).toContain('Back to the default paymaster.');
    expect(back.text).toContain(`Paymaster (fees in other tokens): ${other}`);
  });

  it("refuses a fee over 10× the paymaster's own estimate (the page's own cap), before any dialog", async () => {
    const { snap, home } = await openFreshHome('settings');
    await createAccount(snap, { addressIndex: 0 });
    const inflating = await startHostileNode({ target: testNode().url });
    try {
      inflating.script('paymaster_buildTransaction', (_call, honest) => {
        const build = structuredClone(honest.result) as {
          fee: Record<string, string>;
          typed_data: { message: { calls: { calldata: string[] }[] } };
        };
        const inGas = BigInt(build.fee.estimated_fee_in_gas_token ?? 0) * 20n;
        build.fee.suggested_max_fee_in_gas_token = `0x${inGas.toString(16)}`;
        const { calls } = build.typed_data.message;
        const last = calls[calls.length - 1];
        if (last) {
          last.calldata = [
            last.calldata[0] ?? '',
            `0x${inGas.toString(16)}`,
            '0x0',
          ];
        }
        return { result: build };
      });
      const form = 'home-set-paymaster:0x534e5f5345504f4c4941';
      await home.typeInField(`${form}:url`, inflating.url);
      const changed = await act(
        snap,
        home,
        async () => home.clickElement(`${form}:submit`),
        approve,
      );
      expect(changed.text).toContain(`now uses the paymaster ${inflating.url}`);
      const page = await openHome(snap, 'send');
      await page.selectInDropdown('send-from', ACCOUNT_0.address);
      await page.selectInDropdown('send-token', ETH);
      await page.selectInDropdown('send-fee', ETH);
      await page.typeInField('send-to', RECIPIENT);
      await page.typeInField('send-amount', '0.01');
      const before = await balance(ETH, RECIPIENT);
      const refused = await act(snap, page, async () =>
        page.clickElement('home-send:submit'),
      );
      expect(refused.text).toContain('20.0× its own estimate');
      expect(refused.text).toContain('(the cap this page sets)');
      expect(await balance(ETH, RECIPIENT)).toBe(before);
      expect(
        inflating
          .seen()
          .some(({ method }) => method === 'paymaster_executeTransaction'),
      ).toBe(false);
    } finally {
      await inflating.close();
    }
  });
});
