import type { Plan } from './batchPlan';
import type { TokenShown } from './model';
import type { Network } from '../../config';
import { selectorOf } from '../../node/abi';
import { viewCall } from '../../node/calls';
import { checkedMetadata } from '../../node/tokenMetadata';
import type { Staking, WalletState } from '../../state/schema';

/**
 * How the Stake view writes each pool's token: as the wallet tracks it on
 * the network, or, for a pool token it does not track (a BTC wrapper), as
 * the token says (its decimals and symbol, read in the view's batch and
 * checked as a token the user adds is); a token that does not answer is
 * written by its address, its amounts in its smallest unit.
 */

/** The most untracked pool tokens read per showing. */
const MAX_UNTRACKED = 16;

/**
 * The tokens of the pools, and their reads for the untracked ones.
 *
 * @param state - The wallet state.
 * @param network - The network.
 * @param pools - The pools known.
 * @param batch - The batch the reads join.
 * @returns How to show each token once the batch answered.
 */
export function tokensShown(
  state: WalletState,
  network: Network,
  pools: Staking['pools'],
  batch: Plan,
): {
  shown: (
    answers: PromiseSettledResult<unknown>[],
  ) => (token: string) => TokenShown;
} {
  const tracked = new Map(
    state.tokens
      .filter(({ chainId }) => chainId === network.chainId)
      .map((token) => [token.address, token]),
  );
  const untracked = [...new Set(pools.map(({ token }) => token))]
    .filter((token) => !tracked.has(token))
    .slice(0, MAX_UNTRACKED)
    .map((token) => ({
      token,
      decimals: batch.add(viewCall(token, selectorOf('decimals'), [])),
      symbol: batch.add(viewCall(token, selectorOf('symbol'), [])),
    }));
  return {
    shown: (answers) => {
      const read = new Map<string, TokenShown>();
      for (const { token, decimals, symbol } of untracked) {
        const [decimalsAnswer, symbolAnswer] = [
          decimals(answers),
          symbol(answers),
        ];
        try {
          if (decimalsAnswer && symbolAnswer) {
            read.set(token, {
              address: token,
              ...checkedMetadata(token, decimalsAnswer, symbolAnswer),
            });
          }
        } catch {
          // A token that does not answer as an ERC-20 is written by address.
        }
      }
      return (token) =>
        tracked.get(token) ??
        read.get(token) ?? {
          address: token,
          symbol: `${token.slice(0, 6)}…${token.slice(-4)} (smallest unit)`,
          decimals: 0,
        };
    },
  };
}
