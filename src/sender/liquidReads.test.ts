import { liquidReads } from './liquidReads';
import type { LiquidFacts } from './liquidReads';
import { shownCall } from '../../test/shownCall';
import { STRK_ADDRESS, TESTNET_CHAIN_ID } from '../config';
import { InvalidInputError } from '../errors';
import { normaliseAddress } from '../keys/address';
import type { CallToShow } from '../protocol/calls';
import { selectorOf } from '../protocol/selectors';
import { LIQUID_STAKING } from '../staking/vault';

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const { vault: VAULT, queue: QUEUE } = LIQUID_STAKING[TESTNET_CHAIN_ID] ?? {
  vault: '',
  queue: '',
};
const ACCOUNT = normaliseAddress('0xacc');
const STRANGER = normaliseAddress('0xbad');
const ONE = 10n ** 18n;
const NOW = 1_800_000_000n;

const felt = (value: bigint): string => `0x${value.toString(16)}`;
const ok = (value: unknown): PromiseSettledResult<unknown> => ({
  status: 'fulfilled',
  value,
});
const failed: PromiseSettledResult<unknown> = {
  status: 'rejected',
  reason: new Error('no'),
};
const u256 = (value: bigint): PromiseSettledResult<unknown> =>
  ok([felt(value % 2n ** 128n), felt(value / 2n ** 128n)]);
const clock = ok({ blockNumber: 9, timestamp: Number(NOW) });

/**
 * A request as get_request_info answers it.
 *
 * @param request - Its fields.
 * @param request.assets - STRK it pays.
 * @param request.claimed - Whether it was claimed.
 * @param request.at - When it was made.
 * @param request.wait - The queue's wait.
 * @returns The answer.
 */
function requestAnswer(request: {
  assets: bigint;
  claimed?: boolean;
  at?: bigint;
  wait?: bigint;
}): PromiseSettledResult<unknown> {
  const at = request.at ?? NOW - 100n;
  return ok([
    felt(request.assets),
    '0x0',
    felt(request.assets - 1n),
    '0x0',
    request.claimed ? '0x1' : '0x0',
    felt(at),
    felt(at + (request.wait ?? 50n)),
    '0x0',
    '0x0',
  ]);
}

/**
 * The facts of calls, their answers given in the order they are asked.
 *
 * @param calls - The calls.
 * @param answers - Round one's answers.
 * @param later - Round two's answers.
 * @returns The facts.
 */
function factsOf(
  calls: CallToShow[],
  answers: PromiseSettledResult<unknown>[],
  later: PromiseSettledResult<unknown>[] = [],
): LiquidFacts | undefined {
  return liquidReads(TESTNET, calls, ACCOUNT)?.read(answers).read(later);
}

const deposit = (assets: bigint, receiver = ACCOUNT): CallToShow =>
  shownCall(VAULT, 'deposit', [assets, 0n, receiver]);
const redeem = (shares: bigint, owner = ACCOUNT): CallToShow =>
  shownCall(VAULT, 'redeem', [shares, 0n, ACCOUNT, owner]);
const claim = (id: bigint): CallToShow =>
  shownCall(QUEUE, 'claim_withdrawal', [id]);

/**
 * The refusal a transaction meets, if any.
 *
 * @param calls - The calls.
 * @param answers - Round one's answers.
 * @returns The refusal's message.
 */
function refusalOf(
  calls: CallToShow[],
  answers: PromiseSettledResult<unknown>[],
): string {
  try {
    factsOf(calls, answers);
  } catch (error) {
    if (error instanceof InvalidInputError) {
      return error.message;
    }
    throw error;
  }
  return 'not refused';
}

describe("Endur's liquid staking reads ride the first batch", () => {
  it('asks the clock, the balances, each preview, and for an unstake the queue state; round two reads the latest request for the wait', () => {
    const calls = [deposit(100n * ONE), redeem(10n * ONE)];
    const one = liquidReads(TESTNET, calls, ACCOUNT);
    const asked = one?.calls.map(({ method, params }) => ({ method, params }));
    expect(asked?.[0]).toStrictEqual({
      method: 'starknet_getBlockWithTxHashes',
      params: { block_id: 'pre_confirmed' },
    });
    expect(
      asked?.slice(1).map(({ params }) => {
        const { request } = params as {
          request: { contract_address: string; entry_point_selector: string };
        };
        return [request.contract_address, request.entry_point_selector];
      }),
    ).toStrictEqual([
      [STRK_ADDRESS, selectorOf('balance_of')],
      [VAULT, selectorOf('balance_of')],
      [VAULT, selectorOf('preview_deposit')],
      [VAULT, selectorOf('preview_redeem')],
      [QUEUE, selectorOf('get_queue_state')],
    ]);
    const two = one?.read([
      clock,
      u256(500n * ONE),
      u256(20n * ONE),
      u256(96n * ONE),
      u256(11n * ONE),
      ok(['0x7', '0x0', '0x0', '0x0', '0x0', '0x0', '0x0']),
    ]);
    expect(two?.calls).toHaveLength(2);
    const facts = two?.read([
      requestAnswer({ assets: ONE, wait: 7n * 86_400n }),
      failed,
    ]);
    expect(facts).toStrictEqual({
      vault: VAULT,
      queue: QUEUE,
      previews: new Map([
        [0, 96n * ONE],
        [1, 11n * ONE],
      ]),
      requests: new Map(),
      wait: 7n * 86_400n,
    });
  });

  it('reads a claimed request and its owner; nothing on a network a site added', () => {
    const facts = factsOf(
      [claim(42n)],
      [
        clock,
        failed,
        failed,
        requestAnswer({ assets: 5n * ONE }),
        ok([ACCOUNT]),
      ],
    );
    expect(facts?.requests.get(42n)).toStrictEqual({
      request: {
        assets: 5n * ONE,
        shares: 5n * ONE - 1n,
        claimed: false,
        requestedAt: NOW - 100n,
        claimableAt: NOW - 50n,
      },
      owner: BigInt(ACCOUNT),
    });
    expect(
      liquidReads(
        { ...TESTNET, addedBy: 'https://dapp.example' },
        [claim(1n)],
        ACCOUNT,
      ),
    ).toBeUndefined();
    expect(
      liquidReads(
        TESTNET,
        [shownCall(STRK_ADDRESS, 'transfer', [ACCOUNT, 1n, 0n])],
        ACCOUNT,
      ),
    ).toBeUndefined();
  });

  it("reads nothing, but gives the facts, for Endur's own entry points on another contract", () => {
    const one = liquidReads(
      TESTNET,
      [shownCall(STRANGER, 'claim_withdrawal', [1n])],
      ACCOUNT,
    );
    expect(one?.calls).toStrictEqual([]);
    expect(one?.read([]).read([])).toStrictEqual({
      vault: VAULT,
      queue: QUEUE,
      previews: new Map(),
      requests: new Map(),
    });
  });
});

describe('calls that cannot be done are refused before signing', () => {
  it('refuses zero, and more than the account holds (counting the calls before)', () => {
    expect(
      refusalOf([deposit(0n)], [clock, u256(ONE), u256(ONE), u256(0n)]),
    ).toContain('the amount is zero');
    expect(
      refusalOf(
        [deposit(60n * ONE), deposit(50n * ONE)],
        [clock, u256(100n * ONE), u256(0n), u256(1n), u256(1n)],
      ),
    ).toBe(
      `Invalid params: calls[1]: deposit on Endur's xSTRK vault ${VAULT}: stakes 50 STRK but the account holds 40 STRK. Nothing was signed.`,
    );
    expect(
      refusalOf(
        [redeem(3n * ONE)],
        [clock, u256(0n), u256(2n * ONE), u256(1n), failed],
      ),
    ).toContain('unstakes 3 xSTRK but the account holds 2 xSTRK');
    // Another owner's xSTRK: its allowance decides, not the account's balance.
    expect(
      refusalOf(
        [redeem(3n * ONE, STRANGER)],
        [clock, u256(0n), u256(0n), u256(1n), failed],
      ),
    ).toBe('not refused');
    // Balances not read: nothing to refuse with.
    expect(refusalOf([deposit(ONE)], [clock, failed, failed, failed])).toBe(
      'not refused',
    );
  });

  it("refuses a claim of another's request, of one claimed, of none, or before it is ready (saying when)", () => {
    const answers = (
      request: PromiseSettledResult<unknown>,
      owner = ACCOUNT,
    ): PromiseSettledResult<unknown>[] => [
      clock,
      failed,
      failed,
      request,
      ok([owner]),
    ];
    expect(
      refusalOf([claim(7n)], answers(requestAnswer({ assets: ONE }), STRANGER)),
    ).toContain(
      `withdrawal request #7 is not this account's: it belongs to ${STRANGER}`,
    );
    expect(
      refusalOf(
        [claim(7n)],
        answers(requestAnswer({ assets: ONE, claimed: true })),
      ),
    ).toContain('withdrawal request #7 was already claimed');
    expect(refusalOf([claim(7n)], answers(failed))).toContain(
      'the queue has no withdrawal request #7',
    );
    expect(
      refusalOf(
        [claim(7n)],
        answers(requestAnswer({ assets: 2n * ONE, at: NOW, wait: 86_400n })),
      ),
    ).toBe(
      `Invalid params: calls[0]: claim_withdrawal on Endur's withdrawal queue ${QUEUE}: withdrawal request #7 is not ready: its 2 STRK can be claimed from 08:00 UTC on 2027-01-16. Nothing was signed.`,
    );
    expect(
      refusalOf([claim(7n)], answers(requestAnswer({ assets: ONE }))),
    ).toBe('not refused');
  });
});
