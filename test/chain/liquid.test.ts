import { balanceOn, callView, deployAccount0, receiptOf } from './actions';
import type { Receipt } from './actions';
import { BACKEND } from './backend';
import { nodeRequest, ONE_STRK } from './node';
import { unitsOf, useSwapNode } from './swapApi';
import { ACCOUNT_0, STRK } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

// starknet-devnet has no Endur vault: the local node's emulation alone is
// tested here (the conformance tier skips this file).
const describeLocal = BACKEND === 'local' ? describe : describe.skip;

/**
 * Endur's liquid staking from a dapp, through the built snap on a local
 * node that emulates the xSTRK vault and its withdrawal queue at
 * Sepolia's addresses (packages/local-node: the queue's wait 7 days): the
 * words and parties of each call, the refusals before any dialog, and
 * what moves on chain when approved.
 */

const { node } = useSwapNode(ACCOUNT_0.address, 1_000n * ONE_STRK);
const STRANGER =
  '0x00000000000000000000000000000000000000000000000000000000000bad01';
const DAY = 86_400;

const u256 = (value: bigint): string[] => [
  `0x${(value % 2n ** 128n).toString(16)}`,
  `0x${(value / 2n ** 128n).toString(16)}`,
];

/**
 * A one-u256 view of the vault.
 *
 * @param entrypoint - The view.
 * @param amount - Its input.
 * @returns The answer.
 */
async function vaultView(entrypoint: string, amount: bigint): Promise<bigint> {
  const [low = '0', high = '0'] = await callView(
    node(),
    node().liquid.vault,
    entrypoint,
    u256(amount),
  );
  return BigInt(low) + BigInt(high) * 2n ** 128n;
}

/**
 * The approve and deposit a staking dapp sends.
 *
 * @param amount - STRK staked.
 * @param receiver - Who gets the xSTRK.
 * @returns The calls.
 */
function stakeCalls(
  amount: bigint,
  receiver: string,
): { contractAddress: string; entrypoint: string; calldata: string[] }[] {
  const { vault } = node().liquid;
  return [
    {
      contractAddress: STRK,
      entrypoint: 'approve',
      calldata: [vault, ...u256(amount)],
    },
    {
      contractAddress: vault,
      entrypoint: 'deposit',
      calldata: [...u256(amount), receiver],
    },
  ];
}

/**
 * Sends calls from Account 0 through snapnet_executeTxn, approved.
 *
 * @param wallet - The wallet.
 * @param calls - The calls.
 * @returns The dialog's text and the receipt.
 */
async function approved(
  wallet: Wallet,
  calls: ReturnType<typeof stakeCalls>,
): Promise<{ shown: string; events: Receipt['events'] }> {
  const sending = invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls,
  });
  const dialog = await confirmationOf(sending);
  const shown = textOf(dialog.content);
  await dialog.ok();
  const { transaction_hash: hash } = await plainResultOf(sending);
  const receipt = await receiptOf(node(), hash);
  expect(receipt.execution_status).toBe('SUCCEEDED');
  return { shown, events: receipt.events };
}

/**
 * The refusal of calls, with no dialog.
 *
 * @param wallet - The wallet.
 * @param calls - The calls.
 * @returns The error's message.
 */
async function refusal(
  wallet: Wallet,
  calls: ReturnType<typeof stakeCalls>,
): Promise<string> {
  const error = await errorOf(
    invoke(wallet, 'snapnet_executeTxn', { address: ACCOUNT_0.address, calls }),
  );
  expect(error.code).toBe(-32602);
  return error.message;
}

/**
 * The request ids the queue's WithdrawQueue events of a receipt carry.
 *
 * @param events - The receipt's events.
 * @returns The ids.
 */
function requestIds(events: Receipt['events']): bigint[] {
  const { queue } = node().liquid;
  return events
    .filter(
      (event) =>
        BigInt(event.from_address) === BigInt(queue) &&
        event.data.length === 11,
    )
    .map((event) => BigInt(event.data[0] ?? '0'));
}

/**
 * What the first request of a receipt pays (its WithdrawQueue event's
 * amountSTRK).
 *
 * @param events - The receipt's events.
 * @returns The STRK.
 */
function owedBy(events: Receipt['events']): bigint {
  const { queue } = node().liquid;
  const event = events.find(
    (each) =>
      BigInt(each.from_address) === BigInt(queue) && each.data.length === 11,
  );
  return (
    BigInt(event?.data[1] ?? '0') + BigInt(event?.data[2] ?? '0') * 2n ** 128n
  );
}

describeLocal("Endur's liquid staking from a dapp", () => {
  let wallet: Wallet;

  beforeAll(async () => {
    wallet = await installSharedWallet();
    await deployAccount0(wallet);
  });

  it('stakes 100 STRK: the dialog says what the vault gives, and the xSTRK arrive', async () => {
    const { vault } = node().liquid;
    const amount = 100n * ONE_STRK;
    const expected = await vaultView('preview_deposit', amount);
    const before = await balanceOn(node(), vault, ACCOUNT_0.address);
    const { shown } = await approved(
      wallet,
      stakeCalls(amount, ACCOUNT_0.address),
    );
    expect(shown).toMatch(
      /Heading Stake 100 STRK with Endur for about \d+\.\d+ xSTRK \(to this account\)/u,
    );
    expect(shown).toContain(
      "Endur's liquid staking (xSTRK) of this network, read by the wallet from what you sign",
    );
    expect(shown).not.toContain('Banner Danger');
    // The rate rises every second on the chain's clock: the shares minted
    // may be a hair fewer than previewed a moment before.
    const minted = (await balanceOn(node(), vault, ACCOUNT_0.address)) - before;
    expect(minted).toBeLessThanOrEqual(expected);
    expect(minted).toBeGreaterThan(expected - expected / 1_000_000n);
  });

  it('names a stranger receiving the xSTRK first, with a danger; declined, nothing moves', async () => {
    const { vault } = node().liquid;
    const before = await balanceOn(node(), STRK, ACCOUNT_0.address);
    const sending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: stakeCalls(5n * ONE_STRK, STRANGER),
    });
    const dialog = await confirmationOf(sending);
    const shown = textOf(dialog.content);
    expect(shown).toContain('Heading Sends the xSTRK to 0x0000…ad01');
    expect(shown).toMatch(
      new RegExp(
        `Banner Danger danger Text Sends the xSTRK to ${STRANGER}`,
        'u',
      ),
    );
    await dialog.cancel();
    expect((await errorOf(sending)).code).toBe(4001);
    expect(await balanceOn(node(), STRK, ACCOUNT_0.address)).toBe(before);
    expect(await balanceOn(node(), vault, STRANGER)).toBe(0n);
  });

  it('refuses zero and more than held before any dialog', async () => {
    expect(await refusal(wallet, stakeCalls(0n, ACCOUNT_0.address))).toContain(
      'the amount is zero',
    );
    expect(
      await refusal(wallet, stakeCalls(10n ** 30n, ACCOUNT_0.address)),
    ).toMatch(
      /stakes 1,000,000,000,000 STRK but the account holds [\d,.]+ STRK\. Nothing was signed\./u,
    );
  });

  it('unstakes through the queue, refuses the early claim saying when, and claims it after the wait', async () => {
    const { vault, queue, withdrawalWait } = node().liquid;
    expect(withdrawalWait).toBe(7 * DAY);
    const shares = 10n * ONE_STRK;
    const { shown, events } = await approved(wallet, [
      {
        contractAddress: vault,
        entrypoint: 'redeem',
        calldata: [...u256(shares), ACCOUNT_0.address, ACCOUNT_0.address],
      },
    ]);
    // The first unstake of the queue: no earlier request says its wait.
    expect(shown).toMatch(
      /Heading Unstake 10 xSTRK: about \d+\.\d+ STRK claimable after (about 7 days|the queue's wait) \(to this account\)/u,
    );
    const [id] = requestIds(events);
    const owed = owedBy(events);
    if (id === undefined) {
      throw new Error('No WithdrawQueue event');
    }
    const claim = [
      {
        contractAddress: queue,
        entrypoint: 'claim_withdrawal',
        calldata: [`0x${id.toString(16)}`],
      },
    ];
    expect(await refusal(wallet, claim)).toMatch(
      new RegExp(
        `withdrawal request #${id} is not ready: its [\\d.,]+ STRK can be claimed from \\d\\d:\\d\\d UTC on \\d{4}-\\d\\d-\\d\\d\\. Nothing was signed\\.`,
        'u',
      ),
    );
    // A second unstake: the latest request tells the wait.
    const second = await approved(wallet, [
      {
        contractAddress: vault,
        entrypoint: 'redeem',
        calldata: [...u256(ONE_STRK), ACCOUNT_0.address, ACCOUNT_0.address],
      },
    ]);
    expect(second.shown).toMatch(/STRK claimable after about 7 days/u);
    await nodeRequest(node(), 'devnet_increaseTime', { time: 7 * DAY + 60 });
    const strkBefore = await balanceOn(node(), STRK, ACCOUNT_0.address);
    const claimed = await approved(wallet, claim);
    expect(claimed.shown).toContain(
      `Heading Claim withdrawal #${id}: ${unitsOf(owed, 18)} STRK`,
    );
    const strkAfter = await balanceOn(node(), STRK, ACCOUNT_0.address);
    // The claim pays the request; the fee is paid in STRK too.
    expect(strkAfter - strkBefore).toBeGreaterThan(owed - ONE_STRK / 100n);
    expect(await refusal(wallet, claim)).toContain(
      `withdrawal request #${id} was already claimed`,
    );
  });

  it("refuses a claim of a request that is not the account's, and of none", async () => {
    const { queue } = node().liquid;
    const claimOf = (id: bigint): ReturnType<typeof stakeCalls> => [
      {
        contractAddress: queue,
        entrypoint: 'claim_withdrawal',
        calldata: [`0x${id.toString(16)}`],
      },
    ];
    const { events } = await approved(wallet, [
      {
        contractAddress: node().liquid.vault,
        entrypoint: 'redeem',
        calldata: [...u256(ONE_STRK), STRANGER, ACCOUNT_0.address],
      },
    ]);
    const [id] = requestIds(events);
    expect(await refusal(wallet, claimOf(id ?? 0n))).toContain(
      `withdrawal request #${id} is not this account's: it belongs to ${STRANGER}`,
    );
    expect(await refusal(wallet, claimOf(999_999n))).toContain(
      'the queue has no withdrawal request #999999',
    );
  });

  it("marks Endur's own entry points called on another contract as not Endur's", async () => {
    const sending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [
        {
          contractAddress: node().swap.exchange,
          entrypoint: 'deposit_to_validator',
          calldata: [...u256(ONE_STRK), ACCOUNT_0.address, STRANGER],
        },
      ],
    });
    const dialog = await confirmationOf(sending);
    expect(textOf(dialog.content)).toContain(
      "This contract is not Endur's xSTRK vault nor its withdrawal queue on this network",
    );
    await dialog.cancel();
    expect((await errorOf(sending)).code).toBe(4001);
  });
});
