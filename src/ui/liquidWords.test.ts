import { describeCalls } from './decodeCalls';
import type { CallView } from './dialogInputs';
import { shownCall } from '../../test/shownCall';
import { TESTNET_CHAIN_ID } from '../config';
import { normaliseAddress } from '../keys/address';
import type { CallToShow } from '../protocol/calls';
import type { LiquidFacts } from '../sender/liquidReads';
import { LIQUID_STAKING } from '../staking/vault';

const { vault: VAULT, queue: QUEUE } = LIQUID_STAKING[TESTNET_CHAIN_ID] ?? {
  vault: '',
  queue: '',
};
const ACCOUNT = normaliseAddress('0xacc');
const STRANGER = normaliseAddress('0xbad');
const ONE = 10n ** 18n;

const FACTS: LiquidFacts = {
  vault: VAULT,
  queue: QUEUE,
  previews: new Map([[0, 968n * 10n ** 17n]]),
  requests: new Map([
    [
      42n,
      {
        request: {
          assets: 516n * 10n ** 17n,
          shares: 50n * ONE,
          claimed: false,
          requestedAt: 1n,
          claimableAt: 2n,
        },
        owner: BigInt(ACCOUNT),
      },
    ],
  ]),
  wait: 7n * 86_400n,
};

/**
 * The first call as the dialog shows it.
 *
 * @param call - The call.
 * @param facts - The liquid staking facts.
 * @returns The call's view.
 */
function shown(
  call: CallToShow,
  facts: LiquidFacts = FACTS,
): CallView | undefined {
  const [view] = describeCalls([call], {
    tokens: [],
    account: ACCOUNT,
    chainAbis: new Map(),
    liquid: facts,
  }).calls;
  return view;
}

describe("Endur's liquid staking in words", () => {
  it('says a stake, an unstake and a claim as the issue words them, read from the calldata and the facts', () => {
    expect(
      shown(shownCall(VAULT, 'deposit', [100n * ONE, 0n, ACCOUNT]))?.headline,
    ).toBe('Stake 100 STRK with Endur for about 96.8 xSTRK (to this account)');
    expect(
      shown(shownCall(VAULT, 'redeem', [50n * ONE, 0n, ACCOUNT, ACCOUNT]), {
        ...FACTS,
        previews: new Map([[0, 516n * 10n ** 17n]]),
      })?.headline,
    ).toBe(
      'Unstake 50 xSTRK: about 51.6 STRK claimable after about 7 days (to this account)',
    );
    const claim = shown(shownCall(QUEUE, 'claim_withdrawal', [42n]));
    expect(claim?.headline).toBe('Claim withdrawal #42: 51.6 STRK');
    expect(claim?.decoded?.source).toBe('liquid');
    expect(claim?.danger).toBeUndefined();
  });

  it('says what was not read: no preview, no wait', () => {
    expect(
      shown(shownCall(VAULT, 'redeem', [ONE, 0n, ACCOUNT, ACCOUNT]), {
        ...FACTS,
        previews: new Map(),
        wait: undefined,
      })?.headline,
    ).toBe(
      "Unstake 1 xSTRK: STRK claimable after the queue's wait (to this account)",
    );
  });

  it('names a stranger receiver first with a danger, and a stranger owner with its own', () => {
    const toStranger = shown(shownCall(VAULT, 'deposit', [ONE, 0n, STRANGER]));
    expect(toStranger?.headline).toMatch(
      new RegExp(`^Sends the xSTRK to ${STRANGER}\\. Stake 1 STRK`, 'u'),
    );
    expect(toStranger?.danger).toContain(STRANGER);
    const ofStranger = shown(
      shownCall(VAULT, 'withdraw', [ONE, 0n, ACCOUNT, STRANGER]),
    );
    expect(ofStranger?.headline).toContain(`xSTRK of ${STRANGER}`);
    expect(ofStranger?.danger).toContain(
      `The xSTRK unstaked is ${STRANGER}'s, not this account's`,
    );
  });

  it("marks Endur's own entry points on another contract, and calldata that does not read", () => {
    const fake = shown(
      shownCall(STRANGER, 'deposit_with_referral', [
        ONE,
        0n,
        ACCOUNT,
        0n,
        0n,
        0n,
      ]),
    );
    expect(fake?.danger).toContain(
      "This contract is not Endur's xSTRK vault nor its withdrawal queue on this network",
    );
    const malformed = shown(shownCall(VAULT, 'deposit', [ONE, 0n]));
    expect(malformed?.rawReason).toContain(
      "does not read as this entry point's inputs on Endur's contract (deposit: it ends before receiver)",
    );
    // Another vault's ERC-4626 deposit is not marked: the name is shared.
    expect(
      shown(shownCall(STRANGER, 'deposit', [ONE, 0n, ACCOUNT]))?.danger,
    ).toBeUndefined();
  });
});
