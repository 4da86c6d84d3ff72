import { requestView } from './access';
import type { WalletContext } from './context';
import type { Network } from '../config';
import { tokenLogo } from '../content/logo';
import { InvalidInputError } from '../errors';
import { tokenMetadata } from '../node/tokenMetadata';
import type { TokenRecord } from '../state/schema';
import { updateState } from '../state/store';
import { lookalikeOf } from '../state/tokens';
import { symbolKey } from '../text';
import { verifiedTokensOf } from '../tokens/verified';
import { confirmAddToken } from '../ui/dialogs';

/** A token a site proposes to track, as it describes it. */
export type TokenProposal = {
  /** The account the site shows the token for, if it named one. */
  address?: string | undefined;
  tokenAddress: string;
  tokenName: string;
  tokenSymbol: string;
  tokenDecimals?: number | undefined;
  tokenLogo?: string | undefined;
};

/**
 * Tracks a token once the chain confirms it is one and the user agrees (see
 * snapnet_addErc20Token): decimals must match the chain's, a different
 * symbol or a look-alike of a tracked token is flagged in the dialog.
 *
 * @param context - Who asks.
 * @param network - The network.
 * @param proposal - The token as the site describes it.
 * @returns The token as stored.
 */
export async function addToken(
  context: WalletContext,
  network: Network,
  proposal: TokenProposal,
): Promise<TokenRecord> {
  const { tokens } = await context.state();
  const tracked = tokens.find(
    (token) =>
      token.chainId === network.chainId &&
      token.address === proposal.tokenAddress,
  );
  if (tracked) {
    throw new InvalidInputError(
      'tokenAddress',
      `${tracked.symbol} (${proposal.tokenAddress}) is already in the wallet on ${network.name}`,
    );
  }
  const onChain = await tokenMetadata(
    context.node(network),
    proposal.tokenAddress,
  );
  if (
    proposal.tokenDecimals !== undefined &&
    proposal.tokenDecimals !== onChain.decimals
  ) {
    throw new InvalidInputError(
      'tokenDecimals',
      `${proposal.tokenDecimals} differs from the token's ${onChain.decimals} decimals on chain`,
    );
  }
  const logo = await tokenLogo(proposal.tokenAddress, proposal.tokenLogo);
  const token: TokenRecord = {
    address: proposal.tokenAddress,
    name: proposal.tokenName,
    symbol: proposal.tokenSymbol,
    decimals: onChain.decimals,
    chainId: network.chainId,
    ...(logo.uri ? { logo: logo.uri } : {}),
  };
  // A verified token (src/tokens) counts as known even when not tracked.
  const verified = verifiedTokensOf(network.chainId).map((entry) => ({
    ...entry,
    chainId: network.chainId,
  }));
  const imitated = lookalikeOf(token, [...tokens, ...verified]);
  await confirmAddToken({
    request: await requestView(
      context,
      network,
      proposal.address ?? proposal.tokenAddress,
    ),
    token,
    logo,
    ...(onChain.symbol === proposal.tokenSymbol
      ? {}
      : {
          warning: `The site calls this token ${proposal.tokenSymbol}, but the contract says its symbol is "${onChain.symbol}".`,
        }),
    ...(imitated
      ? {
          danger: `${verified.includes(imitated) ? "The wallet's verified list has" : 'Your wallet already has'} a token called ${imitated.symbol} (${imitated.name}) at ${imitated.address}. This is another contract with the same ${symbolKey(imitated.symbol) === symbolKey(token.symbol) ? 'symbol' : 'name'}: tokens that copy another's name are a common way to deceive.`,
        }
      : {}),
  });
  await updateState((state) => {
    if (
      !state.tokens.some(
        (existing) =>
          existing.chainId === token.chainId &&
          existing.address === token.address,
      )
    ) {
      state.tokens.push(token);
    }
  });
  return token;
}
