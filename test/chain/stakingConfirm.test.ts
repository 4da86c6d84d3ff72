import { outsideExecution } from 'starknet';

import { receiptOf } from './actions';
import { BACKEND } from './backend';
import { predeployedAccount } from './classes';
import type { HostileNode, SeenCall } from './hostile-node';
import {
  ALICE,
  holdForwardLookups,
  setName,
  startNamedChain,
  stopNamedChain,
} from './namedChain';
import { nodeRequest, ONE_STRK, SPONSORED } from './node';
import { formatUnits } from '../../src/format';
import { normaliseAddress } from '../../src/keys/address';
import { selectorOf } from '../../src/protocol/selectors';
import { STAKING_EVENTS } from '../../src/staking/events';
import {
  POOL_SELECTORS,
  STAKING_CONTRACTS,
  STAKING_SELECTORS,
} from '../../src/staking/protocol';
import { ACCOUNT_0, STRK, TESTNET } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { readShown } from '../readDialog';
import type { LocalNode } from '@snapnet/local-node';

// starknet-devnet has no staking contracts: the local node's emulation alone is
// tested here (the conformance tier skips this file).
const describeLocal = BACKEND === 'local' ? describe : describe.skip;

/**
 * Staking confirmations through the built snap, as a dapp sends the calls
 * (the page's actions go through the same confirmation): the local node
 * emulates the staking contract and its pools at Sepolia's addresses, the
 * snap's Testnet node is a hostile node in front of it (so a test can make
 * it claim a stranger's pool), and the validators are found as a wallet
 * finds them, from the staking contract's NewDelegationPool events.
 */

const STAKING = STAKING_CONTRACTS[TESTNET] ?? '';
const ACCOUNT = normaliseAddress(ACCOUNT_0.address);

/** A validator's pool as the staking contract announced it. */
type Validator = {
  staker: string;
  pool: string;
  token: string;
  commission: bigint;
};

let real: LocalNode;
let front: HostileNode;
let wallet: Wallet;
let first: Validator;
let second: Validator;

const toFelt = (value: bigint): string => `0x${value.toString(16)}`;

/**
 * The STRK pools the staking contract announced, by its events.
 *
 * @returns The validators with a STRK pool.
 */
async function strkValidators(): Promise<Validator[]> {
  const answer = (await nodeRequest(real, 'starknet_getEvents', {
    filter: {
      address: STAKING,
      keys: [[STAKING_EVENTS.NewDelegationPool.selector]],
      from_block: { block_number: 0 },
      to_block: 'latest',
      chunk_size: 100,
    },
  })) as { events: { keys: string[]; data: string[] }[] };
  return answer.events.flatMap(({ keys, data }) => {
    const [, staker, pool, token] = keys;
    return staker && pool && token && BigInt(token) === BigInt(STRK)
      ? [
          {
            staker: normaliseAddress(staker),
            pool: normaliseAddress(pool),
            token: normaliseAddress(token),
            commission: BigInt(data[0] ?? '0x0'),
          },
        ]
      : [];
  });
}

/**
 * A view of the local node (behind the hostile one: the truth).
 *
 * @param contract - The contract.
 * @param selector - The view's selector.
 * @param calldata - Its calldata.
 * @returns The felts.
 */
async function view(
  contract: string,
  selector: string,
  calldata: string[] = [],
): Promise<bigint[]> {
  const felts = (await nodeRequest(real, 'starknet_call', {
    request: {
      contract_address: contract,
      entry_point_selector: selector,
      calldata,
    },
    block_id: 'latest',
  })) as string[];
  return felts.map(BigInt);
}

/**
 * A member's stake and pending exit in a pool (0 when no member).
 *
 * @param pool - The pool.
 * @param member - The member (the account by default).
 * @returns Its amount and unpool amount.
 */
async function memberOf(
  pool: string,
  member = ACCOUNT,
): Promise<{ amount: bigint; unpool: bigint }> {
  const [tag, , amount, , , unpool] = await view(
    pool,
    POOL_SELECTORS.get_pool_member_info_v1,
    [member],
  );
  return tag === 0n
    ? { amount: amount ?? 0n, unpool: unpool ?? 0n }
    : { amount: 0n, unpool: 0n };
}

/**
 * A pool call.
 *
 * @param pool - The pool.
 * @param entrypoint - The entry point.
 * @param calldata - Its calldata.
 * @returns The call.
 */
function poolCall(
  pool: string,
  entrypoint: keyof typeof POOL_SELECTORS,
  calldata: string[],
): { contractAddress: string; entrypoint: string; calldata: string[] } {
  return { contractAddress: pool, entrypoint, calldata };
}

/**
 * approve + enter_delegation_pool (or add_to_delegation_pool).
 *
 * @param pool - The pool.
 * @param amount - The stake.
 * @param approved - The allowance (default: the stake).
 * @param entrypoint - Enter or add.
 * @returns The calls.
 */
function stakeCalls(
  pool: string,
  amount: bigint,
  approved = amount,
  entrypoint:
    | 'enter_delegation_pool'
    | 'add_to_delegation_pool' = 'enter_delegation_pool',
): ReturnType<typeof poolCall>[] {
  return [
    {
      contractAddress: STRK,
      entrypoint: 'approve',
      calldata: [pool, toFelt(approved), '0x0'],
    },
    poolCall(pool, entrypoint, [ACCOUNT, toFelt(amount)]),
  ];
}

/**
 * executeTxn of calls, as a dapp sends it.
 *
 * @param calls - The calls.
 * @returns The pending request.
 */
function send(calls: ReturnType<typeof poolCall>[]): ReturnType<typeof invoke> {
  return invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls,
  });
}

/**
 * Opens the confirmation of calls.
 *
 * @param calls - The calls.
 * @returns The request, its dialog and the dialog's text.
 */
async function confirmation(calls: ReturnType<typeof poolCall>[]): Promise<{
  pending: ReturnType<typeof invoke>;
  dialog: Awaited<ReturnType<typeof confirmationOf>>;
  shown: string;
}> {
  const pending = send(calls);
  const dialog = await confirmationOf(pending);
  return { pending, dialog, shown: textOf(dialog.content) };
}

/**
 * Approves a confirmation and waits for the transaction to succeed.
 *
 * @param opened - The opened confirmation.
 * @param opened.pending - The request.
 * @param opened.dialog - Its dialog.
 */
async function approveAndLand(opened: {
  pending: ReturnType<typeof invoke>;
  dialog: Awaited<ReturnType<typeof confirmationOf>>;
}): Promise<void> {
  await opened.dialog.ok();
  const { transaction_hash: hash } = await plainResultOf(opened.pending);
  expect((await receiptOf(real, hash)).execution_status).toBe('SUCCEEDED');
}

/**
 * Whether the snap sent a transaction.
 *
 * @returns Whether any addInvokeTransaction reached the node.
 */
function sentAny(): boolean {
  return front
    .seen()
    .some(({ method }) => method === 'starknet_addInvokeTransaction');
}

/**
 * A refusal: an error, with no dialog opened and nothing sent.
 *
 * @param calls - The calls.
 * @returns The error.
 */
async function refusalOf(
  calls: ReturnType<typeof poolCall>[],
): Promise<Awaited<ReturnType<typeof errorOf>>> {
  front.forget();
  // A dialog would keep the request waiting: it answers at once instead.
  const error = await errorOf(send(calls));
  expect(sentAny()).toBe(false);
  return error;
}

/**
 * Whether a call is `selector` on `contract`.
 *
 * @param call - A call the hostile node received.
 * @param contract - The contract.
 * @param selector - The selector.
 * @returns Whether it is.
 */
function isView(call: SeenCall, contract: string, selector: string): boolean {
  const params = call.params as {
    request?: { contract_address?: string; entry_point_selector?: string };
  };
  return (
    call.method === 'starknet_call' &&
    BigInt(params.request?.contract_address ?? '0x0') === BigInt(contract) &&
    BigInt(params.request?.entry_point_selector ?? '0x0') === BigInt(selector)
  );
}

const strk = (amount: bigint): string => `${formatUnits(amount, 18)} STRK`;

beforeAll(async () => {
  ({ real, front, wallet } = await startNamedChain());
  const validators = await strkValidators();
  const [one, two] = validators;
  if (!one || !two) {
    throw new Error('The local node announced fewer than two STRK pools');
  }
  first = one;
  second = two;
  await setName(real, { name: 'validator.stark', address: first.staker });
}, 300_000);

afterAll(async () => stopNamedChain({ real, front, wallet }));

afterEach(() => {
  front.clearScripts();
  front.forget();
});

/**
 * What a person reads in a dialog, in order (see readShown).
 *
 * @param content - The dialog's content.
 * @returns The lines' texts, a heading's prefixed with `# `.
 */
function linesOf(content: unknown): string[] {
  return readShown(content).map((line) =>
    line.kind === 'heading' ? `# ${line.text}` : line.text,
  );
}

/**
 * The STRK pool of a validator none of these tests stakes with (not the
 * first two, and not leaving).
 *
 * @returns The validator.
 */
async function untouchedValidator(): Promise<Validator> {
  for (const validator of await strkValidators()) {
    const [, , tag] = await view(STAKING, STAKING_SELECTORS.staker_info_v1, [
      validator.staker,
    ]);
    if (
      tag !== 0n &&
      validator.pool !== first.pool &&
      validator.pool !== second.pool
    ) {
      return validator;
    }
  }
  throw new Error('The local node has no third STRK pool that is staying');
}

describeLocal(
  'who gains from a stake, said in the title, the headline and a banner',
  () => {
    it("adds the user's STRK to another member's stake only after the dialog says that stake is not theirs: declined, nothing is sent; approved, it lands as said", async () => {
      // X enters the pool naming the user's account as its reward address,
      // which lets the user's account add to X's position.
      const stranger = predeployedAccount(real, 1);
      const member = normaliseAddress(stranger.address);
      const entered = await stranger.execute([
        {
          contractAddress: STRK,
          entrypoint: 'approve',
          calldata: [first.pool, toFelt(ONE_STRK), '0x0'],
        },
        poolCall(first.pool, 'enter_delegation_pool', [
          ACCOUNT,
          toFelt(ONE_STRK),
        ]),
      ]);
      expect(
        (await receiptOf(real, entered.transaction_hash)).execution_status,
      ).toBe('SUCCEEDED');
      const trick = [
        {
          contractAddress: STRK,
          entrypoint: 'approve',
          calldata: [first.pool, toFelt(5n * ONE_STRK), '0x0'],
        },
        poolCall(first.pool, 'add_to_delegation_pool', [
          member,
          toFelt(5n * ONE_STRK),
        ]),
      ];
      const notYours = `Adds 5 STRK to ${member}'s stake: that stake and its rewards are not yours`;
      front.forget();
      const declined = await confirmation(trick);
      const lines = linesOf(declined.dialog.content);
      expect(lines[0]).toBe(
        `# Adds 5 STRK to ${member.slice(0, 6)}…${member.slice(-4)}'s stake: that stake and its rewards are not yours`,
      );
      expect(
        lines.some((line) =>
          line.startsWith(
            `${notYours}. Stake 5 STRK with validator ${first.staker}`,
          ),
        ),
      ).toBe(true);
      const banner = lines.indexOf('# Danger');
      expect(lines[banner + 1]).toContain(`${notYours}.`);
      await declined.dialog.cancel();
      expect(await errorOf(declined.pending)).toMatchObject({ code: 4001 });
      expect(sentAny()).toBe(false);
      const before = await memberOf(first.pool, member);
      const approved = await confirmation(trick);
      expect(linesOf(approved.dialog.content)[0]).toContain('not yours');
      await approveAndLand(approved);
      expect((await memberOf(first.pool, member)).amount).toBe(
        before.amount + 5n * ONE_STRK,
      );
    });

    it('stakes with rewards to a stranger only after the dialog says where they go: declined, nothing is sent; approved, the pool records that address', async () => {
      const third = await untouchedValidator();
      const rewards = normaliseAddress(ALICE);
      const calls = [
        {
          contractAddress: STRK,
          entrypoint: 'approve',
          calldata: [third.pool, toFelt(2n * ONE_STRK), '0x0'],
        },
        poolCall(third.pool, 'enter_delegation_pool', [
          rewards,
          toFelt(2n * ONE_STRK),
        ]),
      ];
      const said = `Stakes 2 STRK for you; its rewards go to alice.stark (${rewards}), not to this account`;
      front.forget();
      const declined = await confirmation(calls);
      const lines = linesOf(declined.dialog.content);
      expect(lines[0]).toBe(
        '# Stakes 2 STRK for you; its rewards go to alice.stark, not to this account',
      );
      expect(
        lines.some((line) => line.startsWith(`${said}. Stake 2 STRK`)),
      ).toBe(true);
      expect(lines[lines.indexOf('# Danger') + 1]).toContain(said);
      await declined.dialog.cancel();
      expect(await errorOf(declined.pending)).toMatchObject({ code: 4001 });
      expect(sentAny()).toBe(false);
      await approveAndLand(await confirmation(calls));
      const info = await view(
        third.pool,
        POOL_SELECTORS.get_pool_member_info_v1,
        [ACCOUNT],
      );
      // Option::Some, then the member's reward address.
      expect(info.slice(0, 2)).toStrictEqual([0n, BigInt(rewards)]);
    });

    it("says nothing of strangers in the user's own stake: its title is the stake", async () => {
      const { pending, dialog } = await confirmation(
        stakeCalls(second.pool, ONE_STRK),
      );
      const lines = linesOf(dialog.content);
      expect(lines[0]).toBe(
        `# Stake 1 STRK with validator ${second.staker.slice(0, 6)}…${second.staker.slice(-4)} · commission ${formatUnits(second.commission, 2)} %`,
      );
      expect(lines).not.toContain('# Danger');
      await dialog.cancel();
      await errorOf(pending);
    });
  },
);

describeLocal("a dapp's staking calls, confirmed in words", () => {
  it('reads a stake with its approve, in the round trips of any transaction; declined, nothing is sent', async () => {
    front.forget();
    const { pending, dialog, shown } = await confirmation(
      stakeCalls(second.pool, 3n * ONE_STRK),
    );
    // Nonce and classes, then the simulation: the pool's reads ride both.
    expect(front.roundTrips()).toBe(2);
    expect(shown).toContain(
      `Stake 3 STRK with validator ${second.staker} · commission ${formatUnits(second.commission, 2)} %`,
    );
    expect(shown).toContain('Call 1 allows this pool exactly this amount');
    expect(shown).not.toContain('not a pool');
    // The raw call stays.
    expect(shown).toContain(POOL_SELECTORS.enter_delegation_pool);
    await dialog.cancel();
    expect(await errorOf(pending)).toMatchObject({ code: 4001 });
    expect(sentAny()).toBe(false);
  });

  it('stakes, with the validator named (read while the dialog is open) when its name resolves back; approved, the stake lands', async () => {
    const open = holdForwardLookups(front);
    const opened = await confirmation(stakeCalls(first.pool, 10n * ONE_STRK));
    const updated = opened.dialog.waitForUpdate();
    expect(opened.shown).toContain(
      `Stake 10 STRK with validator ${first.staker}`,
    );
    expect(opened.shown).toContain('Starknet ID name: checking…');
    open();
    expect(textOf((await updated).content)).toContain(
      'Starknet ID name: validator.stark (resolves to this address and back)',
    );
    await approveAndLand(opened);
    expect((await memberOf(first.pool)).amount).toBe(10n * ONE_STRK);
  });

  it('flags an approve larger than the stake', async () => {
    const { pending, dialog, shown } = await confirmation(
      stakeCalls(first.pool, ONE_STRK, 5n * ONE_STRK, 'add_to_delegation_pool'),
    );
    expect(shown).toContain('lets this pool spend more than this stake');
    await dialog.cancel();
    await errorOf(pending);
  });

  it('claims rewards once the chain has moved, about what the pool owes', async () => {
    await nodeRequest(real, 'devnet_increaseTime', { time: 3600 });
    await nodeRequest(real, 'devnet_createBlock', {});
    const opened = await confirmation([
      poolCall(first.pool, 'claim_rewards', [ACCOUNT]),
    ]);
    // The account's own rewards, to itself: its title, no other party.
    const lines = linesOf(opened.dialog.content);
    expect(lines[0]).toMatch(/^# Claim about [0-9.]+ STRK of rewards$/u);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Claim about [0-9.]+ STRK of rewards$/u),
    );
    await approveAndLand(opened);
  });

  it('unstakes with its wait, refuses a withdraw before it ends (saying when), and withdraws after', async () => {
    const opened = await confirmation([
      poolCall(first.pool, 'exit_delegation_pool_intent', [
        toFelt(4n * ONE_STRK),
      ]),
    ]);
    expect(opened.shown).toContain(
      'Unstake 4 STRK: withdraw after 5 minutes (at ',
    );
    expect(opened.shown).toContain('its wait starts again from now');
    await approveAndLand(opened);
    const withdraw = [
      poolCall(first.pool, 'exit_delegation_pool_action', [ACCOUNT]),
    ];
    const early = await refusalOf(withdraw);
    expect(early.code).toBe(-32602);
    expect(early.message).toContain('calls[0]');
    expect(early.message).toMatch(
      /the exit wait is not over: 4 STRK can be withdrawn from \d\d:\d\d UTC on \d{4}-\d\d-\d\d/u,
    );
    await nodeRequest(real, 'devnet_increaseTime', { time: 301 });
    await nodeRequest(real, 'devnet_createBlock', {});
    const late = await confirmation(withdraw);
    expect(late.shown).toContain('Withdraw 4 STRK');
    await approveAndLand(late);
    expect((await memberOf(first.pool)).unpool).toBe(0n);
  });

  it('moves part of a pending exit to another validator', async () => {
    await approveAndLand(
      await confirmation([
        poolCall(first.pool, 'exit_delegation_pool_intent', [
          toFelt(2n * ONE_STRK),
        ]),
      ]),
    );
    const opened = await confirmation([
      poolCall(first.pool, 'switch_delegation_pool', [
        second.staker,
        second.pool,
        toFelt(ONE_STRK),
      ]),
    ]);
    expect(opened.shown).toContain(`Move 1 STRK from ${first.staker}`);
    expect(opened.shown).toContain(`to ${second.staker}`);
    await approveAndLand(opened);
    expect((await memberOf(second.pool)).amount).toBe(ONE_STRK);
  });

  it('reads an unstake of zero as cancelling the pending exit', async () => {
    const { pending, dialog, shown } = await confirmation([
      poolCall(first.pool, 'exit_delegation_pool_intent', ['0x0']),
    ]);
    expect(shown).toContain('Cancel the pending exit');
    await dialog.cancel();
    await errorOf(pending);
  });
});

describeLocal('an outside execution to sign', () => {
  it("reads its pool calls in words too, the pool checked in the signing dialog's two round trips", async () => {
    const now = Math.floor(Date.now() / 1000);
    front.forget();
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: JSON.parse(
        JSON.stringify(
          outsideExecution.getTypedData(
            TESTNET,
            {
              caller: 'ANY_CALLER',
              execute_after: now - 600,
              execute_before: now + 3600,
            },
            '0x5a',
            [poolCall(second.pool, 'claim_rewards', [ACCOUNT])],
            '1',
          ),
        ),
      ),
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    expect(front.roundTrips()).toBe(2);
    expect(linesOf(dialog.content)).toContainEqual(
      expect.stringMatching(/^Claim about [0-9.]+ STRK of rewards$/u),
    );
    await dialog.cancel();
    expect(await errorOf(pending)).toMatchObject({ code: 4001 });
  });
});

describeLocal(
  'staking calls that cannot be done are refused before anything is signed',
  () => {
    it('refuses a stake of zero and one of more than the account holds', async () => {
      const zero = await refusalOf(stakeCalls(first.pool, 0n));
      expect(zero).toMatchObject({ code: -32602 });
      expect(zero.message).toContain('calls[1]');
      expect(zero.message).toContain('the amount is zero');
      const [balance] = await view(STRK, selectorOf('balance_of'), [ACCOUNT]);
      const tooMuch = await refusalOf(
        stakeCalls(first.pool, (balance ?? 0n) + 1n),
      );
      expect(tooMuch.message).toContain(
        `but the account holds ${strk(balance ?? 0n)}`,
      );
    });

    it('refuses an unstake of more than is staked', async () => {
      const { amount, unpool } = await memberOf(first.pool);
      const error = await refusalOf([
        poolCall(first.pool, 'exit_delegation_pool_intent', [
          toFelt(amount + unpool + 1n),
        ]),
      ]);
      expect(error.message).toContain(
        `but ${strk(amount + unpool)} is staked in this pool`,
      );
    });

    it('refuses a stake with the genesis validator that is leaving, saying so', async () => {
      const leaving: Validator[] = [];
      for (const validator of await strkValidators()) {
        // staker_info_v1: reward, operational, then Option<Timestamp> (0: Some).
        const [, , tag] = await view(
          STAKING,
          STAKING_SELECTORS.staker_info_v1,
          [validator.staker],
        );
        if (tag === 0n) {
          leaving.push(validator);
        }
      }
      const [gone] = leaving;
      if (!gone) {
        throw new Error(
          'The local node has no leaving validator with a STRK pool',
        );
      }
      const error = await refusalOf(stakeCalls(gone.pool, ONE_STRK));
      expect(error.code).toBe(-32602);
      expect(error.message).toContain(
        `validator ${gone.staker} is leaving the staking contract`,
      );
    });

    it('refuses on every path that signs or estimates calls, before the node is asked to send and before a paymaster is asked to build', async () => {
      // A stake of zero: refused whatever the account holds or staked.
      const zero = stakeCalls(first.pool, 0n);
      // A fee estimate.
      front.forget();
      const estimate = await errorOf(
        invoke(wallet, 'snapnet_estimateFee', {
          address: ACCOUNT_0.address,
          invocations: zero,
        }),
      );
      expect(estimate.code).toBe(-32602);
      expect(estimate.message).toContain('invocations[1]');
      expect(estimate.message).toContain('the amount is zero');
      // A signature of a transaction (nothing sent, nothing signed).
      const signed = await errorOf(
        invoke(wallet, 'snapnet_signTransaction', {
          address: ACCOUNT_0.address,
          transactions: zero,
        }),
      );
      expect(signed.code).toBe(-32602);
      expect(signed.message).toContain('transactions[1]');
      expect(signed.message).toContain('the amount is zero');
      // An outside execution to sign: refused, no dialog.
      const now = Math.floor(Date.now() / 1000);
      const outside = await errorOf(
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
                '0x5b',
                zero,
                '1',
              ),
            ),
          ),
          signerAddress: ACCOUNT_0.address,
        }),
      );
      expect(outside.code).toBe(-32602);
      expect(outside.message).toContain('typedDataMessage.message.calls[1]');
      expect(outside.message).toContain('the amount is zero');
      // Through the paymaster, its send and its estimate: refused before
      // the paymaster is asked to build.
      const sponsored = SPONSORED;
      const relayed = await errorOf(
        invoke(wallet, 'snapnet_executeTxn', {
          address: ACCOUNT_0.address,
          calls: zero,
          paymaster: sponsored,
        }),
      );
      expect(relayed.code).toBe(-32602);
      expect(relayed.message).toContain('calls[1]');
      expect(relayed.message).toContain('the amount is zero');
      const relayEstimate = await errorOf(
        invoke(wallet, 'snapnet_estimateFee', {
          address: ACCOUNT_0.address,
          invocations: zero,
          paymaster: sponsored,
        }),
      );
      expect(relayEstimate.code).toBe(-32602);
      expect(relayEstimate.message).toContain('the amount is zero');
      const asked = front.seen().map(({ method }) => method);
      expect(
        asked.filter((method) => method.startsWith('paymaster_')),
      ).toStrictEqual([]);
      expect(asked).not.toContain('starknet_addInvokeTransaction');
      // A stake the account can make is asked of the paymaster (its
      // estimate: whatever it answers, on a chain whose clock the tests moved).
      front.forget();
      await invoke(wallet, 'snapnet_estimateFee', {
        address: ACCOUNT_0.address,
        invocations: stakeCalls(first.pool, ONE_STRK),
        paymaster: sponsored,
      });
      expect(front.seen().map(({ method }) => method)).toContain(
        'paymaster_buildTransaction',
      );
    });

    it('refuses a stake with a validator the node says is leaving', async () => {
      // The node says the validator asked to leave (unstake_time set).
      front.script('starknet_call', (call, honest) => {
        if (!isView(call, STAKING, STAKING_SELECTORS.staker_info_v1)) {
          return undefined;
        }
        const felts = honest.result as string[];
        // reward, operational, then Option<Timestamp>: Some(…).
        return {
          result: [
            ...felts.slice(0, 2),
            '0x0',
            '0x7fffffff',
            ...felts.slice(3),
          ],
        };
      });
      const error = await refusalOf(stakeCalls(first.pool, ONE_STRK));
      expect(error.message).toContain(
        `validator ${first.staker} is leaving the staking contract`,
      );
    });
  },
);

describeLocal('a contract that is not a pool of the staking contract', () => {
  it('is marked, and its calls are not read as staking', async () => {
    const { pending, dialog, shown } = await confirmation([
      poolCall(STRK, 'enter_delegation_pool', [ACCOUNT, toFelt(ONE_STRK)]),
    ]);
    expect(shown).toContain("not a pool of Starknet's staking contract");
    expect(shown).not.toContain('Stake 1 STRK');
    await dialog.cancel();
    await errorOf(pending);
  });

  it("is marked when the node says a pool names a validator that does not list it (a stranger's pool)", async () => {
    front.script('starknet_call', (call, honest) => {
      if (!isView(call, first.pool, POOL_SELECTORS.contract_parameters_v1)) {
        return undefined;
      }
      const [, ...rest] = honest.result as string[];
      return { result: [second.staker, ...rest] };
    });
    const { pending, dialog, shown } = await confirmation(
      stakeCalls(first.pool, ONE_STRK, ONE_STRK, 'add_to_delegation_pool'),
    );
    expect(shown).toContain("not a pool of Starknet's staking contract");
    expect(shown).not.toContain('Stake 1 STRK');
    await dialog.cancel();
    await errorOf(pending);
  });

  it('is marked when the node says a validator lists a contract whose own parameters do not name it', async () => {
    // Every validator's pools, as the node claims them: the STRK token
    // contract, which has no pool parameters.
    front.script('starknet_call', (call) =>
      isView(call, STAKING, STAKING_SELECTORS.staker_pool_info)
        ? { result: ['0x0', '0x1f4', '0x1', STRK, STRK, '0x0'] }
        : undefined,
    );
    const { pending, dialog, shown } = await confirmation([
      poolCall(STRK, 'claim_rewards', [ACCOUNT]),
      poolCall(first.pool, 'claim_rewards', [ACCOUNT]),
    ]);
    expect(
      shown.split("not a pool of Starknet's staking contract"),
    ).toHaveLength(3);
    expect(shown).not.toContain('Claim about');
    await dialog.cancel();
    await errorOf(pending);
  });
});
