import { receiptOf } from './actions';
import { predeployedAccount } from './classes';
import { act, approve, openHome, openView } from './homePage';
import type { Answer, HostileNode } from './hostile-node';
import {
  ALICE,
  DRAINER,
  isLookup,
  setName,
  startNamedChain,
  stopNamedChain,
} from './namedChain';
import { ONE_STRK } from './node';
import { ACCOUNT_0, flatMailRevision1, STRK } from '../fixtures';
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
import type { LocalNode } from '@snapnet/local-node';

/**
 * Starknet ID names in the page's activity (its lines and a transaction's
 * details) and beside a signed message's ContractAddress values, through
 * the built snap: shown only when the reverse record resolves forward to
 * the very address; a naming contract that lies, answers garbage or fails
 * leaves the addresses alone. The snap's Testnet node is a hostile node in
 * front of a local node whose naming contract holds the test's records.
 */

const canonical = (value: string): string =>
  `0x${BigInt(value).toString(16).padStart(64, '0')}`;
const short = (value: string): string =>
  `${canonical(value).slice(0, 6)}…${canonical(value).slice(-4)}`;

let real: LocalNode;
let front: HostileNode;
let wallet: Wallet;

beforeAll(async () => {
  ({ real, front, wallet } = await startNamedChain());
}, 300_000);

afterAll(async () => stopNamedChain({ real, front, wallet }));

afterEach(() => {
  front.clearScripts();
  front.forget();
});

describe("names beside a signed message's addresses", () => {
  const CHECKING = 'Starknet ID name: checking…';
  const NONE = 'Starknet ID name: none';
  const named = (name: string): string =>
    `Starknet ID name: ${name} (resolves to this address and back)`;

  /**
   * Opens signMessage's dialog for a mail to `to` (a ContractAddress), the
   * node holding every answer until the dialog is open (so it cannot have
   * waited for one), and watches for its update.
   *
   * @param to - The address.
   * @param stall - Whether the node keeps holding its answers (release
   * them with the returned release).
   * @returns The pending request, the dialog, its text as it opened, its
   * update to come, and the release of the node's answers.
   */
  async function mailDialog(
    to: string,
    stall = false,
  ): Promise<{
    pending: ReturnType<typeof invoke>;
    dialog: Awaited<ReturnType<typeof confirmationOf>>;
    shown: string;
    updated: Promise<{ content: unknown }>;
    release: () => void;
  }> {
    const release = front.hold();
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: {
        ...flatMailRevision1,
        message: { to, contents: 'Hello' },
      },
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    const updated = dialog.waitForUpdate();
    if (!stall) {
      release();
    }
    return {
      pending,
      dialog,
      shown: textOf(dialog.content),
      updated,
      release,
    };
  }

  /**
   * The dialog as it opened and as the names read while it was open left
   * it: the update must change the name line and nothing else.
   *
   * @param opened - The dialog's content as it opened.
   * @param updated - Its content once updated.
   * @param line - The name line the update shows.
   */
  function expectOnlyTheNameLine(
    opened: unknown,
    updated: unknown,
    line: string,
  ): void {
    const before = JSON.stringify(opened);
    const after = JSON.stringify(updated);
    expect(before).toContain(CHECKING);
    expect(after).not.toContain(CHECKING);
    expect(after.split(line).join(CHECKING)).toBe(before);
  }

  beforeAll(async () => {
    // The node's first contact (its chain check) is behind us.
    const warm = await mailDialog(DRAINER);
    await warm.updated;
    await warm.dialog.cancel();
    await errorOf(warm.pending);
  });

  it('opens before any node answer, then shows the name that resolves back in place (reverse, then forward: two round trips)', async () => {
    front.forget();
    // The node held every answer until the dialog was open: it waited for
    // none.
    const { pending, dialog, shown, updated } = await mailDialog(ALICE);
    expect(shown).toContain('Sign message');
    expect(shown).toContain(ALICE);
    expect(shown).toContain(CHECKING);
    expect(shown).not.toContain('alice.stark');
    expectOnlyTheNameLine(
      dialog.content,
      (await updated).content,
      named('alice.stark'),
    );
    expect(front.roundTrips()).toBe(2);
    await dialog.ok();
    const signature = await plainResultOf(pending);
    // The same bytes are signed as when no name is found (the naming
    // contract failing): the update changed the dialog only.
    front.script('starknet_call', (call, honest) =>
      isLookup(call, 'address_to_domain')
        ? { error: { code: 40, message: 'Contract error', data: {} } }
        : honest,
    );
    const nameless = await mailDialog(ALICE);
    expect(textOf((await nameless.updated).content)).toContain(NONE);
    await nameless.dialog.ok();
    expect(await plainResultOf(nameless.pending)).toBe(signature);
    expect(signature).toMatch(/^0x[0-9a-f]+,0x[0-9a-f]+$/u);
  });

  it('declines as before: 4001, whether the names have arrived or not', async () => {
    const early = await mailDialog(ALICE, true);
    expect(early.shown).toContain(CHECKING);
    await early.dialog.cancel();
    expect(await errorOf(early.pending)).toMatchObject({ code: 4001 });
    early.release();
    const late = await mailDialog(ALICE);
    expect(textOf((await late.updated).content)).toContain(
      named('alice.stark'),
    );
    await late.dialog.cancel();
    expect(await errorOf(late.pending)).toMatchObject({ code: 4001 });
  });

  it('never shows a reverse record that does not resolve back to the address', async () => {
    const { pending, dialog, updated } = await mailDialog(DRAINER);
    const { content } = await updated;
    expectOnlyTheNameLine(dialog.content, content, NONE);
    expect(textOf(content)).toContain(DRAINER);
    expect(textOf(content)).not.toContain('uniswap');
    // The contract claimed the name: the wallet's forward lookup refused it.
    expect(
      front.seen().some((call) => isLookup(call, 'domain_to_address')),
    ).toBe(true);
    await dialog.cancel();
    expect(await errorOf(pending)).toMatchObject({ code: 4001 });
  });

  it('opens at once and signs when the naming contract stalls: no name at the bound', async () => {
    const { pending, dialog, shown, updated, release } = await mailDialog(
      ALICE,
      true,
    );
    try {
      expect(shown).toContain(CHECKING);
      expectOnlyTheNameLine(dialog.content, (await updated).content, NONE);
      await dialog.ok();
      expect(await plainResultOf(pending)).toMatch(
        /^0x[0-9a-f]+,0x[0-9a-f]+$/u,
      );
    } finally {
      release();
    }
  });

  it('shows no name when the naming contract answers garbage or fails', async () => {
    const huge = ['0x186a0', ...Array.from({ length: 100_000 }, () => '0x1')];
    const scripts: [string, Answer][] = [
      ['address_to_domain', { result: huge }],
      ['address_to_domain', { result: 'alice.stark' }],
      [
        'address_to_domain',
        { error: { code: 40, message: 'Contract error', data: {} } },
      ],
      ['domain_to_address', { result: [ALICE, ALICE] }],
      ['domain_to_address', { error: { code: -32603, message: 'down' } }],
    ];
    for (const [entrypoint, answer] of scripts) {
      front.script('starknet_call', (call, honest) =>
        isLookup(call, entrypoint) ? answer : honest,
      );
      const { pending, dialog, updated } = await mailDialog(ALICE);
      expectOnlyTheNameLine(dialog.content, (await updated).content, NONE);
      // The lookup was made, and its answer cost the name only.
      expect(front.seen().some((call) => isLookup(call, entrypoint))).toBe(
        true,
      );
      front.forget();
      await dialog.ok();
      expect(await plainResultOf(pending)).toMatch(
        /^0x[0-9a-f]+,0x[0-9a-f]+$/u,
      );
    }
  });
});

describe("names in the page's activity", () => {
  it("shows a received transfer's sender name (line and details) only while it resolves back", async () => {
    const stranger = predeployedAccount(real, 1);
    const { transaction_hash: received } = await stranger.execute([
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [ACCOUNT_0.address, String(2n * ONE_STRK), '0'],
      },
    ]);
    await receiptOf(real, received);
    await setName(real, { name: 'carol.stark', address: stranger.address });
    const snap = await installSimulatedSnap();
    await createAccount(snap, { addressIndex: 0 });
    const more = async (): Promise<{
      text: string;
      page: Awaited<ReturnType<typeof act>>['page'];
    }> => {
      const home = await openHome(snap, 'activity');
      return act(snap, home, async () =>
        home.clickElement('home-activity-more:5'),
      );
    };
    const line = `Account 0: Received 2 STRK from ${short(stranger.address)}`;
    const named = await more();
    expect(named.text).toContain(line);
    expect(named.text).toContain(
      `Starknet ID: carol.stark is ${canonical(stranger.address)}`,
    );
    // The details of the transfer: its sender, with its name.
    const detail = /home-activity-detail:[^"]+/u.exec(
      JSON.stringify(named.page.content),
    )?.[0];
    expect(detail).toBeDefined();
    const details = await act(snap, named.page, async () =>
      named.page.clickElement(detail ?? ''),
    );
    expect(details.text).toContain(canonical(stranger.address));
    expect(details.text).toContain(
      `Starknet ID: carol.stark is ${canonical(stranger.address)}`,
    );
    // The sender's reverse record now claims a name that resolves
    // elsewhere, the contract answering it anyway: no name.
    await setName(real, {
      name: 'uniswap.stark',
      address: stranger.address,
      records: 'reverse-unchecked',
    });
    const claimed = await more();
    expect(claimed.text).toContain(line);
    expect(claimed.text).not.toContain('uniswap');
    expect(claimed.text).not.toContain('Starknet ID:');
    expect(
      front.seen().some((call) => isLookup(call, 'domain_to_address')),
    ).toBe(true);
  });

  it("shows a sent transfer's recipient name on the first page, its reverse lookup riding the page's batch", async () => {
    const snap = await installSimulatedSnap();
    await createAccount(snap, { addressIndex: 0 });
    const home = await openHome(snap, 'send');
    await home.selectInDropdown('send-from', ACCOUNT_0.address);
    await home.selectInDropdown('send-token', STRK);
    await home.typeInField('send-to', ALICE);
    await home.typeInField('send-amount', '0.5');
    await act(
      snap,
      home,
      async () => home.clickElement('home-send:submit'),
      approve,
    );
    const overview = await openHome(snap);
    front.forget();
    const page = textOf((await openView(overview, 'activity')).content);
    expect(page).toContain(`Account 0: Sent 0.5 STRK to ${short(ALICE)}`);
    expect(page).toContain(`Starknet ID: alice.stark is ${ALICE}`);
    // The Activity view's one batch (the reverse lookup of the recipient
    // with it), then the forward check of the name it claims; no paymaster
    // read (Send alone asks it).
    expect(
      front
        .seen()
        .filter(
          (call) =>
            isLookup(call, 'address_to_domain') &&
            JSON.stringify(call.params).includes(ALICE),
        ),
    ).toHaveLength(1);
    expect(
      front
        .seen()
        .some(({ method }) => method === 'paymaster_getSupportedTokens'),
    ).toBe(false);
    expect(front.roundTrips()).toBe(2);
  });
});
