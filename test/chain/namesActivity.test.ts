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
  /**
   * Opens signMessage's dialog for a mail to `to` (a ContractAddress).
   *
   * @param to - The address.
   * @returns The pending request, the dialog and its text.
   */
  async function mailDialog(to: string): Promise<{
    pending: ReturnType<typeof invoke>;
    dialog: Awaited<ReturnType<typeof confirmationOf>>;
    shown: string;
  }> {
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: {
        ...flatMailRevision1,
        message: { to, contents: 'Hello' },
      },
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    return { pending, dialog, shown: textOf(dialog.content) };
  }

  it('shows the name of a ContractAddress that resolves back, in two round trips, and never a claimed one', async () => {
    // The node's first contact (its chain check) is behind us.
    const warm = await mailDialog(DRAINER);
    await warm.dialog.cancel();
    await errorOf(warm.pending);
    front.forget();
    const { pending, dialog, shown } = await mailDialog(ALICE);
    expect(shown).toContain('alice.stark');
    expect(shown).toContain(ALICE);
    expect(shown).toContain('Starknet ID names');
    // The reverse lookups, then the forward ones.
    expect(
      front
        .seen()
        .some(({ method }) => method === 'paymaster_getSupportedTokens'),
    ).toBe(false);
    expect(front.roundTrips()).toBe(2);
    await dialog.cancel();
    expect(await errorOf(pending)).toMatchObject({ code: 4001 });
    const drained = await mailDialog(DRAINER);
    expect(drained.shown).toContain(DRAINER);
    expect(drained.shown).not.toContain('uniswap');
    expect(drained.shown).not.toContain('Starknet ID names');
    expect(
      front.seen().some((call) => isLookup(call, 'domain_to_address')),
    ).toBe(true);
    await drained.dialog.cancel();
    expect(await errorOf(drained.pending)).toMatchObject({ code: 4001 });
  });

  it('shows plain addresses when the naming contract answers garbage or fails', async () => {
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
      const { pending, dialog, shown } = await mailDialog(ALICE);
      expect(shown).toContain(ALICE);
      expect(shown).toContain('Sign message');
      expect(shown).not.toContain('alice.stark');
      // The lookup was made, and its answer cost the name only.
      expect(front.seen().some((call) => isLookup(call, entrypoint))).toBe(
        true,
      );
      front.forget();
      await dialog.cancel();
      expect(await errorOf(pending)).toMatchObject({ code: 4001 });
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
