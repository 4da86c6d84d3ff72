import { assertForTheMember } from './send';
import { STRK } from '../../../test/fixtures';
import { normaliseAddress } from '../../keys/address';
import type { WalletCall } from '../../sender/intent';
import {
  addToPoolCalls,
  claimRewardsCall,
  enterPoolCalls,
  exitActionCall,
} from '../../staking/protocol';

const MEMBER = normaliseAddress('0xacc');
const STRANGER = normaliseAddress('0xbad5eed');
const POOL = normaliseAddress('0x9001');

/**
 * Calls as the sender takes them (the builders write hex felts).
 *
 * @param calls - The built calls.
 * @returns The same, typed as wallet calls.
 */
function asWalletCalls(
  calls: { contractAddress: string; entrypoint: string; calldata?: unknown }[],
): WalletCall[] {
  return calls.map(({ contractAddress, entrypoint, calldata }) => ({
    contractAddress,
    entrypoint,
    calldata: Array.isArray(calldata) ? calldata.map(String) : [],
  }));
}

describe("the Stake view's calls are the member's alone", () => {
  it('lets through what the view builds for the member', () => {
    for (const calls of [
      enterPoolCalls({
        token: STRK,
        pool: POOL,
        rewardAddress: MEMBER,
        amount: 5n,
      }),
      addToPoolCalls({ token: STRK, pool: POOL, member: MEMBER, amount: 5n }),
      [claimRewardsCall(POOL, MEMBER), exitActionCall(POOL, MEMBER)],
    ]) {
      expect(() =>
        assertForTheMember(asWalletCalls(calls), MEMBER),
      ).not.toThrow();
    }
  });

  it('refuses, naming the call, a stake for another member, rewards to a stranger, an allowance to a contract not called after it', () => {
    const cases: [WalletCall[], string][] = [
      [
        asWalletCalls(
          addToPoolCalls({
            token: STRK,
            pool: POOL,
            member: STRANGER,
            amount: 5n,
          }),
        ),
        'calls[1]',
      ],
      [
        asWalletCalls(
          enterPoolCalls({
            token: STRK,
            pool: POOL,
            rewardAddress: STRANGER,
            amount: 5n,
          }),
        ),
        'calls[1]',
      ],
      [
        asWalletCalls(
          enterPoolCalls({
            token: STRK,
            pool: STRANGER,
            rewardAddress: MEMBER,
            amount: 5n,
          }).reverse(),
        ),
        'calls[1]',
      ],
      [asWalletCalls([exitActionCall(POOL, STRANGER)]), 'calls[0]'],
    ];
    for (const [calls, field] of cases) {
      expect(() => assertForTheMember(calls, MEMBER)).toThrow(
        `Invalid params: ${field}: `,
      );
      expect(() => assertForTheMember(calls, MEMBER)).toThrow(STRANGER);
    }
  });
});
