import type { Plan } from './batchPlan';
import type { TokenShown } from './model';
import type { Network } from '../../config';
import { viewCall } from '../../node/calls';
import { checkedMetadata } from '../../node/tokenMetadata';
import { selectorOf } from '../../protocol/selectors';
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

/** Reads of the metadata of pool tokens the wallet does not track. */
export type TokenReads = {
  /** What the tokens answered, once their batch did. */
  read: (answers: PromiseSettledResult<unknown>[]) => Map<string, TokenShown>;
};

/**
 * Adds to a batch the metadata reads of the untracked tokens of pools.
 *
 * @param state - The wallet state.
 * @param network - The network.
 * @param pools - The pools.
 * @param batch - The batch the reads join.
 * @returns Their reads.
 */
export function tokenReads(
  state: WalletState,
  network: Network,
  pools: Staking['pools'],
  batch: Plan,
): TokenReads {
  const untracked = [...new Set(pools.map(({ token }) => token))]
    .filter((token) => trackedToken(state, network, token) === undefined)
    .slice(0, MAX_UNTRACKED)
    .map((token) => ({
      token,
      decimals: batch.add(viewCall(token, selectorOf('decimals'), [])),
      symbol: batch.add(viewCall(token, selectorOf('symbol'), [])),
    }));
  return {
    read: (answers): Map<string, TokenShown> => {
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
      return read;
    },
  };
}

/**
 * A token as the wallet tracks it on a network.
 *
 * @param state - The wallet state.
 * @param network - The network.
 * @param token - The token.
 * @returns It, if tracked.
 */
function trackedToken(
  state: WalletState,
  network: Network,
  token: string,
): TokenShown | undefined {
  return state.tokens.find(
    ({ chainId, address }) => chainId === network.chainId && address === token,
  );
}

/**
 * How each token is written: tracked, or as it answered, or by address.
 *
 * @param state - The wallet state.
 * @param network - The network.
 * @param read - What untracked tokens answered.
 * @returns The writer.
 */
export function tokenWriter(
  state: WalletState,
  network: Network,
  read: Map<string, TokenShown>,
): (token: string) => TokenShown {
  return (token) =>
    trackedToken(state, network, token) ??
    read.get(token) ?? {
      address: token,
      symbol: `${token.slice(0, 6)}…${token.slice(-4)} (smallest unit)`,
      decimals: 0,
    };
}
