import { outsideExecution } from 'starknet';

import { act, approve, decline, openHome, openView } from './homePage';
import type { HomeInterface } from './homePage';
import { addSiteNetwork, SITE_NETWORK_NAME } from './hostile-node';
import type { Answer, HostileNode } from './hostile-node';
import {
  ALICE,
  DRAINER,
  holdForwardLookups,
  isLookup,
  setName,
  startNamedChain,
  stopNamedChain,
} from './namedChain';
import { nodeRequest, SN_DEVNET, SPONSORED } from './node';
import { ACCOUNT_0, STRK, TESTNET } from '../fixtures';
import {
  confirmationOf,
  createAccount,
  errorOf,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { installSimulatedSnap } from '../snapState';
import type { SimulatedSnap } from '../snapState';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * Starknet ID names through the built snap: the snap's Testnet node is a
 * hostile node in front of a local node whose naming contract (at the
 * Sepolia address starknet.js knows) holds the records a test sets, so a
 * test can also make the naming contract answer garbage.
 */

const BOB = `0x${'b0b'.padStart(64, '0')}`;
const NAMELESS = `0x${'abcdef'.padStart(64, '0')}`;

let real: LocalNode;
let front: HostileNode;
let wallet: Wallet;

beforeAll(async () => {
  ({ real, front, wallet } = await startNamedChain({ 'pay.bob.stark': BOB }));
}, 300_000);

afterAll(async () => stopNamedChain({ real, front, wallet }));

afterEach(() => {
  front.clearScripts();
  front.forget();
});

/**
 * Opens executeTxn's confirmation of a STRK transfer to `to`.
 *
 * @param to - The recipient.
 * @returns The pending request and the dialog's text.
 */
async function transferDialog(to: string): Promise<{
  pending: ReturnType<typeof invoke>;
  dialog: Awaited<ReturnType<typeof confirmationOf>>;
  shown: string;
}> {
  const pending = invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls: [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [to, '0x2540be400', '0x0'],
      },
    ],
  });
  const dialog = await confirmationOf(pending);
  return { pending, dialog, shown: textOf(dialog.content) };
}

describe('names beside addresses in a transaction confirmation', () => {
  it('shows a recipient name that resolves back, with the full address, in the same round trips', async () => {
    // The same transfer to an address without a name, first: the node's
    // first contact (its chain check) is behind us, and its round trips are
    // what a confirmation costs.
    for (const counted of [false, true]) {
      if (counted) {
        front.forget();
      }
      const nameless = await transferDialog(NAMELESS);
      await nameless.dialog.cancel();
      await errorOf(nameless.pending);
    }
    const namelessTrips = front.roundTrips();
    front.forget();
    const { pending, dialog, shown } = await transferDialog(ALICE);
    expect(front.roundTrips()).toBe(namelessTrips);
    expect(namelessTrips).toBe(2);
    expect(shown).toContain('alice.stark');
    expect(shown).toContain(ALICE);
    expect(shown).toContain('Starknet ID names');
    await dialog.ok();
    expect((await plainResultOf(pending)).transaction_hash).toMatch(
      /^0x[0-9a-f]+$/u,
    );
    // Nonce and classes, then simulation, then the submission: as without
    // names (test/chain/execute.test.ts), the lookups riding along.
    expect(front.roundTrips()).toBe(3);
    const seen = front.seen();
    expect(
      seen.filter((call) => isLookup(call, 'address_to_domain')),
    ).not.toHaveLength(0);
    expect(
      seen.filter((call) => isLookup(call, 'domain_to_address')),
    ).not.toHaveLength(0);
  });

  it('shows a subdomain', async () => {
    const { pending, dialog, shown } = await transferDialog(BOB);
    expect(shown).toContain('pay.bob.stark');
    expect(shown).toContain(BOB);
    await dialog.cancel();
    expect(await errorOf(pending)).toMatchObject({ code: 4001 });
  });

  it('never shows a reverse record that does not resolve back to the address', async () => {
    const { pending, dialog, shown } = await transferDialog(DRAINER);
    expect(shown).toContain(DRAINER);
    expect(shown).not.toContain('uniswap');
    expect(shown).not.toContain('Starknet ID names');
    // The naming contract did claim the name: the wallet's own forward
    // lookup is what refused it.
    expect(
      front.seen().filter((call) => isLookup(call, 'domain_to_address')),
    ).toHaveLength(1);
    await dialog.cancel();
    expect(await errorOf(pending)).toMatchObject({ code: 4001 });
  });

  it('changes nothing but the absence of a name when the naming contract answers garbage or fails', async () => {
    const baseline = await transferDialog(NAMELESS);
    await baseline.dialog.cancel();
    await errorOf(baseline.pending);
    const huge = ['0x186a0', ...Array.from({ length: 100_000 }, () => '0x1')];
    const answers: Answer[] = [
      { result: huge },
      { result: ['0x1', `0x${(2n ** 251n).toString(16)}`] },
      { result: ['0x5', '0x1'] },
      { result: 'alice.stark' },
      {
        error: {
          code: 40,
          message: 'Contract error',
          data: { revert_error: 'x'.repeat(5_000) },
        },
      },
    ];
    for (const answer of answers) {
      front.script('starknet_call', (call, honest) =>
        isLookup(call, 'address_to_domain') ? answer : honest,
      );
      const attempt = await transferDialog(NAMELESS);
      expect(attempt.shown).toBe(baseline.shown);
      await attempt.dialog.cancel();
      expect(await errorOf(attempt.pending)).toMatchObject({ code: 4001 });
    }
    // A forward lookup that answers two felts for alice.stark: no name.
    front.script('starknet_call', (call, honest) =>
      isLookup(call, 'domain_to_address') ? { result: [ALICE, ALICE] } : honest,
    );
    const forwardGarbage = await transferDialog(ALICE);
    expect(forwardGarbage.shown).not.toContain('alice.stark');
    expect(forwardGarbage.shown).toContain(ALICE);
    await forwardGarbage.dialog.cancel();
    await errorOf(forwardGarbage.pending);
  });
});

describe('names in the paymaster confirmation', () => {
  it("shows a recipient's name that resolves back, and never a drainer's claimed name", async () => {
    const named = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [ALICE, '0x1', '0x0'],
        },
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [DRAINER, '0x1', '0x0'],
        },
      ],
      paymaster: SPONSORED,
    });
    const dialog = await confirmationOf(named);
    const shown = textOf(dialog.content);
    expect(shown).toContain('through a paymaster');
    expect(shown).toContain('alice.stark');
    expect(shown).toContain(ALICE);
    expect(shown).toContain(DRAINER);
    expect(shown).not.toContain('uniswap');
    await dialog.cancel();
    expect(await errorOf(named)).toMatchObject({ code: 4001 });
  });
});

describe("the paymaster relayer's name", () => {
  const CHECKING = 'Starknet ID name: checking…';

  /**
   * Opens a sponsored transfer's confirmation, the node holding its answers
   * to forward lookups until the dialog is open, and watches its update.
   *
   * @returns The pending request, the dialog and its update to come.
   */
  async function sponsoredDialog(): Promise<{
    pending: ReturnType<typeof invoke>;
    dialog: Awaited<ReturnType<typeof confirmationOf>>;
    updated: Promise<{ content: unknown }>;
  }> {
    const open = holdForwardLookups(front);
    const pending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [NAMELESS, '0x1', '0x0'],
        },
      ],
      paymaster: SPONSORED,
    });
    const dialog = await confirmationOf(pending);
    const updated = dialog.waitForUpdate();
    open();
    return { pending, dialog, updated };
  }

  it('appears in place once it resolves back (its forward check made while the dialog is open), and a claimed one never', async () => {
    const last = real.accounts[real.accounts.length - 1];
    if (!last) {
      throw new Error('The local node has no relayer');
    }
    // As the paymaster names it (and the dialog shows it): no leading zeros.
    const relayer = `0x${BigInt(last.address).toString(16)}`;
    await setName(real, { name: 'relayer.stark', address: relayer });
    const { pending, dialog, updated } = await sponsoredDialog();
    const before = JSON.stringify(dialog.content);
    expect(before).toContain('through a paymaster');
    expect(before).toContain(relayer);
    expect(before).toContain(CHECKING);
    expect(before).not.toContain('relayer.stark');
    const line =
      'Starknet ID name: relayer.stark (resolves to this address and back)';
    const after = JSON.stringify((await updated).content);
    expect(after.split(line).join(CHECKING)).toBe(before);
    await dialog.ok();
    expect((await plainResultOf(pending)).transaction_hash).toMatch(
      /^0x[0-9a-f]+$/u,
    );
    // The relayer's reverse record now claims a name that resolves
    // elsewhere: no name.
    await setName(real, {
      name: 'uniswap.stark',
      address: relayer,
      records: 'reverse-unchecked',
    });
    front.forget();
    const claimed = await sponsoredDialog();
    const claimedAfter = JSON.stringify((await claimed.updated).content);
    expect(claimedAfter).toContain('Starknet ID name: none');
    expect(claimedAfter).not.toContain('uniswap');
    expect(
      front.seen().some((call) => isLookup(call, 'domain_to_address')),
    ).toBe(true);
    await claimed.dialog.cancel();
    expect(await errorOf(claimed.pending)).toMatchObject({ code: 4001 });
  });
});

describe('names in an outside execution', () => {
  it("shows the recipient's name that resolves back, never a drainer's claim, with no round trip of its own before the dialog", async () => {
    const now = Math.floor(Date.now() / 1000);
    const signing = (to: string, nonce: string): ReturnType<typeof invoke> =>
      invoke(wallet, 'snapnet_signMessage', {
        typedDataMessage: JSON.parse(
          JSON.stringify(
            outsideExecution.getTypedData(
              TESTNET,
              {
                caller: 'ANY_CALLER',
                execute_after: now - 600,
                execute_before: now + 3600,
              },
              nonce,
              [
                {
                  contractAddress: STRK,
                  entrypoint: 'transfer',
                  calldata: [to, '1', '0'],
                },
              ],
              '1',
            ),
          ),
        ),
        signerAddress: ACCOUNT_0.address,
      });
    const drained = signing(DRAINER, '0x71');
    const drainerDialog = await confirmationOf(drained);
    const drainerText = textOf(drainerDialog.content);
    expect(drainerText).toContain(DRAINER);
    expect(drainerText).not.toContain('uniswap');
    await drainerDialog.cancel();
    expect(await errorOf(drained)).toMatchObject({ code: 4001 });
    front.forget();
    // The ABIs are known now: the classes (with the reverse lookups) are the
    // one round trip before the dialog; the forward check, which would be a
    // second, is made while it is open (held here until it is).
    const open = holdForwardLookups(front);
    const named = signing(ALICE, '0x72');
    const dialog = await confirmationOf(named);
    const updated = dialog.waitForUpdate();
    const shown = JSON.stringify(dialog.content);
    expect(shown).toContain('Sign: Send ');
    expect(shown).toContain(ALICE);
    expect(shown).toContain('Starknet ID name: checking…');
    expect(shown).not.toContain('alice.stark');
    expect(front.roundTrips()).toBe(1);
    open();
    const line =
      'Starknet ID name: alice.stark (resolves to this address and back)';
    expect(
      JSON.stringify((await updated).content)
        .split(line)
        .join('Starknet ID name: checking…'),
    ).toBe(shown);
    expect(front.roundTrips()).toBe(2);
    await dialog.cancel();
    expect(await errorOf(named)).toMatchObject({ code: 4001 });
  });
});

describe("the page's send to a name", () => {
  let snap: SimulatedSnap;
  let home: HomeInterface;

  beforeEach(async () => {
    snap = await installSimulatedSnap();
    await createAccount(snap, { addressIndex: 0 });
    home = await openHome(snap, 'send');
  });

  /**
   * Fills the send form.
   *
   * @param page - The page.
   * @param to - The recipient as typed.
   */
  async function fill(page: HomeInterface, to: string): Promise<void> {
    await page.selectInDropdown('send-from', ACCOUNT_0.address);
    await page.selectInDropdown('send-token', STRK);
    await page.typeInField('send-to', to);
    await page.typeInField('send-amount', '0.5');
  }

  it('resolves a name, shows it with the address it resolved to, and sends there when approved', async () => {
    await fill(home, 'alice.stark');
    const { dialog, text } = await act(
      snap,
      home,
      async () => home.clickElement('home-send:submit'),
      approve,
    );
    expect(dialog).toContain('Recipient alice.stark');
    expect(dialog).toContain(ALICE);
    expect(text).toMatch(/Sent\. Transaction 0x[0-9a-f]+/u);
  });

  it('sends nothing when the user declines', async () => {
    await fill(home, 'pay.bob.stark');
    const { dialog, text } = await act(
      snap,
      home,
      async () => home.clickElement('home-send:submit'),
      decline,
    );
    expect(dialog).toContain('Recipient pay.bob.stark');
    expect(dialog).toContain(BOB);
    expect(text).toContain('Cancelled: nothing was done.');
    expect(
      front
        .seen()
        .some(({ method }) => method === 'starknet_addInvokeTransaction'),
    ).toBe(false);
  });

  it.each([
    ['nobody.stark', 'nobody.stark does not resolve to an address on Testnet'],
    ['Not a name!.stark', 'is not a Starknet ID name'],
    ['a.b.c.d.e.stark', 'is not a Starknet ID name'],
  ])('says %s cannot be sent to, without a dialog', async (typed, message) => {
    await fill(home, typed);
    const { text } = await act(snap, home, async () =>
      home.clickElement('home-send:submit'),
    );
    expect(text).toContain(message);
    expect(
      front
        .seen()
        .some(({ method }) =>
          [
            'starknet_simulateTransactions',
            'starknet_addInvokeTransaction',
          ].includes(method),
        ),
    ).toBe(false);
  });

  it.each([
    ['2^251', 2n ** 251n],
    ['the largest felt', 2n ** 251n + 17n * 2n ** 192n],
  ])(
    'refuses a name its naming contract resolves to %s (no address), naming the field and building nothing',
    async (_what, answered) => {
      const answeredHex = `0x${answered.toString(16)}`;
      front.script('starknet_call', (call, honest) =>
        isLookup(call, 'domain_to_address')
          ? { result: [answeredHex] }
          : honest,
      );
      await fill(home, 'alice.stark');
      const { text } = await act(snap, home, async () =>
        home.clickElement('home-send:submit'),
      );
      expect(text).toContain(
        `Recipient: alice.stark resolves on Testnet to ${answeredHex}, which is not a Starknet address (at least 2^251): nothing was sent`,
      );
      expect(
        front
          .seen()
          .some(({ method }) =>
            [
              'starknet_estimateFee',
              'starknet_simulateTransactions',
              'starknet_addInvokeTransaction',
            ].includes(method),
          ),
      ).toBe(false);
    },
  );
});

describe("the page's own names", () => {
  it("shows an account's name only while it resolves back to the account", async () => {
    const snap = await installSimulatedSnap();
    await createAccount(snap, { addressIndex: 0 });
    const pageText = async (): Promise<string> =>
      textOf((await snap.onHomePage()).getInterface().content);
    expect(await pageText()).not.toContain('Starknet ID:');
    await setName(real, { name: 'me.stark', address: ACCOUNT_0.address });
    const named = await pageText();
    expect(named).toContain('Starknet ID: me.stark');
    expect(named).toContain(ACCOUNT_0.address);
    // The account's reverse record now claims a name that resolves
    // elsewhere (the contract answering it anyway): no name.
    await setName(real, {
      name: 'uniswap.stark',
      address: ACCOUNT_0.address,
      records: 'reverse-unchecked',
    });
    const claimed = await pageText();
    expect(claimed).not.toContain('uniswap');
    expect(claimed).not.toContain('Starknet ID:');
  });
});

describe("a site's own network", () => {
  it('has no naming contract: a name is a message on the page, no dialog, even where its node answers one', async () => {
    const siteNode = await startLocalNode({
      host: '127.0.0.1',
      chainId: 'SN_DEVNET',
    });
    try {
      // The site's node serves a naming contract at Sepolia's address, with
      // alice.stark pointing to the drainer.
      await nodeRequest(siteNode, 'local_setStarkName', {
        name: 'alice.stark',
        address: DRAINER,
      });
      const snap = await installSimulatedSnap();
      await addSiteNetwork(snap, siteNode.url, SN_DEVNET);
      await createAccount(snap, { addressIndex: 0, chainId: SN_DEVNET });
      const home = (await snap.onHomePage()).getInterface();
      const switched = await act(snap, home, async () =>
        home.selectInDropdown('home-network', SN_DEVNET),
      );
      const page = await openView(switched.page, 'send');
      await page.selectInDropdown('send-from', ACCOUNT_0.address);
      await page.selectInDropdown('send-token', STRK);
      await page.typeInField('send-to', 'alice.stark');
      await page.typeInField('send-amount', '0.5');
      const { text } = await act(snap, page, async () =>
        page.clickElement('home-send:submit'),
      );
      expect(text).toContain(
        `${SITE_NETWORK_NAME} has no Starknet ID naming contract the wallet knows`,
      );
      expect(text).not.toContain(DRAINER);
    } finally {
      await siteNode.stop();
    }
  });
});
